/**
 * The extension's production bundle: one CommonJS file, dist/extension.js, that requires vscode
 * (the host's API, never bundled). test/unit/mcp/mcpBundle.test.ts holds that the MCP SDK is not in it.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { productionBuild, repoRoot, sourcesOf } from './productionBuild';
import type { ProductionBuild } from './productionBuild';

describe('production bundle', function () {
  this.timeout(120_000);
  let build: ProductionBuild;
  before(() => {
    build = productionBuild();
  });

  it('the extension is one file, dist/extension.js, which requires vscode from the host', () => {
    const main = build.outputs['dist/extension.js'];
    assert.ok(main, 'dist/extension.js was built');
    const imports = main.imports.filter((i) => !i.external);
    assert.deepEqual(imports, [], 'it loads no other file of the build');
    assert.ok(main.imports.some((i) => i.external && i.path === 'vscode'));
    assert.deepEqual(
      sourcesOf(build, ['dist/extension.js']).filter((source) => /node_modules\/(@types\/)?vscode\//.test(source)),
      [],
    );
  });

  it('the .vsix takes the extension', () => {
    const kept = fs
      .readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    assert.ok(kept.includes('!dist/extension.js'));
  });
});
