import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

interface Manifest {
  publisher: string;
  name: string;
  version: string;
  main: string;
}

/** The repository's package.json (this file runs from out/test/integration/suite/). */
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const extensionId = `${manifest.publisher}.${manifest.name}`;

function ourExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(extensionId);
  assert.ok(extension, `${extensionId} is not among the extensions of this host`);
  return extension;
}

describe('extension activation', () => {
  before(() => {
    const ui = vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop';
    console.log(
      `    VS Code ${vscode.version} (${vscode.env.appName}, ${ui} UI, remote: ${vscode.env.remoteName ?? 'none'})`,
    );
  });

  it(`finds ${extensionId} loaded from this repository, running the bundle`, () => {
    const extension = ourExtension();
    const json = extension.packageJSON as Partial<Manifest>;
    assert.equal(json.version, manifest.version);
    assert.equal(fs.realpathSync(extension.extensionPath), fs.realpathSync(repoRoot));
    assert.equal(path.normalize(manifest.main), path.normalize('./dist/extension.js'));
    assert.ok(fs.existsSync(path.join(extension.extensionPath, manifest.main)), `${manifest.main} is not built`);
  });

  it('activates without error', async () => {
    const extension = ourExtension();
    // Rejects if the extension's activate() throws or its module fails to load.
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('does no network work on activation: no sandbox started, no request sent, the status bar says sandbox', async () => {
    const api = (await ourExtension().activate()) as {
      environment: { kind: string };
      sandboxHost: { sandbox: unknown };
      log: { recent: readonly string[] };
    };
    assert.equal(api.sandboxHost.sandbox, undefined, 'the sandbox starts on first need, not on activation');
    assert.equal(api.environment.kind, 'sandbox');
    assert.ok(!api.log.recent.some((line) => line.includes('[request]')), 'no request was logged');
  });

  it("receives the runner's environment (EXCHANGE_TX_TEST_*)", () => {
    const host = process.env.EXCHANGE_TX_TEST_HOST;
    assert.ok(host === 'server' || host === 'electron', `EXCHANGE_TX_TEST_HOST is ${host ?? 'not set'}`);
    // The server host is VS Code's web workbench on a remote (code-server); the electron host is desktop.
    assert.equal(vscode.env.uiKind, host === 'server' ? vscode.UIKind.Web : vscode.UIKind.Desktop);
  });
});
