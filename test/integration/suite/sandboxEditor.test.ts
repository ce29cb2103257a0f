import { strict as assert } from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { CopyConnectionResult } from '../../../src/features/builtInSandbox/copyConnection';
import type { SandboxApi } from '../../../src/features/builtInSandbox';
import type { PayAndMoveResult } from '../../../src/features/builtInSandbox/payAndMove';
import type { KnownStatus } from '../../../src/shared/status';
import type { NewTransactionResult } from '../../../src/features/builtInSandbox/newTransactionCommand';
import type { AmountPrompt, NewTransactionPrompts } from '../../../src/features/builtInSandbox/newTransactionPrompts';
import { findInWorkbench, savingScreenshots, workbenchPage } from '../support/workbench';
import {
  addAccount,
  answering,
  eventually,
  extensionApi,
  resetEnvironment,
  resetSandbox,
  screenshot,
} from '../support/extension';
import type { Answers } from '../support/extension';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import { useBuiltInSandbox } from '../support/lookupHelpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

/**
 * A program of the developer's, run as a separate Node process: it reads the copied connection
 * (.env lines or JSON), signs its own call (RSA-SHA256 of the body, base64) and asks the sandbox
 * for transactions by id. It prints only the ids and statuses it got back, never the key.
 */
const CLIENT_SCRIPT = `
const { createPrivateKey, sign } = require('crypto');
const fs = require('fs');
const http = require('http');
const [file, id] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8');
let url, apiKey, privateKey;
if (file.endsWith('.json')) {
  ({ url, apiKey, privateKey } = JSON.parse(text));
} else {
  const env = {};
  for (const line of text.split('\\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  url = env.EXCHANGE_TX_SANDBOX_URL; apiKey = env.EXCHANGE_TX_SANDBOX_API_KEY; privateKey = env.EXCHANGE_TX_SANDBOX_PRIVATE_KEY;
}
const key = createPrivateKey({ key: Buffer.from(privateKey, 'hex'), format: 'der', type: 'pkcs8' });
const body = JSON.stringify({ jsonrpc: '2.0', id: 'own-backend', method: 'getTransactions', params: { id } });
const signature = sign('sha256', Buffer.from(body), key).toString('base64');
const target = new URL(url + '/v2');
// The key's 10 requests a second are shared with the extension: after a rate-limit answer, wait
// a second and ask again, as any client of the service must.
function ask(attempt) {
  const req = http.request(target, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey, 'X-Api-Signature': signature } }, (res) => {
    let answer = '';
    res.on('data', (chunk) => (answer += chunk));
    res.on('end', () => {
      const parsed = JSON.parse(answer);
      if (parsed.error && parsed.error.code === -32600 && /limit/.test(parsed.error.message) && attempt < 3) {
        setTimeout(() => ask(attempt + 1), 1100);
        return;
      }
      const result = Array.isArray(parsed.result) ? parsed.result.map((t) => ({ id: t.id, status: t.status })) : { error: parsed.error && parsed.error.code };
      process.stdout.write(JSON.stringify({ http: res.statusCode, result }));
    });
  });
  req.on('error', (e) => { process.stdout.write(JSON.stringify({ failed: e.code })); });
  req.end(body);
}
ask(1);
`;

