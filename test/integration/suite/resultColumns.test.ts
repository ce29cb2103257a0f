// Where results open: every command that opens one (answers, History, details, Explain
// Signature, Diagnose Keys), run again and again, with the focus moved into the result column as a
// reader's click moves it, reuses one result column: never more than two editor groups. Explain
// Signature and Diagnose Keys open rendered, as the Markdown preview, not as '#' source lines.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { ANSWER_SCHEME, MARKDOWN_PREVIEW_EDITOR } from '../../../src/features/requests/answerDocuments';
import type { SendResult } from '../../../src/features/requests/requestSender';
import { clearHistory, extensionApi, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const tabs = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs);

/** The tab showing `uri`, as a text editor or as a custom editor (the Markdown preview). */
function tabOf(uri: vscode.Uri): vscode.Tab | undefined {
  return tabs().find(
    (tab) =>
      (tab.input instanceof vscode.TabInputText || tab.input instanceof vscode.TabInputCustom) &&
      tab.input.uri.toString() === uri.toString(),
  );
}

describe('result columns: one beside the request, reused', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let request: vscode.TextDocument;
  let id = '';

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    const sandbox = await useBuiltInSandbox(api);
    id = sandbox.ledger.visible()[0]?.id ?? '';
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    request = (await api.openRequest(`${JSON.stringify({ method: 'getStatus', params: { id } }, null, 2)}\n`)).document;
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await clearHistory(api);
    await resetEnvironment(api);
  });

  const send = () =>
    vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', request.uri, 0, { silent: true });
  const commands: Readonly<Record<string, () => Thenable<unknown>>> = {
    sendRequest: send,
    sendRequestAsWritten: () =>
      vscode.commands.executeCommand('exchangeTx.sendRequestAsWritten', request.uri, 0, { silent: true }),
    explainSignature: () =>
      vscode.commands.executeCommand('exchangeTx.explainSignature', request.uri, 0, { silent: true }),
    diagnoseKeys: () => vscode.commands.executeCommand('exchangeTx.diagnoseKeys'),
    'history.openAnswer': async () =>
      vscode.commands.executeCommand('exchangeTx.history.openAnswer', (await send()).entry?.id),
    'history.resend': async () => vscode.commands.executeCommand('exchangeTx.history.resend', (await send()).entry?.id),
    showDetails: () => vscode.commands.executeCommand('exchangeTx.showDetails', id, { silent: true }),
  };

  for (const [name, run] of Object.entries(commands)) {
    it(`${name}, three times, with the focus in the result column: at most two editor groups`, async () => {
      await vscode.window.showTextDocument(request, { viewColumn: vscode.ViewColumn.One });
      for (let round = 1; round <= 3; round++) {
        await run();
        assert.ok(
          vscode.window.tabGroups.all.length <= 2,
          `${name} #${round}: ${vscode.window.tabGroups.all.length} editor groups`,
        );
        // A reader clicks into the result: the next command starts from there.
        await vscode.commands.executeCommand('workbench.action.focusLastEditorGroup');
      }
      assert.ok(tabOf(request.uri), 'the request is still open');
    });
  }

  it('Explain Signature and Diagnose Keys open as the rendered Markdown preview, not as source', async () => {
    await vscode.window.showTextDocument(request, { viewColumn: vscode.ViewColumn.One });
    const results: Readonly<Record<string, () => Thenable<{ uri?: vscode.Uri; text?: string }>>> = {
      'the explanation': () =>
        vscode.commands.executeCommand('exchangeTx.explainSignature', request.uri, 0, { silent: true }),
      'the diagnosis': () => vscode.commands.executeCommand('exchangeTx.diagnoseKeys'),
    };
    // One at a time: each replaces the one before in the result column (both open as previews).
    for (const [what, run] of Object.entries(results)) {
      const { uri, text } = await run();
      assert.ok(uri && text, `${what} was made`);
      assert.match(text, /^(#|>) /m, `${what} is Markdown`);
      const tab = tabOf(uri);
      assert.ok(tab, `${what} is shown`);
      assert.ok(tab.input instanceof vscode.TabInputCustom, `${what} is shown in a custom editor, not as text`);
      assert.equal(tab.input.viewType, MARKDOWN_PREVIEW_EDITOR, `${what} is the Markdown preview`);
      assert.equal(uri.scheme, ANSWER_SCHEME, `${what} is a virtual, read-only document`);
      assert.ok(
        !vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === uri.toString()),
        `${what} is not shown as source`,
      );
    }
  });
});
