/**
 * The MCP SDK (with zod and ajv) is in the MCP server's own file only: the extension's bundle,
 * which VS Code loads, carries just the provider that names that file.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { productionBuild, repoRoot, sourcesOf } from '../bundle/productionBuild';

const SDK_PARTS = ['node_modules/@modelcontextprotocol/', 'node_modules/zod/', 'node_modules/ajv/', 'src/mcp/'];

describe('MCP server bundle', function () {
  this.timeout(120_000);

  it('dist/mcp.js holds the server with the SDK; no file of the extension holds any of it', () => {
    const build = productionBuild();
    const server = sourcesOf(build, ['dist/mcp.js']);
    for (const part of [
      'node_modules/@modelcontextprotocol/sdk/',
      'src/mcp/server.ts',
      'src/agents/index.ts',
      'src/api/client.ts',
    ]) {
      assert.ok(
        server.some((source) => source.startsWith(part)),
        `dist/mcp.js holds ${part}`,
      );
    }
    const shipped = sourcesOf(build, ['dist/extension.js']);
    assert.deepEqual(
      shipped.filter((source) => SDK_PARTS.some((part) => source.startsWith(part))),
      [],
    );
    assert.ok(shipped.includes('src/features/agentRegistration/mcpProvider.ts'), 'the provider is in the extension');
  });

  it("the .vsix takes dist/mcp.js (the provider runs it from the extension's folder)", () => {
    const kept = fs
      .readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    assert.ok(kept.includes('!dist/mcp.js'));
    assert.ok(kept.includes('!package.json'), 'beside it, the manifest it reads its version from');
  });
});
