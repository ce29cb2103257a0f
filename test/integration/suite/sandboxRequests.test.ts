/**
 * The Sandbox Requests view in a real extension host: a request from another process (a signer
 * written here with Node's crypto that signs the body pretty-printed and sends it compact) shows
 * in the view as it arrives; its document shows the diagnosis; Copy as Request Document's text,
 * sent with the extension's Send, is accepted; the extension's own requests show only when asked.
 */
import { strict as assert } from 'assert';
import { execFile } from 'child_process';
import * as vscode from 'vscode';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { ExchangeTxApi } from '../../../src/extension';
import type { SendResult } from '../../../src/features/requests/requestSender';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

/** A backend's call to $URL/v2 with the PEM key in $KEY: signed pretty-printed, sent compact. */
const BACKEND = `
const c = require('crypto');
const key = c.createPrivateKey(process.env.KEY);
const der = c.createPublicKey(key).export({ format: 'der', type: 'pkcs1' });
const call = { jsonrpc: '2.0', id: 'b1', method: 'getStatus', params: { id: process.env.ID } };
const signature = c.sign('sha256', Buffer.from(JSON.stringify(call, null, 2)), key).toString('base64');
fetch(process.env.URL + '/v2', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    'User-Agent': 'my-backend/1.0',
    'X-Api-Key': c.createHash('sha256').update(der).digest('base64'),
    'X-Api-Signature': signature,
  },
  body: JSON.stringify(call),
}).then((answer) => console.log(answer.status));
`;

function runNode(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', script],
      { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

describe('Sandbox Requests view', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  beforeEach(async () => {
    api.watch.stopAll();
    sandbox = await useBuiltInSandbox(api);
    await vscode.commands.executeCommand('exchangeTx.sandboxRequests.clear');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await resetEnvironment(api);
  });

  it("shows another process's request as it arrives, its diagnosis, and sends it again signed right", async () => {
    let redraws = 0;
    const counting = api.journal.onDidChangeTreeData(() => (redraws += 1));
    const { credentials } = await api.sandboxHost.start();
    const id = sandbox.ledger.visible()[0]?.id ?? '';
    const pem = credentials.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    let row: JournalEntry | undefined;
    try {
      // Clear redraws once; then only a request can.
      await vscode.commands.executeCommand('exchangeTx.sandboxRequests.clear');
      await eventually(() => redraws > 0, 'the redraw of the clear');
      const before = redraws;
      assert.equal((await runNode(BACKEND, { KEY: pem, URL: sandbox.url, ID: id })).trim(), '401');
      await eventually(() => {
        row = api.journal.getChildren().find((entry) => entry.client === 'my-backend/1.0');
        return row !== undefined && redraws > before;
      }, 'the request in the view, redrawn');
    } finally {
      counting.dispose();
    }
    assert.ok(row);
    const item = api.journal.getTreeItem(row);
    assert.match(item.label as string, /^\d\d:\d\d:\d\d {2}getStatus$/);
    assert.match(item.description as string, /^401 unauthorized · \d+ ms · \S+…\S+$/);
    assert.match(item.tooltip as string, /signature-other-bytes: .*pretty-printed/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'lock');

    const uri = await vscode.commands.executeCommand<vscode.Uri>('exchangeTx.sandboxRequests.showRequest', row);
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown?.uri.toString(), uri.toString());
    assert.match(shown?.getText() ?? '', /^Diagnosis\nsignature-other-bytes: /m);

    const body = await vscode.commands.executeCommand<string>('exchangeTx.sandboxRequests.copyBody', row);
    assert.equal(body, JSON.stringify({ jsonrpc: '2.0', id: 'b1', method: 'getStatus', params: { id } }));
    const text = await vscode.commands.executeCommand<string>('exchangeTx.sandboxRequests.copyAsRequest', row);
    assert.equal(await vscode.env.clipboard.readText(), text);
    const request = (await api.openRequest(text)).document;
    const sent = await vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', request.uri, 0, {
      silent: true,
    });
    assert.equal(sent.outcome, 'result', sent.problem ?? sent.text);
    const own = sandbox.requests[sandbox.requests.length - 1];
    assert.deepEqual([own?.method, own?.outcome, own?.params], ['getStatus', 'ok', { id }]);

    // The extension's own request shows only when asked.
    const shownSeqs = () => api.journal.getChildren().map((entry) => entry.seq);
    assert.ok(!shownSeqs().includes(own?.seq ?? 0), 'hidden by default');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.sandboxRequests.toggleOwn'), true);
    try {
      assert.equal(shownSeqs()[0], own?.seq, 'newest first');
    } finally {
      await vscode.commands.executeCommand('exchangeTx.sandboxRequests.toggleOwn');
    }

    // A document of the same seq at another time (a sandbox started again) is not this entry's.
    const other = await vscode.workspace.openTextDocument(api.journal.uriOf(row).with({ query: `${row.timeMs + 1}` }));
    assert.match(other.getText(), /no longer in the sandbox's journal/);

    await vscode.commands.executeCommand('exchangeTx.sandboxRequests.clear');
    assert.deepEqual([sandbox.requests.length, api.journal.getChildren().length], [0, 0]);
  });
});
