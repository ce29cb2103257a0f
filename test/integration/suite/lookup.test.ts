import { strict as assert } from 'assert';
import * as net from 'net';
import * as vscode from 'vscode';
import { ExchangeClient, loadCredentials } from '../../../src/api';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import type { ExchangeTxApi } from '../../../src/extension';
import type { LookupResult } from '../../../src/features/lookup/lookupCommand';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import { pairLabel, relativeTime } from '../../../src/shared/format';
import { lookupApi, requestsFor, useBuiltInSandbox, useLive, waitFor } from '../support/lookupHelpers';

const getStatus = async (arg: unknown, options: object = { silent: true }) =>
  await vscode.commands.executeCommand<LookupResult>('exchangeTx.getStatus', arg, options);

function titles(result: LookupResult): string[] {
  return result.message?.actions.map((a) => a.title) ?? [];
}

describe('Get Transaction Status… (sandbox)', () => {
  let api: ExchangeTxApi;
  let sandbox: Sandbox;
  /** A settled transaction of the seeded ledger with this status. */
  const withStatus = (status: string) => {
    const tx = sandbox.ledger.visible().find((t) => sandbox.ledger.statusOf(t.id) === status);
    assert.ok(tx, `no ${status} transaction in the sandbox`);
    return tx.id;
  };

  before(async () => {
    api = await lookupApi();
  });
  beforeEach(async () => {
    sandbox = await useBuiltInSandbox(api);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    sandbox.setFaults({});
  });

  it('shows the status with Details and More… (a settled one: no Watch), asking the service afresh each time', async () => {
    const id = withStatus('finished');
    const result = await getStatus(id);
    assert.equal(result.error, undefined);
    assert.equal(result.id, id);
    assert.equal(result.status, 'finished');
    assert.equal(result.record?.id, id);
    const record = result.record;
    assert.ok(record);
    assert.equal(result.message?.severity, 'info');
    assert.equal(
      result.message?.text,
      `Transaction ${id}: Finished (${pairLabel(record)}, created ${relativeTime(record.createdAt, api.sandboxHost.clock.now(), vscode.env.language)})`,
    );
    assert.deepEqual(result.message?.actions, [
      { title: 'Details', command: 'exchangeTx.showDetails', args: [id] },
      { title: 'More…', command: 'exchangeTx.transactionActions', args: [id] },
    ]);
    assert.deepEqual(api.lookup.lastMessage, result.message);
    // One that still moves offers Watch first.
    const moving = sandbox.ledger.create({ outcome: 'hold', stepMs: 0 }).id;
    assert.deepEqual(
      (await getStatus(moving)).message?.actions.map((a) => a.title),
      ['Watch', 'Details', 'More…'],
    );
    const before = requestsFor(sandbox, id);
    await getStatus({ id, label: 'from a tree item' });
    assert.equal(requestsFor(sandbox, id), before + 1, 'an explicit lookup never answers from the cache');
  });

  it('gives the status notification at most 3 buttons of at most 12 characters, which VS Code shows uncut', async () => {
    for (const status of ['finished', 'failed', 'hold', 'refunded']) {
      const result = await getStatus(withStatus(status));
      const shown = titles(result);
      assert.ok(shown.length > 0 && shown.length <= 3, `${status}: ${shown.length} buttons: ${shown.join(', ')}`);
      for (const title of shown) assert.ok(title.length <= 12, `${status}: "${title}" has ${title.length} characters`);
    }
  });

  it('offers Copy ID and Open as Request under More…, in a quick pick', async () => {
    const id = withStatus('finished');
    const more = (await getStatus(id)).message?.actions.find((a) => a.title === 'More…');
    assert.deepEqual(more, { title: 'More…', command: 'exchangeTx.transactionActions', args: [id] });
    assert.ok(more);
    await vscode.env.clipboard.writeText('before');
    const chosen = vscode.commands.executeCommand<string | undefined>(more.command, ...more.args);
    // The quick pick opens with Copy ID first; accepting it copies the id.
    await waitFor(async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return (await vscode.env.clipboard.readText()) === id;
    }, 'Copy ID chosen in the quick pick');
    assert.equal(await chosen, 'exchangeTx.copyId');
  });

  it('shows statuses that need attention as warnings and errors', async () => {
    const failed = await getStatus(withStatus('failed'));
    assert.equal(failed.message?.severity, 'error');
    assert.match(failed.message?.text ?? '', /: Failed \(/);
    const hold = await getStatus(withStatus('hold'));
    assert.equal(hold.message?.severity, 'warning');
    assert.match(hold.message?.text ?? '', /: On hold \(AML\/KYC check\) \(/);
  });

  it('takes the id from the selection, else from the word under the cursor', async () => {
    const id = withStatus('refunded');
    const document = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: `const tx = "${id}"; // refunded?\nconst other = 1;\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 11, 0, 11 + id.length + 2); // with its quotes
    assert.equal((await getStatus(undefined)).id, id);
    editor.selection = new vscode.Selection(0, 15, 0, 15);
    const fromWord = await getStatus(undefined);
    assert.equal(fromWord.id, id);
    assert.equal(fromWord.status, 'refunded');
    editor.selection = new vscode.Selection(1, 8, 1, 8);
    assert.deepEqual(await getStatus(undefined), { error: 'no-id' }, 'silent: no id and no prompt');
  });

  it('says "not found" in the sandbox, offering to switch the environment', async () => {
    const result = await getStatus('zz99zz99zz99');
    assert.equal(result.error, 'not-found');
    assert.equal(result.message?.severity, 'warning');
    assert.equal(result.message?.text, 'Transaction zz99zz99zz99 was not found in the sandbox');
    assert.deepEqual(result.message?.actions, [
      { title: 'Switch Account…', command: 'exchangeTx.switchEnvironment', args: [] },
    ]);
    assert.deepEqual(api.lookup.lastMessage, result.message);
  });

  it('refuses an argument that is no id, without a request and without link syntax in the message', async () => {
    const text = '[x](command:workbench.action.terminal.new)';
    const result = await getStatus(text);
    assert.equal(result.error, 'invalid-id');
    assert.equal(result.message?.text.includes('['), false);
    assert.equal(result.message?.text.includes(']('), false);
    assert.equal(requestsFor(sandbox, text), 0);
  });

  it('tells an unreadable answer, an internal error and an HTTP error apart, each with Retry and Show Log', async () => {
    const id = withStatus('finished');
    const retryAndLog = [
      { title: 'Retry', command: 'exchangeTx.getStatus', args: [id] },
      { title: 'Show Log', command: 'exchangeTx.showLog', args: [] },
    ];
    sandbox.setFaults({ next: ['nonJson'] });
    const unreadable = await getStatus(id);
    assert.equal(unreadable.error, 'protocol');
    assert.match(
      unreadable.message?.text ?? '',
      new RegExp(`^The answer of the sandbox for transaction ${id} could not be read: The service answered with .+`),
    );
    assert.deepEqual(unreadable.message?.actions, retryAndLog);

    sandbox.setFaults({ next: ['internalError', 'internalError', 'internalError', 'internalError'] });
    const internal = await getStatus(id);
    assert.equal(internal.error, 'internal');
    assert.equal(internal.message?.text, `The sandbox reported an internal error while looking up transaction ${id}.`);
    assert.deepEqual(internal.message?.actions, retryAndLog);

    sandbox.setFaults({ next: ['http500'] });
    const http = await getStatus(id);
    assert.equal(http.error, 'network');
    assert.equal(
      http.message?.text,
      `The sandbox answered HTTP 500 when looking up transaction ${id}. Try again in a moment.`,
    );
    assert.deepEqual(http.message?.actions, retryAndLog);

    // "Retry" runs the lookup again (shown, not silent: nothing waits for its notification).
    const retry = http.message?.actions[0];
    assert.ok(retry);
    const again = await vscode.commands.executeCommand<LookupResult>(retry.command, ...retry.args);
    assert.equal(again.status, 'finished');
  });

  it('stops waiting when cancelled and shows nothing', async () => {
    const id = withStatus('expired');
    await getStatus('zz99zz99zz99');
    const shown = api.lookup.lastMessage;
    sandbox.setFaults({ next: ['hang'] });
    const controller = new AbortController();
    const asked = requestsFor(sandbox, id) + 1;
    const pending = getStatus(id, { silent: true, signal: controller.signal });
    // Cancelled once the request hangs at the sandbox (it never answers; the client's timeout
    // would end it as 'timeout', not 'cancelled'): the result itself says why the command returned.
    await waitFor(() => requestsFor(sandbox, id) >= asked, 'the lookup to reach the sandbox');
    controller.abort();
    assert.deepEqual(await pending, { id, error: 'cancelled' });
    assert.equal(api.lookup.lastMessage, shown, 'no message for a cancelled lookup');
    sandbox.setFaults({});
    assert.equal((await getStatus(id)).status, 'expired', 'the next lookup asks again');
  });

  it('copies an id to the clipboard', async () => {
    const id = withStatus('finished');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.copyId', { id }), id);
    assert.equal(await vscode.env.clipboard.readText(), id);
  });
});

describe('Get Transaction Status… (live service)', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  const keys = registeredKeys();

  before(async () => {
    api = await lookupApi();
    service = await startSandbox({ onSignature: noteSignature, ledgerSize: 20 });
  });
  after(async () => {
    await useBuiltInSandbox(api);
    await service.stop();
  });

  const anyId = () => service.ledger.visible()[0]?.id ?? '';

  it('says the keys were refused, offering Set API Keys…', async () => {
    await useLive(api, service.url, keys.privateKeyHex);
    const id = anyId();
    const result = await getStatus(id);
    assert.equal(result.error, 'authentication');
    assert.equal(result.message?.severity, 'error');
    assert.equal(
      result.message?.text,
      `The live service refused the API keys (HTTP 401) when looking up transaction ${id}. Check that the saved keys are the ones the service issued.`,
    );
    assert.deepEqual(result.message?.actions, [{ title: 'Set API Keys…', command: 'exchangeTx.setApiKeys', args: [] }]);
  });

  it('looks up in the live service with registered keys, and says "not found" there', async () => {
    const apiKey = service.registerKey({ publicKeyBase64: keys.publicKeyBase64 });
    try {
      await useLive(api, service.url, keys.privateKeyHex);
      const id = anyId();
      const found = await getStatus(id);
      assert.equal(found.error, undefined);
      assert.equal(found.status, service.ledger.statusOf(id));
      const missing = await getStatus('zz99zz99zz99');
      assert.equal(missing.message?.text, 'Transaction zz99zz99zz99 was not found in the live service');
    } finally {
      service.unregisterKey(apiKey);
    }
  });

  it('says the service cannot be reached, offering Retry and Show Log', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const address = server.address() as net.AddressInfo;
        server.close(() => resolve(address.port));
      });
    });
    await useLive(api, `http://127.0.0.1:${port}`, keys.privateKeyHex);
    const id = anyId();
    const result = await getStatus(id);
    assert.equal(result.error, 'network');
    assert.equal(
      result.message?.text,
      `Could not reach the live service to look up transaction ${id}: Could not reach the service (ECONNREFUSED).`,
    );
    assert.deepEqual(
      result.message?.actions.map((a) => a.command),
      ['exchangeTx.getStatus', 'exchangeTx.showLog'],
    );
    assert.deepEqual(titles(result), ['Retry', 'Show Log']);
  });

  it('says the rate limit was reached, offering Retry', async () => {
    const limited = await startSandbox({
      onSignature: noteSignature,
      ledgerSize: 5,
      rateLimit: { limit: 2, windowMs: 60_000 },
    });
    try {
      limited.registerKey({ publicKeyBase64: keys.publicKeyBase64 });
      // Use up the key's two requests of the minute from outside the extension.
      const client = new ExchangeClient({ baseUrl: limited.url, credentials: loadCredentials(keys.privateKeyHex) });
      await client.getTransactions({ limit: 1 });
      await client.getTransactions({ limit: 1 });
      await useLive(api, limited.url, keys.privateKeyHex);
      const id = limited.ledger.visible()[0]?.id ?? '';
      const result = await getStatus(id);
      assert.equal(result.error, 'rate-limit');
      assert.equal(result.message?.severity, 'warning');
      assert.equal(
        result.message?.text,
        `The rate limit of the live service (2 requests per second) was reached while looking up transaction ${id}. Try again in a moment.`,
      );
      assert.deepEqual(result.message?.actions, [{ title: 'Retry', command: 'exchangeTx.getStatus', args: [id] }]);
      assert.ok(
        limited.requests.filter((r) => r.outcome === 'rate-limited').length >= 2,
        'the client retried before giving up',
      );
    } finally {
      await limited.stop();
    }
  });
});
