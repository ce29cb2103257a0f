import { strict as assert } from 'assert';
import { execFile } from 'child_process';
import { createHash, verify } from 'crypto';
import * as vscode from 'vscode';
import { loadCredentials, signBody } from '../../../src/api';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { ExchangeTxApi } from '../../../src/extension';
import type { SendResult } from '../../../src/features/requests/requestSender';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import {
  addAccount,
  answering,
  clearHistory,
  eventually,
  extensionApi,
  resetEnvironment,
  screenshot,
} from '../support/extension';
import { ACCOUNT_ENV } from '../../../src/shared/connectionNames';
import { startLocalServer } from '../../unit/api/localServer';
import { useBuiltInSandbox } from '../support/lookupHelpers';
import { HistoryTree } from '../../../src/features/requests/historyView';

const silent = { silent: true };

async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return lenses.map((lens) => lens.command?.title ?? '');
}

function openTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs);
}

/** An answer's text with its wrapped header lines joined again (each further line of one starts `//   `). */
const unwrapped = (text: string | undefined): string => (text ?? '').replace(/\n\/\/ {3}/g, ' ');

describe('request documents', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;
  const firstId = (s: Sandbox) => s.ledger.visible()[0]?.id ?? '';
  /** What reached a sandbox, for a failure's message. */
  const seen = (s: Sandbox): string =>
    s.requests.map((r) => `${r.httpMethod} ${r.path} ${r.method ?? '-'} ${r.outcome}`).join('; ');

  const open = async (value: unknown): Promise<vscode.TextDocument> =>
    (await api.openRequest(`${JSON.stringify(value, null, 2)}\n`)).document;
  const send = (document: vscode.TextDocument, index = 0): Thenable<SendResult> =>
    vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', document.uri, index, silent);
  const sendAsWritten = (document: vscode.TextDocument, index = 0): Thenable<SendResult> =>
    vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequestAsWritten', document.uri, index, silent);

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
  });
  beforeEach(async () => {
    // No watch from an earlier test (New Transaction watches what it creates): a watch's polls
    // reach the sandbox it was made on, even while an account is in use, and would take the
    // faults queued here and add to the requests counted here.
    api.watch.stopAll();
    sandbox = await useBuiltInSandbox(api);
    sandbox.clearRequests();
    await clearHistory(api);
  });
  afterEach(async () => {
    sandbox.setFaults({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(() => resetEnvironment(api));

  it('shows the CodeLenses above each request, naming where Send goes, and Send as Written only where the checks would refuse', async () => {
    const document = await open([
      { method: 'getStatus', params: { id: firstId(sandbox) } },
      { method: 'getTransactions', params: { limit: 1000 } },
      { params: {} },
    ]);
    assert.match(document.uri.path, /\.exchange\.json$/);
    await eventually(async () => (await lensTitles(document.uri)).length >= 8, 'the lenses');
    const titles = await lensTitles(document.uri);
    assert.equal(titles.filter((t) => t === '$(play) Send to Sandbox').length, 2);
    assert.equal(titles.filter((t) => t === 'Send as Written').length, 1, 'above the request with a problem only');
    const lenses =
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
    const asWritten = lenses.find((lens) => lens.command?.title === 'Send as Written');
    assert.equal(
      asWritten?.range.start.line,
      document.positionAt(document.getText().indexOf('"getTransactions"')).line - 1,
      'above getTransactions',
    );
    assert.match(asWritten?.command?.tooltip ?? '', /skipping the schema and parameter checks/);
    assert.equal(titles.filter((t) => t === 'Copy as…').length, 2);
    assert.equal(titles.filter((t) => t === '$(key) Signature').length, 2);
    assert.ok(titles.includes('$(warning) This request has no "method".'));
  });

  it('sends a request to the sandbox and opens its answer beside it, read-only, with the headers redacted', async () => {
    const id = firstId(sandbox);
    const document = await open({ method: 'getStatus', params: { id } });
    const result = await send(document);
    assert.equal(result.sent, true);
    assert.equal(result.outcome, 'result');
    const status = sandbox.ledger.statusOf(id) ?? '';
    assert.ok(result.text?.includes(`"result": "${status}"`), result.text);
    assert.match(unwrapped(result.text), /^\/\/ getStatus → HTTP 200 in \d+ ms/);
    assert.match(
      unwrapped(result.text),
      new RegExp(`^// Sandbox · ${sandbox.url.replace('http://', '').replace(/\./g, '\\.')}$`, 'm'),
    );
    assert.match(
      unwrapped(result.text),
      /^\/\/ X-Api-Key: \S{6}…\S{4}\n\/\/ X-Api-Signature: \S{6}…\S{4}\n\/\/ Key and signature shown as fingerprints\.$/m,
    );
    await eventually(
      () => vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === result.uri?.toString()),
      'the answer beside the request',
    );
    const answer = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === result.uri?.toString());
    assert.equal(answer?.document.languageId, 'jsonc');
    assert.equal(answer?.document.getText(), result.text);
    assert.equal(sandbox.requests.length, 1);
    assert.equal(sandbox.requests[0]?.method, 'getStatus');
    assert.equal(sandbox.requests[0]?.outcome, 'ok');
  });

  it('sends the request under the cursor when called as the keybinding does (no arguments)', async () => {
    const document = await open([
      { method: 'getStatus', params: { id: firstId(sandbox) } },
      { method: 'getTransactions', params: { limit: 2 } },
    ]);
    const editor = await vscode.window.showTextDocument(document);
    const at = document.positionAt(document.getText().indexOf('getTransactions'));
    editor.selection = new vscode.Selection(at, at);
    const result = await vscode.commands.executeCommand<SendResult>(
      'exchangeTx.sendRequest',
      undefined,
      undefined,
      silent,
    );
    assert.equal(result.outcome, 'result');
    assert.equal(sandbox.requests.length, 1);
    assert.equal(sandbox.requests[0]?.method, 'getTransactions');
  });

  it("checks locally first, sends nothing, and offers Send as Written, which reaches the sandbox's own -32602", async () => {
    const document = await open({ method: 'getTransactions', params: { limit: 1000 } });
    const refused = await send(document);
    assert.equal(refused.sent, false);
    assert.match(refused.problem ?? '', /limit/);
    const message = api.requests.messages.lastMessage;
    assert.match(message?.text ?? '', /^Not sent: [^\n]*limit/);
    assert.ok((message?.text.length ?? 0) < 200, `one line: ${message?.text ?? ''}`);
    assert.deepEqual(
      message?.actions.map((a) => a.command),
      ['exchangeTx.sendRequestAsWritten'],
    );
    assert.equal(sandbox.requests.length, 0, 'nothing reached the sandbox');

    const written = await sendAsWritten(document);
    assert.equal(written.outcome, 'error -32602');
    assert.match(unwrapped(written.text), /^\/\/ Error -32602: Parameter limit is invalid$/m);
    assert.match(unwrapped(written.text), /^\/\/ Meaning: The service refused the parameter "limit"\.$/m);
    assert.equal(sandbox.requests.length, 1);
  });

  it('decodes every kind of answer: unknown method, internal error, HTTP 5xx, not JSON, no answer in time', async () => {
    const unknown = await sendAsWritten(await open({ method: 'noSuchMethod', params: {} }));
    assert.equal(unknown.outcome, 'error -32601');
    assert.match(unwrapped(unknown.text), /does not know this method/);

    const document = await open({ method: 'getTransactions', params: { limit: 1 } });
    sandbox.setFaults({ next: ['internalError'] });
    assert.match(unwrapped((await send(document)).text), /^\/\/ Meaning: A fault on the service's side\.$/m);
    sandbox.setFaults({ next: ['http502'] });
    const bad = await send(document);
    assert.equal(bad.outcome, 'HTTP 502');
    assert.match(unwrapped(bad.text), /The service failed \(HTTP 502\)/);
    sandbox.setFaults({ next: ['nonJson'] });
    const html = await send(document);
    assert.equal(html.outcome, 'HTTP 200');
    assert.match(unwrapped(html.text), /The answer is not JSON/);
    const restore = await vscode.workspace.getConfiguration('exchangeTx').get('requestTimeoutSeconds');
    await vscode.workspace
      .getConfiguration('exchangeTx')
      .update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      await api.environment.refresh();
      sandbox.setFaults({ next: ['hang'] });
      const hang = await send(document);
      assert.equal(hang.sent, true);
      assert.equal(hang.outcome, 'timeout', `the sandbox saw: ${seen(sandbox)}`);
      assert.match(unwrapped(hang.text), /no answer/);
    } finally {
      await vscode.workspace
        .getConfiguration('exchangeTx')
        .update('requestTimeoutSeconds', restore === 15 ? undefined : restore, vscode.ConfigurationTarget.Global);
    }
  });

  it('shows an answer nested 100,000 levels deep as it arrived, with its status and why: not as no answer', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const server = await startLocalServer(({ request, res }) => {
      const { id } = JSON.parse(request.body.toString('utf8')) as { id: unknown };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${deep}}`);
    });
    try {
      await addAccount({
        name: 'Deep',
        baseUrl: server.url,
        privateKey: registeredKeys().privateKeyHex,
        activate: true,
      });
      await eventually(() => api.environment.kind === 'live', 'the account in use');
      const result = await send(await open({ method: 'getTransactions', params: { limit: 1 } }));
      assert.equal(result.sent, true);
      assert.equal(result.outcome, 'result');
      const lines = unwrapped(result.text).split('\n');
      assert.match(lines[0] ?? '', /^\/\/ getTransactions → HTTP 200 in \d+ ms/);
      assert.ok(
        lines.includes(
          '// The answer nests arrays and objects deeper than 64 levels: it is shown as it arrived, not pretty-printed.',
        ),
        lines.join('\n'),
      );
      assert.ok(result.text?.endsWith(`"result":${deep}}\n`), 'the answer as it arrived');
      assert.ok(!result.text?.includes('no answer'));
      await eventually(
        () => vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === result.uri?.toString()),
        'the answer beside the request',
      );
      const answer = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === result.uri?.toString());
      assert.equal(answer?.document.languageId, 'plaintext');
      assert.equal(api.requests.history.entries[0]?.outcome, 'result');
    } finally {
      await resetEnvironment(api);
      await server.close();
    }
  });

  it('does not read a request document over 1 MiB: one lens and one warning say so, and sending is refused', async () => {
    const words =
      'This request document is larger than 1 MiB: requests are not read from it. Split it into smaller documents.';
    const document = (
      await api.openRequest(`[${'{"method": "getStatus", "params": {"id": "abc"}},\n'.repeat(25_000)}{}]\n`)
    ).document;
    await eventually(async () => (await lensTitles(document.uri)).length > 0, 'the lens');
    assert.deepEqual(await lensTitles(document.uri), [`$(warning) ${words}`]);
    await eventually(
      () => vscode.languages.getDiagnostics(document.uri).some((d) => d.source === 'Exchange Tx'),
      'the warning',
    );
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Exchange Tx');
    assert.deepEqual(
      ours.map((d) => [d.message, d.severity, d.range.start.line, d.range.start.character]),
      [[words, vscode.DiagnosticSeverity.Warning, 0, 0]],
    );
    const refused = await send(document);
    assert.deepEqual(refused, { sent: false, problem: words });
    assert.equal(api.requests.messages.lastMessage?.text, words);
    assert.equal(sandbox.requests.length, 0, 'nothing was sent');
  });

  it('says so when a request on its way is ended because where requests go changed (never silent); nothing is kept', async () => {
    const document = await open({ method: 'getStatus', params: { id: firstId(sandbox) } });
    sandbox.setFaults({ next: ['hang'] });
    const before = api.requests.messages.lastMessage;
    const pending = send(document);
    await eventually(() => sandbox.requests.some((r) => r.method === 'getStatus'), 'the request at the sandbox');
    // The sandbox restarts as a reload does: the client of the request on its way is ended.
    await api.environment.restartSandbox();
    const result = await pending;
    assert.deepEqual(result, { sent: false, problem: 'cancelled' });
    const said = api.requests.messages.lastMessage;
    assert.notEqual(said, before);
    assert.equal(said?.severity, 'warning');
    assert.match(
      said?.text ?? '',
      /^getStatus to Sandbox was not sent: where requests go changed while it was on its way/,
    );
    assert.equal(api.requests.history.entries.length, 0, 'no History entry for what got no answer');
    sandbox = await useBuiltInSandbox(api);
  });

  it('keeps a History: newest first, opened again, sent again with the same bytes, compared, cleared', async () => {
    const id = firstId(sandbox);
    const first = await send(await open({ method: 'getStatus', params: { id } }));
    // Said whole when not sent (seen once in a full run, after the account tests before it).
    assert.equal(first.sent, true, `${JSON.stringify(first)} ${api.requests.messages.lastMessage?.text ?? ''}`);
    const second = await send(await open({ method: 'getTransactions', params: { limit: 1 } }));
    assert.equal(second.sent, true, `${JSON.stringify(second)} ${api.requests.messages.lastMessage?.text ?? ''}`);
    const entries = api.requests.history.entries;
    assert.deepEqual(
      entries.map((e) => e.method),
      ['getTransactions', 'getStatus'],
    );
    assert.equal(entries[1]?.id, first.entry?.id);
    assert.equal(entries[0]?.answer, second.text);
    // The built-in sandbox's key, API key and every signature it received: none is kept.
    const secrets = [...(api.testHooks?.sandboxSecrets.keys() ?? [])];
    assert.ok(secrets.length >= 3, "the sandbox's secrets are known to the test");
    assert.ok(
      entries.every((e) => secrets.every((secret) => !e.request.includes(secret) && !e.answer.includes(secret))),
      'no key or signature in the History',
    );

    const opened = await vscode.commands.executeCommand<vscode.Uri>('exchangeTx.history.openAnswer', entries[1]);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), opened.toString());
    assert.equal(vscode.window.activeTextEditor?.document.getText(), first.text);

    sandbox.clearRequests();
    const again = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: entries[1]?.id });
    assert.equal(again.outcome, 'result');
    assert.equal(again.entry?.request, first.entry?.request, 'the same bytes as before');
    assert.equal(sandbox.requests.length, 1);
    assert.equal(api.requests.history.entries.length, 3);
    // Two entries of getStatus, the same params, sent seconds apart: the view tells them apart.
    const tree = new HistoryTree(api.requests.history);
    try {
      const rows = tree.getChildren().map((e) => tree.getTreeItem(e));
      const labelOf = (row: vscode.TreeItem | undefined) =>
        typeof row?.label === 'string' ? row.label : (row?.label?.label ?? '');
      const statusRows = rows.filter((row) => labelOf(row).startsWith('getStatus · '));
      assert.equal(statusRows.length, 2, rows.map(labelOf).join(', '));
      assert.notEqual(
        labelOf(statusRows[0]),
        labelOf(statusRows[1]),
        'the labels differ (time, or a number when sent the same second)',
      );
      assert.equal(statusRows[0]?.description, 'result', 'the outcome (where it went and the params: in the tooltip)');
      const tooltip = statusRows[0]?.tooltip;
      assert.ok(
        tooltip instanceof vscode.MarkdownString && tooltip.value.includes('Sandbox') && tooltip.value.includes(id),
        'where it went and the params, in the tooltip',
      );
    } finally {
      tree.dispose();
    }

    const compared = await vscode.commands.executeCommand<boolean>('exchangeTx.history.compare', entries[0], [
      entries[0],
      entries[1],
    ]);
    assert.equal(compared, true);
    await eventually(
      () => openTabs().some((t) => t.input instanceof vscode.TabInputTextDiff),
      'a diff of the two answers',
    );

    assert.equal(await clearHistory(api), true);
    assert.equal(api.requests.history.entries.length, 0);
  });

  it('a forged history entry passed by another extension is looked up by id, never used as given', async () => {
    const result = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', {
      id: 'forged',
      request: '{"method":"getStatus"}',
      method: 'getStatus',
    });
    assert.equal(result.sent, false);
    assert.equal(sandbox.requests.length, 0);
  });

  it('sends to the active account through its client, and the lens says so', async () => {
    const keys = registeredKeys();
    const service = await startSandbox({
      onSignature: noteSignature,
      ledgerSize: 5,
      keys: [{ publicKeyBase64: keys.publicKeyBase64 }],
    });
    try {
      await addAccount({ name: 'Staging', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
      await eventually(() => api.environment.kind === 'live', 'the account in use');
      const document = await open({ method: 'getStatus', params: { id: firstId(service) } });
      await eventually(
        async () => (await lensTitles(document.uri)).includes('$(play) Send to Staging'),
        'the lens naming the account',
      );
      const result = await send(document);
      assert.equal(result.outcome, 'result');
      assert.match(unwrapped(result.text), /^\/\/ Staging · 127\.0\.0\.1:\d+$/m);
      assert.equal(service.requests.length, 1);
      assert.equal(sandbox.requests.length, 0, `nothing went to the built-in sandbox (it saw: ${seen(sandbox)})`);
      assert.equal(api.requests.history.entries[0]?.environment, 'live');
    } finally {
      await resetEnvironment(api);
      await service.stop();
    }
  });

  it('marks bad params with the schema before sending, and warns (only) about an unknown method', async () => {
    const document = await open([
      { method: 'getTransactions', params: { limit: 500, currency: ['BTC'], since: 123 } },
      { method: 'getPairsParams', params: { from: 'btc', to: 'eth' } },
      { method: 'getStatuss', params: { id: 'a' } },
    ]);
    const diagnostics = (): vscode.Diagnostic[] => vscode.languages.getDiagnostics(document.uri);
    // The JSON language service marks schema problems as warnings (its default severity).
    const problems = () => diagnostics().filter((d) => d.source !== 'Exchange Tx');
    await eventually(() => problems().length >= 5, "the schema's diagnostics", 15_000).catch((error: unknown) => {
      throw new Error(
        `${String(error)}: ${JSON.stringify(diagnostics().map((d) => [d.severity, d.message, d.source]))}`,
      );
    });
    const text = document.getText();
    const at = (needle: string) => document.positionAt(text.indexOf(needle));
    const errorAt = (needle: string) => problems().some((d) => d.range.contains(at(needle)));
    assert.ok(errorAt('500'), 'limit above 100');
    assert.ok(errorAt('"BTC"'), 'an uppercase ticker');
    assert.ok(errorAt('123'), 'since of fewer than 16 digits');
    assert.ok(
      problems().some(
        (d) =>
          /Expected "array"/.test(d.message) &&
          d.range.start.line > at('getPairsParams').line &&
          d.range.start.line < at('getStatuss').line,
      ),
      'getPairsParams params not an array',
    );
    assert.ok(
      problems().some((d) => /deprecated/.test(d.message)),
      'getPairsParams is deprecated',
    );
    const unknown = diagnostics().filter((d) => d.range.contains(at('"getStatuss"').translate(0, 1)));
    assert.deepEqual(
      unknown.map((d) => [d.severity, d.source]),
      [[vscode.DiagnosticSeverity.Warning, 'Exchange Tx']],
      'an unknown method: our warning only',
    );
    assert.match(unknown[0]?.message ?? '', /Unknown method 'getStatuss' \(did you mean 'getStatus'\?\)/);
    const refused = await send(document, 0);
    assert.equal(refused.sent, false, "the schema's problems keep it from being sent");
    assert.match(refused.problem ?? '', /below the minimum/);
    // Said in one line: the first problem, how many more, and where to see them all.
    const said = api.requests.messages.lastMessage;
    assert.match(
      said?.text ?? '',
      /^Not sent: line 5 \("limit": 500\): Value is above the maximum of 100\. \(and \d+ more problems\)$/,
      said?.text,
    );
    assert.deepEqual(
      said?.actions.map((a) => a.command),
      ['workbench.actions.view.problems', 'exchangeTx.sendRequestAsWritten'],
    );
    assert.equal(sandbox.requests.length, 0);
    const unknownSent = await send(document, 2);
    assert.equal(unknownSent.outcome, 'error -32601', 'an unknown method is sent, and the service says what it thinks');
  });

  it('completes a property with `"name": ` and offers its values; says in words what an amount should be', async () => {
    const { document } = await api.openRequest('{\n  "method": "getTransactions",\n  "params": {\n    \n  }\n}\n');
    const completions = async (position: vscode.Position): Promise<vscode.CompletionItem[]> =>
      (
        await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          document.uri,
          position,
        )
      )?.items ?? [];
    const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);
    let status: vscode.CompletionItem | undefined;
    await eventually(
      async () =>
        (status = (await completions(new vscode.Position(3, 4))).find((item) => label(item) === 'status')) !==
        undefined,
      'the status property offered',
      15_000,
    );
    const insert =
      status?.insertText instanceof vscode.SnippetString ? status.insertText.value : String(status?.insertText);
    assert.match(insert, /^"status": \$1/, insert);
    assert.equal(status?.command?.command, 'editor.action.triggerSuggest', 'the values are offered next');
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(new vscode.Position(3, 4), '"status": '));
    const values = (await completions(new vscode.Position(3, 14))).map(label);
    for (const value of ['"waiting"', '"finished"', '"overdue"'])
      assert.ok(values.includes(value), `${value} in ${values.join(', ')}`);

    const amounts = await open({ method: 'getExchangeAmount', params: { from: 'btc', to: 'eth', amountFrom: 0.1 } });
    const words = 'Expected an amount as a string, e.g. "0.1" (a JSON number would lose digits).';
    await eventually(
      () => vscode.languages.getDiagnostics(amounts.uri).some((d) => d.message === words),
      'the amount said in words',
      15_000,
    ).catch((error: unknown) => {
      throw new Error(
        `${String(error)}: ${JSON.stringify(vscode.languages.getDiagnostics(amounts.uri).map((d) => d.message))}`,
      );
    });
    assert.ok(!vscode.languages.getDiagnostics(amounts.uri).some((d) => d.message.startsWith('Incorrect type')));
  });

  it('makes a new request from the template of an operation, which the sandbox answers', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('exchangeTx.newRequest', 'getTransactions');
    assert.equal(uri.scheme, 'untitled');
    assert.match(uri.path, /request-\d+\.exchange\.json$/);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.ok(document);
    assert.equal((JSON.parse(document.getText()) as { method: string }).method, 'getTransactions');
    const result = await send(document);
    assert.equal(result.outcome, 'result', result.text);
  });

  it("shows a request, its answer and the History together (the README's screenshot)", async () => {
    // getStatus with an id of its own: an answer whose every line fits its half of a 1400 px
    // window (getTransactions' addresses and a generated id would run past it in the picture).
    const document = await open({ id: 1, method: 'getStatus', params: { id: firstId(sandbox) } });
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    await send(await open({ method: 'getTransactions', params: { currency: 'btc', limit: 2 } }));
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const result = await send(document);
    assert.equal(result.outcome, 'result');
    await vscode.commands.executeCommand('exchangeTx.history.focus');
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    await vscode.commands.executeCommand('notifications.clearAll');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await screenshot('request-answer');
    assert.equal(api.requests.history.entries.length, 2);
  });

  it('opens a transaction as a request document', async () => {
    const id = firstId(sandbox);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('exchangeTx.openAsRequest', id);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.ok(document);
    const requests = JSON.parse(document.getText()) as { method: string; params: unknown }[];
    assert.deepEqual(requests, [
      { method: 'getStatus', params: { id } },
      { method: 'getTransactions', params: { id: [id], limit: 1 } },
    ]);
    const result = await send(document, 1);
    assert.equal(result.outcome, 'result');
    assert.match(unwrapped(result.text), new RegExp(`"id": "${id}"`));
  });
});

describe('request documents: Copy as…, Explain Signature, Diagnose Keys', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  const keys = registeredKeys();
  const credentials = loadCredentials(keys.privateKeyHex);
  const pem = credentials.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    service = await startSandbox({ onSignature: noteSignature, ledgerSize: 5, keys: [credentials] });
    await addAccount({ name: 'Partner', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
    await eventually(() => api.environment.kind === 'live', 'the account in use');
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  after(async () => {
    await resetEnvironment(api);
    await service.stop();
  });

  const request = async () =>
    (
      await api.openRequest(
        `${JSON.stringify({ method: 'getStatus', params: { id: service.ledger.visible()[0]?.id } }, null, 2)}\n`,
      )
    ).document;

  it('copies a Node snippet that holds neither the key nor a signature, and that the service accepts when run', async () => {
    const document = await request();
    // The kinds, then where the snippet reads the key: the account's variable.
    const picks = ['Node.js (18 or later)', `From the environment variable ${ACCOUNT_ENV.privateKey}`];
    const text = await answering({ picks }, () =>
      vscode.commands.executeCommand<string>('exchangeTx.copyRequestAs', document.uri, 0, { silent: true }),
    );
    assert.equal(await vscode.env.clipboard.readText(), text);
    assert.ok(
      !text.includes(keys.privateKeyHex.slice(40, 80)) && !text.includes(pem.split('\n')[3] ?? 'x'),
      'no piece of the key',
    );
    service.clearRequests();
    const { stdout } = await run(process.execPath, ['-e', text], { [ACCOUNT_ENV.privateKey]: pem });
    assert.match(stdout, /HTTP 200/);
    assert.equal(service.requests.length, 1);
    assert.equal(service.requests[0]?.outcome, 'ok');
  });

  it("explains the signature of the exact bytes sent with a pasted key of the user's own, which verifies with the key with Node's crypto; the account's own is withheld", async () => {
    const document = await request();
    const withheld = await vscode.commands.executeCommand<{ text?: string; body?: string }>(
      'exchangeTx.explainSignature',
      document.uri,
      0,
      { silent: true },
    );
    const withheldSignature = signBody(credentials.privateKey, Buffer.from(withheld.body ?? '', 'utf8'));
    noteSignature(withheldSignature);
    assert.ok(!withheld.text?.includes(withheldSignature), "the account's signature is not shown");
    // A key of the user's own (the account's own key is refused: liveSafety.test.ts).
    const mine = registeredKeys();
    const pasted = loadCredentials(mine.privateKeyHex);
    const result = await answering({ inputs: [mine.privateKeyHex] }, () =>
      vscode.commands.executeCommand<{ text?: string; body?: string; uri?: vscode.Uri }>(
        'exchangeTx.explainSignatureWithKey',
        document.uri,
        0,
        { silent: true },
      ),
    );
    const body = Buffer.from(result.body ?? '', 'utf8');
    const signature = signBody(pasted.privateKey, body);
    noteSignature(signature);
    assert.ok(result.text?.includes(signature), 'the signature of those bytes');
    assert.ok(verify('sha256', body, pasted.publicKey, Buffer.from(signature, 'base64')));
    assert.ok(result.text?.includes(createHash('sha256').update(body).digest('hex')), 'their SHA-256');
    assert.ok(result.text?.includes(pasted.apiKey), 'the derived API key');
    assert.ok(!result.text?.includes(mine.privateKeyHex.slice(40, 80)), 'no piece of the key');
    // Shown as the Markdown preview of a virtual document, never saved or backed up.
    const shown = vscode.workspace.textDocuments.find((d) => d.uri.toString() === result.uri?.toString());
    assert.equal(shown?.isUntitled, false, 'a virtual document, never saved or backed up');
  });

  it('diagnoses keys: every step passes for a registered key; a key the service does not know fails at the service, with the fix', async () => {
    const good = await vscode.commands.executeCommand<{ steps: { ok: boolean }[]; text: string }>(
      'exchangeTx.diagnoseKeys',
      { silent: true },
    );
    assert.ok(good.steps.length >= 4 && good.steps.every((s) => s.ok), good.text);
    // Marks any font shows (no emoji: empty boxes without an emoji font).
    assert.doesNotMatch(good.text, /\p{Extended_Pictographic}/u, good.text);
    assert.equal(
      good.text.split('\n').filter((line) => line.startsWith('- **Passed** · ')).length,
      good.steps.length,
      good.text,
    );
    service.unregisterKey(credentials.apiKey);
    try {
      const bad = await vscode.commands.executeCommand<{
        steps: { step: string; ok: boolean; detail: string }[];
        text: string;
      }>('exchangeTx.diagnoseKeys', { silent: true });
      const failed = bad.steps.find((s) => !s.ok);
      assert.equal(failed?.step, 'The service');
      assert.match(failed?.detail ?? '', /HTTP 401: the service does not accept this key/);
      assert.match(bad.text, /^- \*\*FAILED\*\* · The service: HTTP 401/m, bad.text);
    } finally {
      service.registerKey(credentials);
    }
  });
});

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}
