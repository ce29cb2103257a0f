/**
 * Nothing signed with an account's key leaves without the user seeing what it is, each rule
 * written as the attack that found it: Explain Signature handing out a replayable signature, a
 * create sent to an account in one click (lens, keybinding, as written, History), a document that
 * shows one method and sends another, "Send Again" going elsewhere than before, and a sandbox flow
 * finishing on the account after a switch. The "account" is a second sandbox on this machine with
 * a key of its own, so every request it receives is counted.
 */
import { strict as assert } from 'assert';
import { createPrivateKey } from 'crypto';
import * as vscode from 'vscode';
import { loadCredentials, signBody } from '../../../src/api';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { ExchangeTxApi } from '../../../src/extension';
import { templateFor } from '../../../src/documents/operations';
import type { SendResult } from '../../../src/features/requests/requestSender';
import type { ExplainResult } from '../../../src/features/requests/requestTools';
import type { NewTransactionResult } from '../../../src/features/builtInSandbox/newTransactionCommand';
import type { NewTransactionPrompts } from '../../../src/features/builtInSandbox/newTransactionPrompts';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import {
  addAccount,
  answering,
  clearHistory,
  eventually,
  extensionApi,
  moneyAnswers,
  moneyQuestions,
  resendAnswers,
  resendQuestions,
  resetEnvironment,
} from '../support/extension';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const silent = { silent: true };

/** The titles of the CodeLenses of a document. */
async function lensTitles(document: vscode.TextDocument): Promise<string[]> {
  const lenses =
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
  return lenses.map((lens) => lens.command?.title ?? '');
}
const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

