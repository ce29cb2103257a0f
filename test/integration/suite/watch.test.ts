// The status-bar watch in a real extension host, against the extension's own sandbox: the items
// are read back from the real StatusBarItem objects, the requests from the sandbox's own log.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { StatusWatch, WatchItemSnapshot } from '../../../src/features/watch/statusWatch';
import type { Sandbox } from '../../../src/sandbox';
import { HOSTILE_VALUES } from '../../../src/sandbox';
import { shortId } from '../../../src/shared/format';
import type { KnownStatus } from '../../../src/shared/status';

const MINUTE = 60_000;
const TEST_INTERVAL_SECONDS = 60;

async function extensionApi(): Promise<ExchangeTxApi> {
  const extension = vscode.extensions.getExtension<ExchangeTxApi>('exchange-tx.exchange-tx');
  assert.ok(extension, 'the extension is loaded');
  return extension.activate();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, what: string, timeoutMs = 6000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function setWatchInterval(seconds: number | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('exchangeTx').update('watch.intervalSeconds', seconds, vscode.ConfigurationTarget.Global);
}

/** A plan entering each status `stepMs` after the previous one. */
function plan(statuses: KnownStatus[], stepMs = MINUTE): { status: KnownStatus; afterMs: number }[] {
  return statuses.map((status, i) => ({ status, afterMs: i * stepMs }));
}

describe('status-bar watch', () => {
  let api: ExchangeTxApi;
  let sandbox: Sandbox;
  let watch: StatusWatch;

  /** The getTransactions requests the sandbox saw that asked for `id`. */
  const requestsFor = (id: string) =>
    sandbox.requests.filter((r) => {
      const params = r.params as { id?: unknown } | undefined;
      const ids: unknown = params?.id;
      return r.method === 'getTransactions' && (ids === id || (Array.isArray(ids) && ids.includes(id)));
    });

  const item = (id: string): WatchItemSnapshot => {
    const found = watch.items().find((i) => i.id === id);
    assert.ok(found, `an item for ${id}`);
    return found;
  };

  const create = (statuses: KnownStatus[], type?: 'float' | 'fixed') => sandbox.ledger.create({ plan: plan(statuses), ...(type ? { type } : {}) }).id;

  before(async () => {
    api = await extensionApi();
    watch = api.watch;
    await api.environment.choose('sandbox');
    sandbox = await api.environment.ensureSandbox();
    // Polls in these tests come from pollNow() unless a test sets a short interval itself.
    await setWatchInterval(TEST_INTERVAL_SECONDS);
  });

  afterEach(async () => {
    watch.stopAll();
    sandbox.setFaults({});
    await setWatchInterval(TEST_INTERVAL_SECONDS);
  });

  after(async () => {
    await setWatchInterval(undefined);
  });

  it('follows a transaction through its lifecycle, stops polling at finished and says so once', async () => {
    const id = create(['waiting', 'confirming', 'exchanging', 'sending', 'finished']);
    const short = shortId(id);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', id), id);
    assert.deepEqual(watch.ids, [id]);

    const expected: [string, string][] = [
      [`$(clock~spin) ${short} Waiting`, 'Waiting for payment'],
      [`$(sync~spin) ${short} Confirming`, 'Confirming payment'],
      [`$(arrow-swap~spin) ${short} Exchanging`, 'Exchanging'],
      [`$(rocket~spin) ${short} Sending`, 'Sending payout'],
      [`$(pass-filled) ${short} Finished`, 'Finished'],
    ];
    for (const [i, [text, label]] of expected.entries()) {
      if (i > 0) {
        api.environment.sandboxClock.advance(MINUTE);
        await watch.pollNow();
      }
      const shown = item(id);
      assert.equal(shown.text, text);
      assert.equal(shown.backgroundColor, undefined);
      assert.equal(shown.command, 'exchangeTx.watchActions');
      assert.ok(shown.tooltip.includes(`**${label}**`), `the tooltip names the status: ${shown.tooltip}`);
      assert.ok(shown.tooltip.includes(id), 'the tooltip shows the whole id');
      assert.ok(shown.tooltip.includes('](command:exchangeTx.showDetails?'), 'the tooltip links to the details');
    }
    assert.equal(item(id).polling, false);
    assert.deepEqual(
      watch.announcements.filter((a) => a.id === id),
      [{ id, status: 'finished' }],
    );

    // Settled: no more requests for it, however often the watch polls.
    const asked = requestsFor(id).length;
    api.environment.sandboxClock.advance(MINUTE);
    await watch.pollNow();
    await watch.pollNow();
    assert.equal(requestsFor(id).length, asked);
    assert.equal(watch.announcements.filter((a) => a.id === id).length, 1, 'told once');
    // The item stays, showing the outcome, until the user stops watching.
    assert.equal(item(id).text, `$(pass-filled) ${short} Finished`);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.stopWatching', id), [id]);
    assert.deepEqual(watch.ids, []);
  });

  it('polls by itself at the interval setting, reacts to a change of it, and stops at a final status', async function () {
    this.timeout(20_000);
    const id = create(['waiting', 'failed']);
    await watch.watch(id);
    const first = requestsFor(id).length;
    assert.ok((watch.backoff.nextPollAt ?? 0) - Date.now() > (TEST_INTERVAL_SECONDS - 5) * 1000, 'the next poll is an interval away');
    await setWatchInterval(2);
    assert.ok((watch.backoff.nextPollAt ?? Infinity) - Date.now() <= 2000, 'the new interval applies to the pending timer');
    await eventually(() => requestsFor(id).length > first, 'a poll on the 2 s timer');
    api.environment.sandboxClock.advance(MINUTE);
    await eventually(() => !item(id).polling, 'the timer poll that sees failed');
    const asked = requestsFor(id).length;
    assert.equal(watch.backoff.nextPollAt, undefined, 'no timer once nothing is left to poll');
    await sleep(2500);
    assert.equal(requestsFor(id).length, asked, 'a failed transaction is not asked again');
    assert.equal(item(id).text, `$(error) ${shortId(id)} Failed`);
  });

  it('shows hold and overdue on the warning background, failed and expired on the error background', async () => {
    const hold = create(['waiting', 'confirming', 'hold']);
    const failed = create(['waiting', 'confirming', 'failed']);
    const overdue = create(['waiting', 'overdue']);
    const expired = create(['waiting', 'expired'], 'fixed');
    await Promise.all([hold, failed, overdue, expired].map((id) => watch.watch(id)));
    api.environment.sandboxClock.advance(2 * MINUTE);
    await watch.pollNow();

    const cases: [string, string, string, boolean][] = [
      [hold, `$(warning) ${shortId(hold)} On hold`, 'statusBarItem.warningBackground', true],
      [failed, `$(error) ${shortId(failed)} Failed`, 'statusBarItem.errorBackground', false],
      [overdue, `$(watch) ${shortId(overdue)} Overdue`, 'statusBarItem.warningBackground', false],
      [expired, `$(history) ${shortId(expired)} Expired`, 'statusBarItem.errorBackground', false],
    ];
    for (const [id, text, background, polling] of cases) {
      const shown = item(id);
      assert.equal(shown.text, text);
      assert.equal(shown.backgroundColor, background, text);
      assert.equal(shown.polling, polling, `${text} polling`);
    }
    const told = watch.announcements.filter((a) => [hold, failed, overdue, expired].includes(a.id)).map((a) => a.status);
    assert.deepEqual(told.sort(), ['expired', 'failed', 'overdue'], 'hold is not final: no notification for it');
  });

  it('asks with one getTransactions per 10 watched ids per poll', async () => {
    const ids = Array.from({ length: 23 }, () => create(['waiting']));
    await Promise.all(ids.map((id) => watch.watch(id)));
    assert.equal(watch.ids.length, 23);
    const mine = () => sandbox.requests.filter((r) => r.method === 'getTransactions' && Array.isArray((r.params as { id?: unknown }).id) && ids.includes(((r.params as { id: string[] }).id)[0] ?? ''));
    const before = mine().length;
    await watch.pollNow();
    const poll = mine().slice(before);
    assert.equal(poll.length, 3, 'three requests for 23 ids');
    const asked = poll.flatMap((r) => (r.params as { id: string[] }).id);
    assert.ok(poll.every((r) => (r.params as { id: string[] }).id.length <= 10));
    assert.deepEqual([...asked].sort(), [...ids].sort(), 'each id once');
    assert.ok(watch.items().every((i) => i.text.endsWith('Waiting')));
  });

  it('survives a reload: restores the ids from the workspace state and polls on a timer, not at once', async () => {
    const moving = create(['waiting', 'confirming', 'exchanging']);
    const settled = create(['waiting', 'finished']);
    api.environment.sandboxClock.advance(MINUTE);
    await watch.watch(settled);
    await watch.watch(moving);
    assert.equal(watch.announcements.filter((a) => a.id === settled).length, 1);
    api.environment.sandboxClock.advance(MINUTE);

    const asked = requestsFor(moving).length;
    api.store.clear(); // a reloaded window starts with an empty cache
    watch.reload();
    assert.deepEqual(watch.ids, [settled, moving]);
    assert.equal(item(moving).text, `$(eye) ${shortId(moving)}`, 'shown at once, before any request');
    assert.ok(watch.backoff.nextPollAt !== undefined, 'the first poll is on a timer');
    await sleep(200);
    assert.equal(requestsFor(moving).length, asked, 'no request during the restore');
    await eventually(() => item(moving).text.endsWith('Exchanging'), 'the first poll after the reload, on its timer');
    assert.equal(item(settled).text, `$(pass-filled) ${shortId(settled)} Finished`);
    assert.equal(watch.announcements.filter((a) => a.id === settled).length, 1, 'a final status is not announced again after a reload');

    // Stopping is saved too.
    watch.stop(settled);
    watch.reload();
    assert.deepEqual(watch.ids, [moving]);
  });

  it('backs off on a failing service, shows the error in the item, and recovers', async () => {
    const id = create(['waiting', 'confirming']);
    await watch.watch(id);
    assert.equal(watch.backoff.failures, 0);
    sandbox.setFaults({ rates: { http500: 1 } });
    await watch.pollNow();
    let shown = item(id);
    assert.equal(shown.text, `$(warning) ${shortId(id)} Update failed`);
    assert.ok(shown.tooltip.includes('Could not update'), shown.tooltip);
    assert.ok(shown.tooltip.includes('HTTP 500'), shown.tooltip);
    assert.ok(shown.tooltip.includes('Waiting for payment'), 'the last known status stays in the tooltip');
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [1, 2 * TEST_INTERVAL_SECONDS * 1000]);
    await watch.pollNow();
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [2, 4 * TEST_INTERVAL_SECONDS * 1000]);
    await watch.pollNow();
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [3, 5 * MINUTE], 'capped');
    assert.ok(watch.backoff.nextPollAt !== undefined && watch.backoff.nextPollAt - Date.now() > 4 * MINUTE);
    assert.equal(watch.announcements.filter((a) => a.id === id).length, 0);

    sandbox.setFaults({});
    api.environment.sandboxClock.advance(MINUTE);
    await watch.pollNow();
    shown = item(id);
    assert.equal(shown.text, `$(sync~spin) ${shortId(id)} Confirming`);
    assert.ok(!shown.tooltip.includes('Could not update'));
    assert.deepEqual([watch.backoff.failures, watch.backoff.delayMs], [0, TEST_INTERVAL_SECONDS * 1000]);
  });

  it('shows an unknown id as not found and stops asking for it', async () => {
    const id = 'nosuchtx0000zz';
    await vscode.commands.executeCommand('exchangeTx.watch', { id });
    const shown = item(id);
    assert.equal(shown.text, `$(question) ${shortId(id)} Not found`);
    assert.equal(shown.polling, false);
    const asked = requestsFor(id).length;
    assert.ok(asked >= 1);
    await watch.pollNow();
    assert.equal(requestsFor(id).length, asked);
  });

  it('updates at once from records fetched elsewhere, and fetches again after an environment reset', async () => {
    const id = create(['waiting', 'confirming', 'exchanging']);
    await watch.watch(id);
    api.environment.sandboxClock.advance(MINUTE);
    await api.store.lookup(id, { maxAgeMs: 0 }); // as the hover or the lookup command does
    assert.equal(item(id).text, `$(sync~spin) ${shortId(id)} Confirming`);

    api.environment.sandboxClock.advance(MINUTE);
    const asked = requestsFor(id).length;
    // A new request timeout is a new connection: the environment resets and the store is cleared.
    const resets: unknown[] = [];
    const listening = api.environment.onDidReset((state) => resets.push(state));
    try {
      await vscode.workspace.getConfiguration('exchangeTx').update('requestTimeoutSeconds', 16, vscode.ConfigurationTarget.Global);
      await eventually(() => resets.length > 0, 'the environment reset');
      await eventually(() => item(id).text.endsWith('Exchanging'), 'the fetch after the reset');
    } finally {
      listening.dispose();
      await vscode.workspace.getConfiguration('exchangeTx').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.ok(requestsFor(id).length > asked);
  });

  it('shows hostile service text inert in the tooltip', async () => {
    sandbox.setFaults({ hostile: 1 });
    const id = create(['waiting']);
    await watch.watch(id);
    const { tooltip } = item(id);
    assert.ok(tooltip.includes('Pay in to'), tooltip);
    for (const raw of ['<img', '<script', '](command:workbench', 'command:workbench', 'javascript:', '\u202e', '\u0000']) {
      assert.ok(!tooltip.includes(raw), `the tooltip carries ${JSON.stringify(raw)}`);
    }
    assert.ok(!tooltip.includes(HOSTILE_VALUES.long.slice(0, 200)), 'long values are cut');
    assert.equal(tooltip.match(/\]\(command:/g)?.length, 3, 'only our own three links');
  });

  it('commands: watch takes an object, refuses a non-id, stop without an argument stops the only one', async () => {
    const id = create(['waiting']);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', { id, status: 'waiting' }), id);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', 'not an id'), undefined);
    assert.deepEqual(watch.ids, [id]);
    assert.deepEqual(await vscode.commands.executeCommand('exchangeTx.stopWatching'), [id]);
    assert.deepEqual(watch.ids, []);
  });

  it('the item click menu offers Stop Watching', async () => {
    const id = create(['waiting']);
    await watch.watch(id);
    const menu = vscode.commands.executeCommand('exchangeTx.watchActions', id);
    await sleep(500);
    for (let i = 0; i < 3; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await menu;
    assert.deepEqual(watch.ids, []);
  });
});
