/**
 * Nothing signed with an account's key leaves without the user seeing what it is, each rule
 * written as the attack that found it: Explain Signature handing out a replayable signature, a
 * create sent to an account in one click (lens, keybinding, as written, History), a document that
 * shows one method and sends another, "Send Again" going elsewhere than before, and a sandbox flow
 * finishing on the account after a switch. The "account" is a second sandbox on this machine with
 * a key of its own, so every request it receives is counted.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { loadCredentials, signBody } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import type { ExchangeTxApi } from '../../../src/extension';
import { templateFor } from '../../../src/features/requests/operations';
import type { SendResult } from '../../../src/features/requests/requestSender';
import type { ExplainResult } from '../../../src/features/requests/requestTools';
import type { NewTransactionPrompts, NewTransactionResult } from '../../../src/features/sandbox/newTransactionCommand';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { addAccount, eventually, extensionApi, moneyAnswers, moneyQuestions, resendAnswers, resendQuestions, resetEnvironment } from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const silent = { silent: true };
const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

describe('live safety: nothing signed with an account key leaves unseen', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  let accountId: string;
  const keys = registeredKeys();

  const open = async (text: string): Promise<vscode.TextDocument> => (await api.requests.openUntitled(text)).document;
  const send = (document: vscode.TextDocument): Thenable<SendResult> => vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', document.uri, 0, silent);
  const sendAsWritten = (document: vscode.TextDocument): Thenable<SendResult> => vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequestAsWritten', document.uri, 0, silent);
  const reached = (method: string) => service.requests.filter((r) => r.method === method).length;
  const useAccount = async () => {
    await api.environment.choose(accountId);
    await eventually(() => api.environment.kind === 'live', 'the account in use');
  };

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    service = await startSandbox({ onSignature: noteSignature, seed: 7, ledgerSize: 5, keys: [{ publicKeyBase64: keys.publicKeyBase64 }] });
  });
  beforeEach(async () => {
    await resetEnvironment(api);
    const added = await addAccount({ name: 'Production', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
    accountId = added.account ?? '';
    await eventually(() => api.environment.kind === 'live', 'the account in use');
    service.clearRequests();
    await vscode.commands.executeCommand('exchangeTx.history.clear', { confirm: true });
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  after(async () => {
    await resetEnvironment(api);
    await service.stop();
  });

  it("Explain Signature on an account explains every step but never shows or returns the account's signature", async () => {
    const document = await open(templateFor('createTransaction').text);
    await vscode.env.clipboard.writeText('');
    const result = await vscode.commands.executeCommand<ExplainResult>('exchangeTx.explainSignature', document.uri, 0, silent);
    assert.ok(result.text && result.body, 'an explanation was made');
    // The signature the account's key makes of exactly these bytes: it must be nowhere.
    const signature = signBody(loadCredentials(keys.privateKeyHex).privateKey, Buffer.from(result.body, 'utf8'));
    noteSignature(signature);
    assert.ok(!JSON.stringify(result).includes(signature), 'not in the return value');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.getText().includes(signature)), 'not in any document');
    assert.ok(!api.log.recent.some((line) => line.includes(signature)), 'not in the log');
    assert.ok(!(await vscode.env.clipboard.readText()).includes(signature), 'not on the clipboard');
    assert.ok(!result.text.includes(keys.apiKey), 'the API key by its fingerprint only');
    assert.match(result.text, /Explained with the key of the account "Production"/);
    assert.match(result.text, /Not shown: this is a key of an account of the service/);
    assert.match(result.text, /SHA-256 \(hex\): `[0-9a-f]{64}`/);
    assert.equal(reached('createTransaction'), 0);
    assert.equal(service.requests.length, 0, 'explaining sends nothing');
    const note = api.requests.messages.lastMessage;
    assert.equal(note?.text, 'The signature of the account "Production" is not shown.');
    assert.deepEqual(note?.actions.map((a) => [a.command, String(a.args[0]), a.args[1]]), [['exchangeTx.explainSignatureWithKey', document.uri.toString(), 0]], 'the action explains the same request');

    // A key pasted on purpose shows its signature (here the same key: the user's choice).
    const pasted = await vscode.commands.executeCommand<ExplainResult>('exchangeTx.explainSignatureWithKey', document.uri, 0, { silent: true, key: keys.privateKeyHex });
    const pastedSignature = signBody(loadCredentials(keys.privateKeyHex).privateKey, Buffer.from(pasted.body ?? '', 'utf8'));
    noteSignature(pastedSignature);
    assert.ok(pasted.text?.includes(pastedSignature), 'the pasted key signs and shows it');
    assert.match(pasted.text ?? '', /Signed with the key you pasted \(it was not saved\)/);
  });

  it('Explain Signature on the sandbox shows its signature', async () => {
    await useBuiltInSandbox(api);
    const document = await open(templateFor('getStatus').text);
    const result = await vscode.commands.executeCommand<ExplainResult>('exchangeTx.explainSignature', document.uri, 0, silent);
    assert.match(result.text ?? '', /## 4\. The signature \(`X-Api-Signature`\)\n\n.*do not share it\.\n\n```\n[A-Za-z0-9+/]{342}==\n```/);
  });

  it('asks before a create goes to the account, on every path, naming what the bytes send; nothing leaves on a no', async () => {
    const document = await open(templateFor('createTransaction').text);
    const host = new URL(service.url).host;
    const expected = {
      method: 'createTransaction',
      accountName: 'Production',
      host,
      lines: ['from: "btc"', 'to: "eth"', 'amountFrom: "0.1"', `address: "${ETH}"`, `refundAddress: "${BTC}"`],
    };

    assert.equal((await send(document)).problem, 'not-confirmed', 'the lens');
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(document.positionAt(5), document.positionAt(5));
    assert.equal((await vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', undefined, undefined, silent)).problem, 'not-confirmed', 'Ctrl+Alt+Enter');
    assert.equal((await sendAsWritten(document)).problem, 'not-confirmed', 'as written');
    assert.deepEqual(moneyQuestions, [expected, expected, expected]);
    assert.equal(reached('createTransaction'), 0, 'nothing reached the account');

    moneyAnswers.push(true);
    const created = await send(document);
    assert.equal(created.outcome, 'result', created.text);
    assert.equal(reached('createTransaction'), 1);
    assert.equal(moneyQuestions.length, 4);

    // From the History, to the same account: asked again; no, so nothing more.
    const again = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: created.entry?.id });
    assert.equal(again.problem, 'not-confirmed', 'History');
    assert.equal(moneyQuestions.length, 5);
    assert.equal(reached('createTransaction'), 1);
    assert.equal(resendQuestions.length, 0, 'same target: no question of where');
  });

  it('refuses a document that shows one method and sends another, also as written', async () => {
    const disguised = `{\n  "method": "getStatus",\n  "params": { "id": "${service.ledger.visible()[0]?.id ?? ''}" },${' '.repeat(400)}"method": "createFixTransaction"\n}\n`;
    const document = await open(disguised);
    for (const result of [await send(document), await sendAsWritten(document)]) {
      assert.equal(result.sent, false);
      assert.equal(result.problem, '"method" is written twice in the request: only the last one would be sent. Keep one.');
    }
    const invisible = await open(`{\n  "method": "getStatus",\n  "params": { "id": "ab\u202Ecd" }\n}\n`);
    assert.match((await sendAsWritten(invisible)).problem ?? '', /^Line 3 holds an invisible character \(U\+202E\)/);
    const long = await open(`{ "method": "getTransactions", "params": { "limit": 1 }${' '.repeat(300)}}\n`);
    assert.match((await sendAsWritten(long)).problem ?? '', /^Line 1 is longer than 300 characters/);
    assert.equal(service.requests.length, 0, 'nothing reached the account');
    assert.equal(moneyQuestions.length, 0);
  });

  it('Send Again goes where the entry went unless the user chooses, and names the change', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const made = await send(await open(templateFor('createTransaction').text));
    assert.equal(made.outcome, 'result', 'created in the sandbox without a question');
    assert.equal(moneyQuestions.length, 0);
    await useAccount();
    sandbox.clearRequests();

    resendAnswers.push('entry');
    const toEntry = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: made.entry?.id });
    assert.equal(toEntry.outcome, 'result');
    assert.deepEqual(resendQuestions, [{ method: 'createTransaction', entryTarget: 'Sandbox', currentTarget: `Production (${new URL(service.url).host})`, entryAvailable: true }]);
    // Choosing the account stopped the sandbox; the one running now got it.
    assert.equal(api.environment.sandbox?.requests.filter((r) => r.method === 'createTransaction').length, 1, 'to the sandbox, as before');
    assert.equal(reached('createTransaction'), 0);
    assert.equal(toEntry.entry?.environment, 'sandbox');

    resendAnswers.push('current');
    const toCurrent = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: made.entry?.id });
    assert.equal(toCurrent.problem, 'not-confirmed', 'to the account: the create is asked about too');
    resendAnswers.push(undefined);
    assert.equal((await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: made.entry?.id })).problem, 'cancelled');
    assert.equal(reached('createTransaction'), 0, 'nothing reached the account');
    assert.equal(resendQuestions.length, 3);
  });

  it('Sandbox: New Transaction never reaches the account, even when the user switches to it mid-way', async () => {
    await useBuiltInSandbox(api);
    const commands = await api.sandbox.load();
    const kept = commands.newTransaction.prompts;
    const prompts: NewTransactionPrompts = {
      payin: (items) => Promise.resolve(items.find((i) => i.currency === 'btc')?.currency),
      pair: async (items) => {
        // The switch happens while the pair is being chosen.
        await useAccount();
        return items.find((i) => i.pair.from === 'btc' && i.pair.to === 'eth')?.pair;
      },
      kind: () => Promise.resolve('float'),
      text: (prompt) => Promise.resolve(prompt.value || ETH),
      refused: () => Promise.resolve(false),
    };
    commands.newTransaction.prompts = prompts;
    try {
      const result = await vscode.commands.executeCommand<NewTransactionResult | undefined>('exchangeTx.sandbox.newTransaction');
      assert.equal(service.requests.length, 0, 'nothing reached the account');
      if (result?.id !== undefined) assert.ok(api.environment.sandbox?.ledger.get(result.id), 'what was created, was created in the sandbox');
    } finally {
      commands.newTransaction.prompts = kept;
    }
  });

  it('a watch keeps the account it was made on: polled there after a switch, named in its tooltip', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const inSandbox = sandbox.ledger.visible()[0]?.id ?? '';
    const onAccount = service.ledger.visible()[0]?.id ?? '';
    const item = (id: string) => api.watch.items().find((i) => i.id === id);
    try {
      assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', inSandbox), inSandbox);
      await api.watch.pollNow();
      assert.match(item(inSandbox)?.tooltip ?? '', /watched on Sandbox/);

      await useAccount();
      service.clearRequests();
      await api.watch.pollNow();
      await eventually(() => item(inSandbox)?.status !== undefined, 'the sandbox watch answered after the switch');
      assert.equal(item(inSandbox)?.status, api.environment.sandbox?.ledger.statusOf(inSandbox), 'polled on the sandbox, not "Not found" on the account');
      assert.equal(service.requests.length, 0, 'the sandbox id was not asked of the account');

      assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', onAccount), onAccount);
      assert.match(item(onAccount)?.tooltip ?? '', /watched on Production/);
      await useBuiltInSandbox(api);
      await api.watch.pollNow();
      await eventually(() => item(onAccount)?.status !== undefined, 'the account watch answered after the switch back');
      assert.equal(item(onAccount)?.status, service.ledger.statusOf(onAccount), 'polled on the account it was made on');
      assert.doesNotMatch(item(onAccount)?.text ?? '', /Not found/);
    } finally {
      api.watch.stopAll();
    }
  });
});
