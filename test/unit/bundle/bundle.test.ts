/**
 * The extension's production bundle: one CommonJS file, dist/extension.js, that requires vscode
 * (the host's API, never bundled), with axios built for Node. test/unit/mcp/mcpBundle.test.ts holds
 * that the MCP SDK is not in it.
 */
import { strict as assert } from 'assert';
import { productionBuild, sourcesOf } from './productionBuild';
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

  it('bundles axios for Node, from its sources with its http adapter, never a browser build', () => {
    const sources = sourcesOf(build, ['dist/extension.js']);
    assert.ok(sources.includes('node_modules/axios/lib/adapters/http.js'), "axios's Node adapter is bundled");
    assert.deepEqual(
      sources.filter((source) => source.startsWith('node_modules/axios/dist/')),
      [],
    );
  });
});