describe('live safety: nothing signed with an account key leaves unseen', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  let accountId: string;
  const keys = registeredKeys();
  const otherKeys = registeredKeys();

  const open = async (text: string): Promise<vscode.TextDocument> => (await api.openRequest(text)).document;
  const send = (document: vscode.TextDocument): Thenable<SendResult> =>
    vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', document.uri, 0, silent);
  const sendAsWritten = (document: vscode.TextDocument): Thenable<SendResult> =>
    vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequestAsWritten', document.uri, 0, silent);
  const reached = (method: string) => service.requests.filter((r) => r.method === method).length;
  const useAccount = async () => {
    await api.environment.choose(accountId);
    await eventually(() => api.environment.kind === 'live', 'the account in use');
  };

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    service = await startSandbox({
      onSignature: noteSignature,
      seed: 7,
      ledgerSize: 5,
      keys: [{ publicKeyBase64: keys.publicKeyBase64 }],
    });
  });
  beforeEach(async () => {
    await resetEnvironment(api);
    const added = await addAccount({
      name: 'Production',
      baseUrl: service.url,
      privateKey: keys.privateKeyHex,
      activate: true,
    });
    accountId = added.account ?? '';
    await eventually(() => api.environment.kind === 'live', 'the account in use');
    service.clearRequests();
    await clearHistory(api);
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  after(async () => {
    await resetEnvironment(api);
    await service.stop();
  });

  it("Explain Signature on an account explains every step but never shows or returns the account's signature", async () => {
    const document = await open(templateFor('createTransaction').text);
    await vscode.env.clipboard.writeText('');
    const result = await vscode.commands.executeCommand<ExplainResult>(
      'exchangeTx.explainSignature',
      document.uri,
      0,
      silent,
    );
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
    assert.deepEqual(
      note?.actions.map((a) => [a.command, String(a.args[0]), a.args[1]]),
      [['exchangeTx.explainSignatureWithKey', document.uri.toString(), 0]],
      'the action explains the same request',
    );

    // The account's own key pasted (as PEM, saved as hex): refused with a message, nothing shown.
    const documentsBefore = vscode.workspace.textDocuments.length;
    const pem = createPrivateKey({ key: Buffer.from(keys.privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' })
      .export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const own = await answering({ inputs: [pem] }, () =>
      vscode.commands.executeCommand<ExplainResult>('exchangeTx.explainSignatureWithKey', document.uri, 0, silent),
    );
    assert.equal(
      own.error,
      'This is the key of the account "Production": its signature would work against the service for as long as the key is valid, so it is not shown. Explain Signature shows every step for it without the signature; paste a key made for testing, or use the sandbox.',
    );
    assert.deepEqual([own.text, own.uri], [undefined, undefined], 'no explanation made');
    assert.equal(api.requests.messages.lastMessage?.text, own.error);
    assert.equal(vscode.workspace.textDocuments.length, documentsBefore, 'no document opened');
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.getText().includes(signature)),
      'the signature is still nowhere',
    );
    assert.ok(
      !api.log.recent.some((line) => line.includes(signature) || line.includes(keys.privateKeyHex.slice(40, 80))),
      'nothing of it logged',
    );

    // A key of the user's own, pasted on purpose, shows its signature.
    const mine = otherKeys;
    const pasted = await answering({ inputs: [mine.privateKeyHex] }, () =>
      vscode.commands.executeCommand<ExplainResult>('exchangeTx.explainSignatureWithKey', document.uri, 0, silent),
    );
    const pastedSignature = signBody(
      loadCredentials(mine.privateKeyHex).privateKey,
      Buffer.from(pasted.body ?? '', 'utf8'),
    );
    noteSignature(pastedSignature);
    assert.ok(pasted.text?.includes(pastedSignature), 'the pasted key signs and shows it');
    assert.match(pasted.text ?? '', /Signed with the key you pasted \(it was not saved\)/);
  });

  it('Explain Signature on the sandbox shows its signature', async () => {
    await useBuiltInSandbox(api);
    const document = await open(templateFor('getStatus').text);
    const result = await vscode.commands.executeCommand<ExplainResult>(
      'exchangeTx.explainSignature',
      document.uri,
      0,
      silent,
    );
    assert.match(
      result.text ?? '',
      /## 4\. The signature \(`X-Api-Signature`\)\n\n.*do not share it\.\n\n```\n[A-Za-z0-9+/]{342}==\n```/,
    );
  });

  it('asks before a create goes to the account, on every path, naming what the bytes send; nothing leaves on a no', async () => {
    const document = await open(templateFor('createTransaction').text);
    const host = new URL(service.url).host;
    const expected = {
      method: 'createTransaction',
      movesMoney: true,
      accountName: 'Production',
      host,
      lines: ['from: "btc"', 'to: "eth"', 'amountFrom: "0.1"', `address: "${ETH}"`, `refundAddress: "${BTC}"`],
    };

    assert.equal((await send(document)).problem, 'not-confirmed', 'the lens');
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(document.positionAt(5), document.positionAt(5));
    assert.equal(
      (await vscode.commands.executeCommand<SendResult>('exchangeTx.sendRequest', undefined, undefined, silent))
        .problem,
      'not-confirmed',
      'Ctrl+Alt+Enter',
    );
    assert.equal((await sendAsWritten(document)).problem, 'not-confirmed', 'as written');
    assert.deepEqual(moneyQuestions, [expected, expected, expected]);
    assert.equal(reached('createTransaction'), 0, 'nothing reached the account');

    moneyAnswers.push(true);
    const created = await send(document);
    assert.equal(created.outcome, 'result', created.text);
    assert.equal(reached('createTransaction'), 1);
    assert.equal(moneyQuestions.length, 4);

    // From the History, to the same account: asked again; no, so nothing more.
    const again = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', {
      id: created.entry?.id,
    });
    assert.equal(again.problem, 'not-confirmed', 'History');
    assert.equal(moneyQuestions.length, 5);
    assert.equal(reached('createTransaction'), 1);
    assert.equal(resendQuestions.length, 0, 'same target: no question of where');
  });

  it('asks before createSubaccount or an unknown update… goes to the account, on every path (History too); nothing leaves on a no', async () => {
    const document = await open(templateFor('createSubaccount').text);
    const expected = {
      method: 'createSubaccount',
      movesMoney: false,
      accountName: 'Production',
      host: new URL(service.url).host,
      lines: ['email: "user@example.com"'],
    };
    assert.equal((await send(document)).problem, 'not-confirmed', 'the lens');
    assert.equal((await sendAsWritten(document)).problem, 'not-confirmed', 'as written');
    assert.deepEqual(moneyQuestions, [expected, expected]);
    assert.equal(reached('createSubaccount'), 0, 'nothing reached the account');

    moneyAnswers.push(true);
    const created = await send(document);
    assert.equal(created.outcome, 'result', created.text);
    assert.equal(reached('createSubaccount'), 1);
    const again = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', {
      id: created.entry?.id,
    });
    assert.equal(again.problem, 'not-confirmed', 'History: Send Again');
    assert.equal(reached('createSubaccount'), 1);

    const update = await open('{\n  "method": "updateSomething",\n  "params": { "subaccountId": "x1" }\n}\n');
    assert.equal(
      (await sendAsWritten(update)).problem,
      'not-confirmed',
      'a method we do not know whose name starts with update',
    );
    assert.deepEqual(moneyQuestions.at(-1), {
      method: 'updateSomething',
      movesMoney: false,
      accountName: 'Production',
      host: expected.host,
      lines: ['subaccountId: "x1"'],
    });
    assert.equal(moneyQuestions.length, 5);
    assert.equal(service.requests.length, 1, 'only the one confirmed create reached the account');
  });

  it('refuses a document that shows one method and sends another, also as written', async () => {
    const disguised = `{\n  "method": "getStatus",\n  "params": { "id": "${service.ledger.visible()[0]?.id ?? ''}" },${' '.repeat(400)}"method": "createFixTransaction"\n}\n`;
    const document = await open(disguised);
    for (const result of [await send(document), await sendAsWritten(document)]) {
      assert.equal(result.sent, false);
      assert.equal(
        result.problem,
        '"method" is written twice in the request: only the last one would be sent. Keep one.',
      );
    }
    const invisible = await open(`{\n  "method": "getStatus",\n  "params": { "id": "ab\u202Ecd" }\n}\n`);
    assert.match((await sendAsWritten(invisible)).problem ?? '', /^Line 3 holds an invisible character \(U\+202E\)/);
    const long = await open(`{ "method": "getTransactions", "params": { "limit": 1 }${' '.repeat(300)}}\n`);
    assert.match((await sendAsWritten(long)).problem ?? '', /^Line 1 is 356 columns wide, more than 300/);
    // 292 characters, tabs padding them to about 1000 columns: the end of the line is out of sight.
    const tabs = await open(
      `${`{ "method": "getTransactions", "params": { "limit": 1 },${'\t'.repeat(100)}"id": "hidden-past-the-edge" }`.padEnd(292, ' ')}\n`,
    );
    const wide = await send(tabs);
    assert.match(wide.problem ?? '', /^Line 1 is \d{3,4} columns wide, more than 300/);
    assert.equal((await sendAsWritten(tabs)).problem, wide.problem);
    await eventually(async () => (await lensTitles(tabs)).length > 0, 'the lens');
    assert.deepEqual(
      await lensTitles(tabs),
      [`$(warning) ${wide.problem ?? ''}`],
      'the lens says why, and offers no Send',
    );
    // A decoy method in params at the top, the real one 80 lines below.
    const decoy = await open(
      [
        '{',
        '  "params": {',
        '    "method": "getStatus",',
        '    "id": "abc"',
        '  },',
        ...Array.from({ length: 80 }, () => ''),
        '  "method": "createTransaction"',
        '}',
        '',
      ].join('\n'),
    );
    const nested =
      '"method" is written inside "params": only the request\'s own "method" is sent, and this one could be read as it. Remove it.';
    for (const result of [await send(decoy), await sendAsWritten(decoy)]) assert.equal(result.problem, nested);
    await eventually(async () => (await lensTitles(decoy)).length > 0, 'the lens');
    assert.deepEqual(await lensTitles(decoy), [`$(warning) ${nested}`]);
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
    const toEntry = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', {
      id: made.entry?.id,
    });
    assert.equal(toEntry.outcome, 'result');
    assert.deepEqual(resendQuestions, [
      {
        method: 'createTransaction',
        entryTarget: 'Sandbox',
        currentTarget: `Production (${new URL(service.url).host})`,
        entryAvailable: true,
      },
    ]);
    // Choosing the account stopped the sandbox; the one running now got it.
    assert.equal(
      api.sandboxHost.sandbox?.requests.filter((r) => r.method === 'createTransaction').length,
      1,
      'to the sandbox, as before',
    );
    assert.equal(reached('createTransaction'), 0);
    assert.equal(toEntry.entry?.environment, 'sandbox');

    resendAnswers.push('current');
    const toCurrent = await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', {
      id: made.entry?.id,
    });
    assert.equal(toCurrent.problem, 'not-confirmed', 'to the account: the create is asked about too');
    resendAnswers.push(undefined);
    assert.equal(
      (await vscode.commands.executeCommand<SendResult>('exchangeTx.history.resend', { id: made.entry?.id })).problem,
      'cancelled',
    );
    assert.equal(reached('createTransaction'), 0, 'nothing reached the account');
    assert.equal(resendQuestions.length, 3);
  });

  it('Sandbox: New Transaction never reaches the account, even when the user switches to it mid-way', async () => {
    await useBuiltInSandbox(api);
    const commands = api.sandbox;
    const kept = commands.newTransaction.prompts;
    const prompts: NewTransactionPrompts = {
      payin: (items) => Promise.resolve(items.find((i) => i.currency === 'btc')?.currency),
      pair: async (items) => {
        // The switch happens while the pair is being chosen.
        await useAccount();
        return items.find((i) => i.pair.from === 'btc' && i.pair.to === 'eth')?.pair;
      },
      amount: (prompt) => Promise.resolve({ amount: prompt.value, asRequest: false }),
      refused: () => Promise.resolve(false),
    };
    commands.newTransaction.prompts = prompts;
    try {
      const result = await vscode.commands.executeCommand<NewTransactionResult | undefined>(
        'exchangeTx.sandbox.newTransaction',
      );
      assert.equal(service.requests.length, 0, 'nothing reached the account');
      if (result?.id !== undefined)
        assert.ok(api.sandboxHost.sandbox?.ledger.get(result.id), 'what was created, was created in the sandbox');
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
      assert.equal(
        item(inSandbox)?.status,
        api.sandboxHost.sandbox?.ledger.statusOf(inSandbox),
        'polled on the sandbox, not "Not found" on the account',
      );
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
