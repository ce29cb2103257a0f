// The .vsix as a user gets it: installed with `--install-extension` into a fresh profile, then
// loaded by VS Code like any installed extension (production mode: no test hooks, no test-only
// command arguments). Anything the package lacks (a bundle, a chunk loaded on demand, an icon,
// the request schema, a translation) shows here and nowhere else: every other suite runs the
// extension from the repository.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../src/extension';
import type { LookupResult } from '../../src/features/lookup/lookupCommand';

const EXTENSION_ID = 'exchange-tx.exchange-tx';

interface Contributes {
  commands?: { command: string; icon?: unknown }[];
  views?: Record<string, { id: string; icon?: string }[]>;
  viewsContainers?: Record<string, { id: string; icon?: string }[]>;
  jsonValidation?: { url: string }[];
}

interface Manifest {
  version: string;
  main: string;
  l10n?: string;
  contributes: Contributes;
}

/** The repository's package.json: what the package must carry (this file runs from out/test/packaged/). */
const repoManifest = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
) as Manifest;

function installed(): vscode.Extension<ExchangeTxApi> {
  const extension = vscode.extensions.getExtension<ExchangeTxApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in this profile`);
  return extension;
}

async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`the packaged ${EXTENSION_ID}, installed from its .vsix`, () => {
  before(() => {
    console.log(`    VS Code ${vscode.version} (${vscode.env.appName}), extension at ${installed().extensionPath}`);
  });

  it('is the installed copy (in the fresh profile), of this version, not the repository', () => {
    const extension = installed();
    const extensionsDir = process.env.EXCHANGE_TX_TEST_EXTENSIONS_DIR;
    assert.ok(extensionsDir, "the runner names the profile's extensions folder");
    assert.equal(path.dirname(fs.realpathSync(extension.extensionPath)), fs.realpathSync(extensionsDir));
    assert.equal((extension.packageJSON as Manifest).version, repoManifest.version);
  });

  it('carries every file its manifest points at', () => {
    const root = installed().extensionPath;
    const manifest = installed().packageJSON as Manifest;
    const files = [
      manifest.main,
      ...Object.values(manifest.contributes.viewsContainers ?? {})
        .flat()
        .map((c) => c.icon),
      ...Object.values(manifest.contributes.views ?? {})
        .flat()
        .map((v) => v.icon),
      ...(manifest.contributes.jsonValidation ?? []).map((j) => j.url),
      ...(manifest.l10n ? [path.join(manifest.l10n, 'bundle.l10n.json')] : []),
      'package.nls.json',
    ].filter((file): file is string => typeof file === 'string');
    const missing = files.filter((file) => !fs.existsSync(path.join(root, file)));
    assert.deepEqual(missing, [], 'files the manifest names are missing from the package');
  });

  it("carries every file of the webview's build (the page may load any of them)", () => {
    const built = path.resolve(__dirname, '..', '..', '..', 'dist', 'webview');
    const expected = fs
      .readdirSync(built)
      .filter((file) => !file.endsWith('.map'))
      .sort();
    assert.ok(expected.includes('pairLimits.js'), 'the repository has a webview build');
    assert.deepEqual(fs.readdirSync(path.join(installed().extensionPath, 'dist', 'webview')).sort(), expected);
  });

  it('ships no source maps (docs/testing.md says why)', () => {
    const root = installed().extensionPath;
    const maps = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    assert.deepEqual(maps, []);
  });

  it('activates, in production mode', async () => {
    const extension = installed();
    const api = await extension.activate();
    assert.equal(extension.isActive, true);
    assert.equal(api.testHooks, undefined, 'test hooks are handed out only when the extension runs its own tests');
  });

  it('registers every command of its manifest', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (repoManifest.contributes.commands ?? []).map((c) => c.command);
    assert.ok(contributed.length >= 30, `only ${contributed.length} commands in the manifest`);
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
      'commands of the manifest with no handler',
    );
  });

  it('shows its Transactions view, filled from its built-in sandbox', async () => {
    const api = await installed().activate();
    await vscode.commands.executeCommand('workbench.view.extension.exchangeTx');
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await eventually(() => api.transactions.view.view.visible, 'the Transactions view to be visible');
    await vscode.commands.executeCommand('exchangeTx.transactions.refresh');
    await eventually(() => api.transactions.list.records().length > 0, 'transactions from the sandbox in the view');
    assert.equal(api.environment.kind, 'sandbox');
  });

  it('looks a sandbox transaction up with Get Transaction Status…', async () => {
    const api = await installed().activate();
    // A settled one: its status cannot move between the list and the lookup.
    const record = api.transactions.list.records().find((r) => r.status === 'finished');
    assert.ok(record, 'the view has a finished transaction');
    const result = await vscode.commands.executeCommand<LookupResult>('exchangeTx.getStatus', record.id, {
      silent: true,
    });
    assert.equal(result.error, undefined);
    assert.equal(result.id, record.id);
    assert.equal(result.record?.id, record.id);
    assert.equal(result.status, 'finished');
    assert.equal(result.message?.severity, 'info');
  });
});
