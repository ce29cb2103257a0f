/**
 * "Why is it stuck?" where a person and the extension's own parts meet it, in the real host: the
 * hover of a transaction that is not final shows its diagnosis short (since when, exact on the
 * sandbox; next; what to do); what forwarding fetches reaches the store the Transactions view
 * reads (the view never shows an older status than forwarding reported); on an account, a watch
 * (also of the account while the sandbox is in use), forwarding and an agent tool's lookup note
 * since when a transaction is in its status, through the store, and the diagnosis tool says so;
 * and an account's service that echoes the API key in an odd shape gets it into no tool result.
 */
import { strict as assert } from 'assert';
import * as http from 'http';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import { noteSignature, registeredKeys } from '../../secrets/registry';
import { Receiver } from '../../unit/forward/receiver';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import { settle, sleep, useBuiltInSandbox, useLive, waitFor, withSetting } from '../support/lookupHelpers';

interface Invoked {
  readonly text: string;
  readonly data: Record<string, unknown>;
}

async function invoke(name: string, input: object): Promise<Invoked> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const [text = '', json = '{}'] = result.content.map((part) =>
    part instanceof vscode.LanguageModelTextPart ? part.value : '',
  );
  return { text, data: JSON.parse(json) as Record<string, unknown> };
}

/** The hover's Markdown of a text holding `id`, Markdown escapes removed. */
async function hoverOf(api: ExchangeTxApi, id: string): Promise<string> {
  const document = await vscode.workspace.openTextDocument({ language: 'log', content: `tx ${id}` });
  const hover = await api.hover.provideHover(
    document,
    new vscode.Position(0, 4),
    new vscode.CancellationTokenSource().token,
  );
  assert.ok(hover, 'a hover');
  return hover.contents
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n')
    .replace(/\\(.)/g, '$1')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

async function startForwarding(api: ExchangeTxApi, receiver: Receiver): Promise<void> {
  api.forward.prompts = {
    askUrl: () => Promise.resolve(receiver.url),
    confirmHost: () => Promise.resolve(true),
    showSecret: () => undefined,
    confirmStop: () => Promise.resolve(true),
  };
  await vscode.commands.executeCommand('exchangeTx.forwardStatusChanges');
  assert.ok(api.forward.session, 'forwarding runs');
}

describe('stuck transactions: hover, forwarding, sightings, the key by value', function () {
  this.timeout(180_000);
  let api: ExchangeTxApi;
  let original: ExchangeTxApi['forward']['prompts'];
  const restore: (() => Promise<void>)[] = [];

  before(async () => {
    api = await extensionApi();
    original = api.forward.prompts;
    await resetEnvironment(api);
    restore.push(await withSetting('transactions.refreshSeconds', 0));
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('exchangeTx.stopForwarding');
  });
  after(async () => {
    api.forward.prompts = original;
    for (const undo of restore.splice(0).reverse()) await undo();
    await resetEnvironment(api);
    await useBuiltInSandbox(api);
  });

  it('hovers a transaction that is not final with since when (the schedule, exact), next and what to do; a final one without', async () => {
    await useBuiltInSandbox(api);
    const control = (await api.sandboxHost.start()).control;
    const held = await control.create({ status: 'hold' });
    await control.skip(5_000);
    const entered = [...held.schedule].reverse().find((step) => step.status === 'hold');
    assert.ok(entered);
    const mark = api.log.written;
    const text = await hoverOf(api, held.id);
    assert.ok(!api.log.since(mark).some((line) => line.includes('no time in status')), api.log.since(mark).join('\n'));
    assert.ok(
      text.includes(
        `**In this status:** since ${new Date(entered.atMs).toISOString()} (5 s; the sandbox's schedule, exact)`,
      ),
      text,
    );
    assert.match(text, /\*\*Next:\*\* after the check: exchanging/);
    assert.match(text, /\*\*What to do:\*\* Ask the user to contact the service's security team.*kyc-aml/);
    // Above the record's lines: the hover's height is bounded, and these are what a stuck id asks.
    assert.ok(text.indexOf('**What to do:**') < text.indexOf('**Pair:**'), text);
    const done = await control.create({ status: 'finished' });
    const finished = await hoverOf(api, done.id);
    assert.ok(!finished.includes('In this status'), finished);
  });

  it('puts what forwarding fetched into the store: the view shows the status forwarding reported, without a refresh', async () => {
    await useBuiltInSandbox(api);
    const control = (await api.sandboxHost.start()).control;
    const tx = await control.create({ status: 'exchanging', from: 'btc', to: 'eth' });
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await api.transactions.view.refresh();
    await eventually(
      () => api.transactions.list.get(tx.id)?.record.status === 'exchanging',
      'the view to show it exchanging',
    );
    const receiver = new Receiver('not-known-0123456789abcdef');
    await receiver.open();
    try {
      await startForwarding(api, receiver);
      const session = api.forward.session;
      assert.ok(session);
      await session.pollNow();
      await control.move(tx.id, 'sending');
      const loadedAt = api.transactions.list.loadedAt;
      await session.pollNow();
      assert.equal(api.store.peek(tx.id)?.status, 'sending', 'the store has what forwarding fetched');
      assert.equal(api.transactions.list.get(tx.id)?.record.status, 'sending', 'the view shows it');
      assert.equal(api.transactions.list.loadedAt, loadedAt, 'the view did not load again');
    } finally {
      await receiver.close();
    }
  });

  describe('on an account', () => {
    const keys = registeredKeys();
    let service: Sandbox;

    before(async () => {
      service = await startSandbox({
        onSignature: noteSignature,
        seed: 26,
        ledgerSize: 0,
        keys: [{ publicKeyBase64: keys.publicKeyBase64 }],
      });
      await useLive(api, service.url, keys.privateKeyHex);
    });
    after(async () => {
      await resetEnvironment(api);
      await service.stop();
    });

    it('a watch, then forwarding, note since when a transaction is in its status; the diagnosis says "at least since" then', async () => {
      const id = service.ledger.create({
        type: 'float',
        from: 'btc',
        to: 'eth',
        plan: [{ status: 'waiting', afterMs: 0 }],
      }).id;
      const watchedFrom = Date.now();
      assert.equal(await api.watch.watch(id), 'added');
      const watchedTo = Date.now();
      api.watch.stop(id);
      await sleep(1500);
      const first = await invoke('exchangeTx_diagnoseTransaction', { id });
      const since = (first.data.diagnosis as { since: { at: string; source: string } }).since;
      assert.equal(since.source, 'sighting', first.text);
      const at = Date.parse(since.at);
      assert.ok(
        at >= watchedFrom && at <= watchedTo,
        `seen by the watch: ${since.at} within ${new Date(watchedFrom).toISOString()}…${new Date(watchedTo).toISOString()}`,
      );
      assert.match(first.text, /is waiting at least since .+ \(1 s; first seen in this status then\)/);

      const receiver = new Receiver('not-known-0123456789abcdef');
      await receiver.open();
      try {
        await startForwarding(api, receiver);
        const session = api.forward.session;
        assert.ok(session);
        service.control({ action: 'move', id, status: 'confirming' });
        const polledFrom = Date.now();
        await session.pollNow();
        const polledTo = Date.now();
        await sleep(1500);
        const second = await invoke('exchangeTx_diagnoseTransaction', { id });
        const moved = (second.data.diagnosis as { since: { at: string; source: string } }).since;
        assert.equal((second.data.diagnosis as { status: string }).status, 'confirming');
        const movedAt = Date.parse(moved.at);
        assert.ok(movedAt >= polledFrom && movedAt <= polledTo, `seen by forwarding: ${moved.at}`);
      } finally {
        await receiver.close();
      }
    });

    it("an agent tool's lookup, and a watch's poll of the account while the sandbox is in use, note since when", async () => {
      const waiting = () =>
        service.ledger.create({ type: 'float', from: 'btc', to: 'eth', plan: [{ status: 'waiting', afterMs: 0 }] }).id;
      const sinceOf = async (id: string) => {
        const diagnosis = (await invoke('exchangeTx_diagnoseTransaction', { id })).data.diagnosis as {
          status: string;
          since: { at: string; source: string };
        };
        return { status: diagnosis.status, source: diagnosis.since.source, atMs: Date.parse(diagnosis.since.at) };
      };
      const looked = waiting();
      const lookedFrom = Date.now();
      await invoke('exchangeTx_getTransactions', { ids: [looked] });
      const lookedTo = Date.now();
      assert.equal(api.store.peek(looked)?.status, 'waiting', 'the store has what the tool fetched');

      const watched = waiting();
      assert.equal(await api.watch.watch(watched), 'added');
      const account = api.environment.target;
      await useBuiltInSandbox(api);
      // The poll a switch starts first, then one that sees the move on the account, not in use.
      await api.watch.pollNow();
      service.control({ action: 'move', id: watched, status: 'confirming' });
      const polledFrom = Date.now();
      await api.watch.pollNow();
      const polledTo = Date.now();
      assert.equal(api.watch.items().find((item) => item.id === watched)?.status, 'confirming');
      api.watch.stop(watched);
      await sleep(1500);
      await api.environment.choose(account);
      await waitFor(() => api.environment.target === account, 'the account in use again');
      await settle(api);

      const seen = await sinceOf(looked);
      assert.equal(seen.source, 'sighting');
      assert.ok(
        seen.atMs >= lookedFrom && seen.atMs <= lookedTo,
        `seen by the tool's lookup: ${new Date(seen.atMs).toISOString()}`,
      );
      const moved = await sinceOf(watched);
      assert.equal(moved.status, 'confirming');
      assert.ok(
        moved.atMs >= polledFrom && moved.atMs <= polledTo,
        `seen by the watch's poll: ${new Date(moved.atMs).toISOString()}`,
      );
    });

    it('cuts the API key by value from a result although the service echoes it split, in another case, inside other text', async () => {
      const key = keys.apiKey;
      const echo = `Unauthorized: key ${key.slice(0, 20)} ${key.slice(20, 44).toUpperCase()}\n${key.slice(44)}(was sent) and ${[...key.slice(8, 30)].join('\u200b')}`;
      const hostile = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          let id: unknown = 1;
          try {
            id = (JSON.parse(body) as { id?: unknown }).id ?? 1;
          } catch {
            // an id of 1
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: echo } }));
        });
      });
      await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
      try {
        const address = hostile.address();
        assert.ok(address && typeof address === 'object');
        await useLive(api, `http://127.0.0.1:${address.port}`, keys.privateKeyHex);
        const result = await invoke('exchangeTx_getTransactions', { ids: ['a1b2c3d4e5f6'] });
        const all = `${result.text}\n${JSON.stringify(result.data)}`;
        assert.match(all, /\[key redacted\]/, 'the echo reached the result, cut');
        const run = all
          .replace(/\\u[0-9a-f]{4}|\\[nrt]/gi, '')
          .replace(/[^a-z0-9]/gi, '')
          .toLowerCase();
        const lower = key.toLowerCase().replace(/[^a-z0-9]/g, '');
        for (let i = 0; i + 12 <= lower.length; i++)
          assert.ok(!run.includes(lower.slice(i, i + 12)), `no 12 characters of the key in a row (at ${i})`);
      } finally {
        await new Promise<void>((resolve) => hostile.close(() => resolve()));
        await useLive(api, service.url, keys.privateKeyHex);
      }
    });
  });
});
