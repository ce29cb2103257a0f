// The rules the `packaged` step holds the files of the .vsix to (test/runner/shippedFiles.ts):
// what the manifest needs must be there, and nothing of the sources, tests, developer docs,
// source maps or keys may be.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { requiredFiles, shippedFileProblems } from '../runner/shippedFiles';
import type { ShippedManifest } from '../runner/shippedFiles';

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as ShippedManifest;

/** A package as `vsce ls` lists it today: what the manifest names and the page. */
const good = [...requiredFiles(manifest), 'dist/webview/codicon.css', 'dist/webview/codicon.ttf', 'media/icon.svg'];

describe('files the .vsix carries', () => {
  it('needs what the manifest names: main, the MCP server, the agent guide, icon, activity-bar icon, walkthrough pictures, schema, the details language, translations, and the README, changelog and licence', () => {
    const required = requiredFiles(manifest);
    for (const file of [
      'dist/extension.js',
      'dist/mcp.js',
      'media/agents/exchange-tx/SKILL.md',
      'media/icon.png',
      'media/exchange-tx.svg',
      'media/walkthrough/sandbox-dark.png',
      'media/walkthrough/account-light.png',
      'schemas/exchange-request.schema.json',
      'syntaxes/exchange-tx-record.tmLanguage.json',
      'syntaxes/exchange-tx-record.language-configuration.json',
      'l10n/bundle.l10n.json',
      'package.json',
      'package.nls.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
    ]) {
      assert.ok(required.includes(file), file);
    }
    // Each named file exists in the repository (a wrong path in the manifest shows here first).
    for (const file of required.filter((f) => !f.startsWith('dist/')))
      assert.ok(fs.existsSync(path.join(root, file)), `${file} exists`);
  });

  it('accepts a package that carries what is needed and nothing else', () => {
    assert.deepEqual(shippedFileProblems(good, manifest), []);
    // vsce on Windows lists with backslashes.
    assert.deepEqual(
      shippedFileProblems(
        good.map((f) => f.replace(/\//g, '\\')),
        manifest,
      ),
      [],
    );
  });

  it('says which needed file is missing', () => {
    for (const file of [
      'dist/extension.js',
      'dist/mcp.js',
      'media/agents/exchange-tx/SKILL.md',
      'media/icon.png',
      'media/walkthrough/hover-light.png',
      'l10n/bundle.l10n.json',
      'LICENSE',
      'CHANGELOG.md',
    ]) {
      assert.deepEqual(
        shippedFileProblems(
          good.filter((f) => f !== file),
          manifest,
        ),
        [`${file} is missing (the extension needs it)`],
        file,
      );
    }
  });

  it('refuses what must not ship, saying why', () => {
    const cases: [string, RegExp][] = [
      ['dist/extension.js.map', /source map/],
      ['dist/mcp.js.map', /source map/],
      ['src/extension.ts', /source, tests or build output/],
      ['test/unit/manifest.test.ts', /source, tests or build output/],
      ['out/test/runner/runPackaged.js', /source, tests or build output/],
      ['scripts/renderIcons.ts', /source, tests or build output/],
      ['packages/sandbox/src/server.ts', /another product/],
      ['packages/sandbox/README.md', /another product/],
      ['docs/sandbox.md', /developer documentation/],
      ['CONTRIBUTING.md', /developer documentation/],
      ['node_modules/valibot/package.json', /node_modules/],
      ['.vscode-test/code-server-4.100.3/package.json', /test hosts/],
      ['.test-output/unit.log', /test hosts/],
      ['media/screenshots/details.png', /README's pictures/],
      ['.env', /a key/],
      ['sandbox.env', /a key/],
      ['sandbox-key.hex', /a key/],
      ['keys/live.pem', /a key/],
      ['ledger.json', /a key/],
      ['exchange-tx-0.1.0.vsix', /a package/],
    ];
    for (const [file, why] of cases) {
      const problems = shippedFileProblems([...good, file], manifest);
      assert.equal(problems.length, 1, `${file}: ${problems.join('; ')}`);
      assert.match(
        problems[0] ?? '',
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} must not ship: `),
        file,
      );
      assert.match(problems[0] ?? '', why, file);
    }
  });

  it('refuses a file no rule lets in', () => {
    for (const file of [
      'dist/sandbox.js',
      'dist/bench.js',
      'stryker.config.json',
      'esbuild.js',
      'tsconfig.json',
      'media/walkthrough/notes.txt',
    ]) {
      assert.deepEqual(
        shippedFileProblems([...good, file], manifest),
        [`${file} is not among the files a package may carry (test/runner/shippedFiles.ts)`],
        file,
      );
    }
  });
});