/** Runs the script in its own Node process with the connection file; its printed JSON. */
function runOwnBackend(dir: string, file: string, id: string): Promise<unknown> {
  const script = path.join(dir, 'own-backend.js');
  fs.writeFileSync(script, CLIENT_SCRIPT);
  return new Promise((resolve, reject) => {
    execFile('node', [script, file, id], { timeout: 15_000 }, (error, stdout) => {
      if (error) reject(new Error(`the separate process failed (exit ${String(error.code)})`));
      else resolve(JSON.parse(stdout) as unknown);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Copy Sandbox Connection, its format picked. */
function copyAs(format: 'env' | 'json'): Promise<CopyConnectionResult> {
  return answering({ picks: [format === 'env' ? '.env lines' : 'JSON'] }, () =>
    vscode.commands.executeCommand<CopyConnectionResult>('exchangeTx.sandbox.copyConnection'),
  );
}

describe('driving the built-in sandbox from the editor: new transactions and its connection', function () {
  this.timeout(60_000);
  let api: ExchangeTxApi;
  let dir: string;
  let prompts: NewTransactionPrompts;
  let commands: SandboxApi;

  before(async () => {
    api = await extensionApi();
    commands = api.sandbox;
    prompts = commands.newTransaction.prompts;
    await resetEnvironment(api);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-backend-'));
  });
  afterEach(() => {
    commands.newTransaction.prompts = prompts;
    api.watch.stopAll();
  });
  after(async () => {
    const config = vscode.workspace.getConfiguration('exchangeTx.sandbox');
    await config.update('port', undefined, vscode.ConfigurationTarget.Global);
    await config.update('stableKey', undefined, vscode.ConfigurationTarget.Global);
    await api.testHooks?.secrets.delete('exchangeTx.sandbox.privateKey');
    await resetSandbox(api);
    fs.rmSync(dir, { recursive: true, force: true });
    await resetEnvironment(api);
  });

  it('creates a transaction through the real operations; it appears in the Transactions view, selected and watched', async () => {
    const sandbox = await useBuiltInSandbox(api);
    sandbox.clearRequests();
    await vscode.commands.executeCommand('workbench.view.extension.exchangeTx');
    // The setup's own messages (reset, faults) are not what the picture shows.
    await vscode.commands.executeCommand('notifications.clearAll');
    const result = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction', {
      from: 'btc',
      to: 'eth',
      amount: '0.01',
      address: ETH,
    });
    const id = result.id ?? '';
    assert.equal(result.status, 'new');
    assert.equal(result.type, 'float');
    assert.deepEqual(
      sandbox.requests
        .filter((r) => r.path === '/v2' && r.method !== 'getTransactions' && r.method !== 'getStatus')
        .map((r) => r.method),
      ['validateAddress', 'getExchangeAmount', 'createTransaction'],
    );
    assert.equal(sandbox.ledger.statusOf(id), 'waiting');
    assert.ok(api.transactions.list.get(id), 'the new transaction is loaded in the view');
    assert.ok(result.revealed === 'revealed' || result.revealed === 'deferred', `revealed: ${String(result.revealed)}`);
    await eventually(
      () =>
        api.transactions.view.view.selection.some((node) => 'id' in node && node.id === id) ||
        result.revealed === 'deferred',
      'the new transaction selected',
    );

    // Watched already, as the README's caption says: no click needed.
    assert.ok(api.watch.ids.includes(id), 'the new transaction is watched');
    await api.watch.pollNow();
    const item = api.watch.items().find((i) => i.id === id);
    assert.equal(item?.status, 'waiting');
    // The message that says what was made, whole (the pictures are made on the oldest VS Code,
    // whose smoke-test driver shows toasts).
    if (savingScreenshots())
      await eventually(
        async () =>
          (await findInWorkbench('.notification-toast')).texts.some((t) =>
            t.includes('Created the sandbox transaction'),
          ),
        'the notification of the new transaction',
      );
    // Past the toast's fade-in.
    if (savingScreenshots()) await new Promise((resolve) => setTimeout(resolve, 800));
    await screenshot('sandbox-new-transaction');
  });

  it('an amount out of range shows the limits and lets the user edit what they typed, then creates', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const shown: AmountPrompt[] = [];
    const refusals: string[] = [];
    // The amount box checks the limits as one types; the service is the one that refuses here,
    // after its limits moved: they are read once, before the amount is asked.
    const answers = ['0.0001', '0.02'];
    commands.newTransaction.prompts = {
      payin: (items) => Promise.resolve(items.find((i) => i.currency === 'btc')?.currency),
      pair: (items) => Promise.resolve(items.find((i) => i.pair.from === 'btc' && i.pair.to === 'eth')?.pair),
      amount: (prompt) => {
        shown.push(prompt);
        return Promise.resolve({ amount: answers.shift() ?? '', asRequest: false });
      },
      refused: (message, action) => {
        refusals.push(`${message} [${action}]`);
        return Promise.resolve(true);
      },
    };
    const result = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction');
    assert.deepEqual(refusals, [
      'The sandbox refused 0.0001 BTC: the BTC → ETH limits are 0.000609 to 10.40721699267 BTC. [Edit Amount]',
    ]);
    assert.equal(shown.length, 2);
    assert.equal(shown[1]?.value, '0.0001', 'the amount typed is offered again');
    assert.equal(shown[1]?.limits, 'Amount to pay in, in BTC (0.000609 to 10.40721699267 BTC)');
    assert.equal(result.type, 'float');
    assert.equal(sandbox.ledger.get(result.id ?? '')?.amountExpectedFrom, '0.02');
  });

  it('the real quick pick is titled without a step counter; Escape creates nothing', async function () {
    if (!workbenchPage()) this.skip();
    await useBuiltInSandbox(api);
    const running = vscode.commands.executeCommand<NewTransactionResult | undefined>(
      'exchangeTx.sandbox.newTransaction',
    );
    try {
      await eventually(
        async () =>
          (await findInWorkbench('.quick-input-widget .quick-input-title')).texts.some(
            (t) => t.trim() === 'Sandbox: New Transaction',
          ),
        'the payin question titled Sandbox: New Transaction',
        15_000,
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    assert.equal(await running, undefined, 'Escape: nothing created');
  });

  it('a refused address says which one and why, and nothing is created', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const before = sandbox.ledger.all().length;
    const result = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction', {
      from: 'btc',
      to: 'eth',
      amount: '0.01',
      address: BTC,
    });
    assert.deepEqual(result, { error: 'address' });
    assert.equal(sandbox.ledger.all().length, before);
  });

  it('copies the connection, and a separate Node process signs its own calls with it', async () => {
    const sandbox = await useBuiltInSandbox(api);
    const created = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction', {
      from: 'eth',
      to: 'btc',
      amount: '0.5',
      address: BTC,
      refundAddress: ETH,
    });
    const id = created.id ?? '';
    for (const format of ['env', 'json'] as const) {
      const copied = await copyAs(format);
      assert.equal(copied.url, sandbox.url);
      const file = path.join(dir, format === 'env' ? 'sandbox.env' : 'sandbox.json');
      fs.writeFileSync(file, await vscode.env.clipboard.readText());
      sandbox.clearRequests();
      assert.deepEqual(await runOwnBackend(dir, file, id), { http: 200, result: [{ id, status: 'waiting' }] });
      assert.deepEqual(
        sandbox.requests
          .filter((r) => (r.params as { id?: unknown } | undefined)?.id === id)
          .map((r) => [r.method, r.outcome]),
        [['getTransactions', 'ok']],
      );
    }
    await vscode.env.clipboard.writeText('');
  });

  it('with a fixed port and a stable key, the copied connection still works after the sandbox starts again', async () => {
    const port = await freePort();
    const config = vscode.workspace.getConfiguration('exchangeTx.sandbox');
    await config.update('port', port, vscode.ConfigurationTarget.Global);
    await config.update('stableKey', true, vscode.ConfigurationTarget.Global);
    await api.environment.restartSandbox();
    const first = await useBuiltInSandbox(api);
    assert.equal(first.port, port);
    const copied = await copyAs('json');
    assert.equal(copied.survivesReload, true);
    const file = path.join(dir, 'stable.json');
    fs.writeFileSync(file, await vscode.env.clipboard.readText());
    await vscode.env.clipboard.writeText('');
    const id = first.ledger.visible()[0]?.id ?? '';

    // A new sandbox, as after a reload: same port, same key.
    await api.environment.restartSandbox();
    const second = await useBuiltInSandbox(api);
    assert.notEqual(second, first);
    assert.equal(second.url, `http://127.0.0.1:${port}`);
    second.clearRequests();
    const answer = (await runOwnBackend(dir, file, id)) as { http: number; result: unknown };
    assert.equal(answer.http, 200);
    assert.deepEqual(answer.result, [{ id, status: second.ledger.statusOf(id) }]);
    assert.deepEqual(
      second.requests
        .filter((r) => (r.params as { id?: unknown } | undefined)?.id === id)
        .map((r) => [r.method, r.outcome]),
      [['getTransactions', 'ok']],
      'the old connection is accepted by the new sandbox',
    );
  });

  /** Uses an account on a second local sandbox until the built-in one has stopped, then the built-in sandbox again. */
  async function toAnAccountAndBack(): Promise<Sandbox> {
    const keys = registeredKeys();
    const service = await startSandbox({ onSignature: noteSignature, seed: 44, ledgerSize: 10 });
    try {
      service.registerKey(keys.publicKeyBase64);
      const added = await addAccount({
        name: 'Elsewhere',
        baseUrl: service.url,
        privateKey: keys.privateKeyHex,
        activate: true,
      });
      assert.ok(added.account, added.error);
      await api.environment.client();
      assert.equal(api.environment.kind, 'live');
      await eventually(
        () => api.sandboxHost.sandbox === undefined,
        'the built-in sandbox stopped while the account is used',
      );
      return await useBuiltInSandbox(api);
    } finally {
      await resetEnvironment(api);
      await service.stop();
    }
  }

  /** The copied connection of `format`, saved into a file of `dir`, and what the command said. */
  async function copyConnection(
    format: 'env' | 'json',
    name: string,
  ): Promise<{ copied: CopyConnectionResult; file: string }> {
    const copied = await copyAs(format);
    const file = path.join(dir, name);
    fs.writeFileSync(file, await vscode.env.clipboard.readText());
    await vscode.env.clipboard.writeText('');
    return { copied, file };
  }

  it('after an account was used, the sandbox comes back on the same port with the same key, and the copied connection still answers', async () => {
    const config = vscode.workspace.getConfiguration('exchangeTx.sandbox');
    await config.update('port', undefined, vscode.ConfigurationTarget.Global);
    await config.update('stableKey', undefined, vscode.ConfigurationTarget.Global);
    // A new window's sandbox: any free port, a key pair of its own.
    await api.environment.restartSandbox();
    const first = await useBuiltInSandbox(api);
    const { copied, file } = await copyConnection('env', 'window.env');
    assert.equal(copied.url, first.url);
    assert.equal(copied.survivesReload, false);
    assert.deepEqual(copied.life, { kind: 'window', port: first.port, fixedPort: false, keyKept: false });
    assert.equal(
      copied.message,
      `Copied the sandbox's connection (${first.url}) as .env. It is valid while this window runs; set a fixed port and a stable key to keep it across reloads.`,
    );
    const id = first.ledger.visible()[0]?.id ?? '';

    const second = await toAnAccountAndBack();
    assert.notEqual(second, first, 'a new sandbox');
    assert.equal(second.url, first.url, 'on the port it had');
    second.clearRequests();
    const answer = (await runOwnBackend(dir, file, id)) as { http: number; result: unknown };
    assert.deepEqual(answer, { http: 200, result: [{ id, status: second.ledger.statusOf(id) }] }, 'the key it had');
    assert.deepEqual(
      second.requests
        .filter((r) => (r.params as { id?: unknown } | undefined)?.id === id)
        .map((r) => [r.method, r.outcome]),
      [['getTransactions', 'ok']],
    );
  });

  it('when the fixed port is taken, says so and where it runs instead; it keeps that port after an account was used', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    const config = vscode.workspace.getConfiguration('exchangeTx.sandbox');
    try {
      await config.update('port', taken, vscode.ConfigurationTarget.Global);
      await config.update('stableKey', true, vscode.ConfigurationTarget.Global);
      await api.environment.restartSandbox();
      const first = await useBuiltInSandbox(api);
      assert.notEqual(first.port, taken);
      const { copied, file } = await copyConnection('json', 'taken.json');
      assert.equal(copied.survivesReload, false, 'not on the fixed port: a reload would move it');
      assert.deepEqual(copied.life, { kind: 'port-taken', port: first.port, taken });
      assert.equal(
        copied.message,
        `Copied the sandbox's connection (${first.url}) as JSON. Port ${taken} was taken, so it runs on ${first.port}: it is valid while this window runs.`,
      );
      const id = first.ledger.visible()[0]?.id ?? '';

      const second = await toAnAccountAndBack();
      assert.equal(second.url, first.url, "the port it had, not the setting's");
      const answer = (await runOwnBackend(dir, file, id)) as { http: number; result: unknown };
      assert.deepEqual(answer, { http: 200, result: [{ id, status: second.ledger.statusOf(id) }] });
      const again = await copyConnection('json', 'taken-again.json');
      assert.deepEqual(again.copied.life, { kind: 'port-taken', port: first.port, taken }, 'still says why');
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      await config.update('port', undefined, vscode.ConfigurationTarget.Global);
      await config.update('stableKey', undefined, vscode.ConfigurationTarget.Global);
      await api.environment.restartSandbox();
    }
  });

  /** A new float BTC → ETH transaction of 0.01, watched in the status bar. */
  async function watchedNew(): Promise<string> {
    await useBuiltInSandbox(api);
    const created = await vscode.commands.executeCommand<NewTransactionResult>('exchangeTx.sandbox.newTransaction', {
      from: 'btc',
      to: 'eth',
      amount: '0.01',
      address: ETH,
    });
    const id = created.id ?? '';
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', id), id);
    await api.watch.pollNow();
    return id;
  }

  const watched = (id: string) => api.watch.items().find((i) => i.id === id);
  const watchShows = (id: string, status: KnownStatus) =>
    eventually(() => watched(id)?.status === status, `the status bar watch showing ${status}`);

  it('Simulate Payment with the expected amount reaches the status-bar watch, and the clock moves it on to finished', async () => {
    const id = await watchedNew();
    assert.equal(watched(id)?.status, 'waiting');
    const shown: NonNullable<Answers['shown']> = [];
    const paid = await answering({ picks: ['Pay the expected amount: 0.01 BTC'], shown }, () =>
      vscode.commands.executeCommand<PayAndMoveResult>('exchangeTx.sandbox.simulatePayment', id),
    );
    assert.deepEqual(
      shown[0]?.items.map((i) => i.label),
      ['Pay the expected amount: 0.01 BTC', 'Pay another amount…'],
    );
    assert.deepEqual(paid, { id, status: 'confirming', next: 'exchanging' });
    await watchShows(id, 'confirming');
    api.sandboxHost.clock.advance(125_000);
    await api.watch.pollNow();
    await watchShows(id, 'finished');
  });

  it("Simulate Payment with another amount shows the service's reaction (below the minimum: failed)", async () => {
    const id = await watchedNew();
    // The amount box offers the expected 0.01; the user types less than the minimum.
    const paid = await answering({ picks: ['Pay another amount…'], inputs: ['0.0001'] }, () =>
      vscode.commands.executeCommand<PayAndMoveResult>('exchangeTx.sandbox.simulatePayment', { id }),
    );
    assert.deepEqual(paid, { id, status: 'confirming', next: 'failed' });
    await watchShows(id, 'confirming');
    api.sandboxHost.clock.advance(61_000);
    await api.watch.pollNow();
    await watchShows(id, 'failed');
  });

  it('Move to Status… moves to any status of its type, from an argument or the pick, and the watch follows', async () => {
    const id = await watchedNew();
    const moved = await vscode.commands.executeCommand<PayAndMoveResult>('exchangeTx.sandbox.moveToStatus', id, 'hold');
    assert.deepEqual(moved, { id, status: 'hold' });
    await watchShows(id, 'hold');
    // From the tree: the command gets the node.
    const node = { kind: 'transaction', id, record: api.store.peek(id) };
    const shown: NonNullable<Answers['shown']> = [];
    const toRefunded = await answering({ picks: ['$(reply) Refunded'], shown }, () =>
      vscode.commands.executeCommand<PayAndMoveResult>('exchangeTx.sandbox.moveToStatus', node),
    );
    assert.deepEqual(toRefunded, { id, status: 'refunded' });
    assert.equal(shown[0]?.title, `Move ${id} (now On hold) to Status`);
    assert.deepEqual(
      shown[0]?.items.map((i) => i.description),
      ['waiting', 'confirming', 'exchanging', 'sending', 'finished', 'failed', 'refunded', 'overdue'],
      'a float one: overdue, not expired, and not hold, where it is now',
    );
    await watchShows(id, 'refunded');
    assert.deepEqual(
      await vscode.commands.executeCommand<PayAndMoveResult>('exchangeTx.sandbox.moveToStatus', 'nosuchid123', 'hold'),
      { error: 'not-found' },
    );
  });

  it('keeps the ledger, with the transactions created and moved in it, for the next sandbox (a reload); Reset forgets it', async () => {
    const id = await watchedNew();
    await vscode.commands.executeCommand('exchangeTx.sandbox.moveToStatus', id, 'hold');
    await api.sandboxHost.saveNow();
    const kept = api.testHooks?.globalState.get<{ version: number; transactions: { id: string }[] }>(
      'exchangeTx.sandbox.ledger',
    );
    assert.equal(kept?.version, 1);
    assert.ok(
      kept.transactions.some((t) => t.id === id),
      'the snapshot holds the created transaction',
    );

    await api.environment.restartSandbox();
    const next = await useBuiltInSandbox(api);
    assert.equal(next.ledger.statusOf(id), 'hold', 'restored where it stood');
    const answered = await vscode.commands.executeCommand<{ status?: string }>('exchangeTx.getStatus', id, {
      silent: true,
    });
    assert.equal(answered.status, 'hold');

    await resetSandbox(api);
    assert.equal(api.testHooks?.globalState.get('exchangeTx.sandbox.ledger'), undefined);
    assert.equal(next.ledger.get(id), undefined);
  });
});
