import { strict as assert } from 'assert';
import fc from 'fast-check';
import { TransportError } from '../../../src/api';
import type { ExchangeClient, TransactionRecord } from '../../../src/api';
import type { TransactionFilter } from '../../../src/features/transactions/filterModel';
import { SINCE_PRESETS } from '../../../src/features/transactions/filterModel';
import type { GroupNode, TransactionNode } from '../../../src/features/transactions/nodes';
import { LOAD_MORE, TransactionList, windowPages } from '../../../src/features/transactions/transactionList';
import type { ListChange, TransactionListOptions } from '../../../src/features/transactions/transactionList';
import { ManualClock } from '../../../packages/sandbox/src';
import { ALL_STATUSES } from '../../../src/shared/status';
import type { TransactionStatus } from '../../../src/shared/status';
import { TransactionStore } from '../../../src/store/transactionStore';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';
import { settle } from '../support/fakeTimers';

/** One list wired as the view wires it: queries through the store, store changes applied to the list. */
interface Fixture {
  readonly list: TransactionList;
  readonly store: TransactionStore;
  readonly client: ExchangeClient;
  /** onDidChange events, in order. */
  readonly changes: ListChange[];
  /** `state/busy` after each onDidChangeState. */
  readonly states: string[];
  pageSize: number;
  filter: TransactionFilter;
  dispose(): void;
}

function fixture(h: Harness, clock: ManualClock, overrides: Partial<TransactionListOptions> = {}): Fixture {
  // The sandbox of these tests has no rate limit: a client of its own, limited far above it; fast retries.
  const client = h.client({
    limiter: undefined,
    rateLimit: 1000,
    retry: { retries: 2, baseDelayMs: 1, rateLimitDelayMs: 1 },
  });
  const store = new TransactionStore({ source: () => Promise.resolve(client), now: () => clock.now() });
  const settings: { pageSize: number; filter: TransactionFilter } = { pageSize: 50, filter: {} };
  const list = new TransactionList({
    query: (query, options) => store.query(query, options),
    pageSize: () => settings.pageSize,
    filter: () => settings.filter,
    now: () => clock.now(),
    ...overrides,
  });
  const changes: ListChange[] = [];
  const states: string[] = [];
  store.onDidChangeRecord((record) => list.applyRecord(record));
  list.onDidChange((change) => changes.push(change));
  list.onDidChangeState(() => states.push(`${list.state}/${list.busy ?? '-'}`));
  const dispose = () => {
    list.dispose();
    store.dispose();
    client.dispose();
  };
  return Object.assign(settings, { list, store, client, changes, states, dispose });
}

/** The `getTransactions` requests the sandbox saw, as `offset/limit`. */
function pagesSeen(h: Harness): string[] {
  return h.sandbox.requests
    .filter((r) => r.method === 'getTransactions')
    .map((r) => {
      const params = r.params as { offset?: number; limit?: number };
      return `${params.offset ?? '-'}/${params.limit ?? '-'}`;
    });
}

/** What the sandbox holds at its clock's time, newest first, with each status. */
function ledgerNow(h: Harness): { id: string; status: TransactionStatus }[] {
  const ledger = h.sandbox.ledger;
  return ledger.visible().map((tx) => ({ id: tx.id, status: ledger.statusOf(tx.id) ?? 'unknown' }));
}

/** Refresh, then "Load more" until the service has no more (at most 50 pages). */
async function loadAll(list: TransactionList): Promise<void> {
  await list.refresh();
  for (let page = 0; list.hasMore && page < 50; page++) await list.loadMore();
  assert.equal(list.hasMore, false);
  assert.equal(list.error, undefined);
}

const groupOf = (list: TransactionList, status: TransactionStatus): GroupNode | undefined =>
  list.groups().find((g) => g.status === status);

describe('TransactionList', () => {
  describe('windowPages', () => {
    it('asks at least a page, up to 100 per request, for as many records as are loaded', () => {
      const show = (count: number, size: number) => windowPages(count, size).map((p) => `${p.offset}/${p.limit}`);
      assert.deepEqual(show(0, 50), ['0/50']);
      assert.deepEqual(show(0, 100), ['0/100']);
      assert.deepEqual(show(0, 0), ['0/1']);
      assert.deepEqual(show(30, 50), ['0/50']);
      assert.deepEqual(show(51, 50), ['0/51']);
      assert.deepEqual(show(100, 50), ['0/100']);
      assert.deepEqual(show(101, 50), ['0/100', '100/1']);
      assert.deepEqual(show(250, 50), ['0/100', '100/100', '200/50']);
      assert.equal(windowPages(1000, 50).length, 10);
      assert.ok(windowPages(1000, 50).every((p, i) => p.offset === i * 100 && p.limit === 100));
    });

    it('property: contiguous pages from 0, all full but the last, covering max(count, pageSize, 1)', () => {
      fc.assert(
        fc.property(fc.nat({ max: 5000 }), fc.integer({ min: 0, max: 100 }), (count, size) => {
          const pages = windowPages(count, size);
          const total = Math.max(count, size, 1);
          let next = 0;
          pages.forEach((page, i) => {
            assert.equal(page.offset, next);
            assert.ok(page.limit >= 1 && page.limit <= 100);
            if (i < pages.length - 1) assert.equal(page.limit, 100);
            next += page.limit;
          });
          assert.equal(next, total);
          assert.equal(pages.length, Math.ceil(total / 100));
        }),
      );
    });
  });

  describe('against the sandbox', () => {
    let h: Harness;
    let clock: ManualClock;
    let f: Fixture;

    beforeEach(async () => {
      clock = new ManualClock();
      h = await startHarness({ clock, ledgerSize: 150, rateLimit: false });
      f = fixture(h, clock);
    });
    afterEach(async () => {
      f.dispose();
      await h.sandbox.stop();
    });

    it('groups every loaded record by status in lifecycle order, with the counts the sandbox holds', async () => {
      f.pageSize = 100;
      await loadAll(f.list);
      const held = ledgerNow(h);
      assert.equal(f.list.size, held.length);
      const groups = f.list.groups();
      const expectedOrder = ALL_STATUSES.filter((s) => held.some((r) => r.status === s));
      assert.deepEqual(
        groups.map((g) => g.status),
        expectedOrder,
      );
      assert.equal(groups.length, 10, 'the sandbox holds every known status');
      for (const group of groups)
        assert.equal(group.children.length, held.filter((r) => r.status === group.status).length, group.status);
      assert.deepEqual(f.list.roots(), groups, 'no error, no "Load more" at the end');
    });

    it('shows each group newest first, in the service order', async () => {
      f.pageSize = 100;
      await loadAll(f.list);
      const held = ledgerNow(h);
      for (const group of f.list.groups()) {
        assert.deepEqual(
          group.children.map((n) => n.id),
          held.filter((r) => r.status === group.status).map((r) => r.id),
          group.status,
        );
        const times = group.children.map((n) => n.record.createdAt);
        assert.deepEqual(
          [...times].sort((a, b) => b - a),
          times,
        );
      }
    });

    it('keeps the same group and transaction objects across refreshes (the tree keeps expansion)', async () => {
      await f.list.refresh();
      const groups = new Map(f.list.groups().map((g) => [g.status, g]));
      const nodes = new Map(f.list.records().map((r) => [r.id, { node: f.list.get(r.id), record: r }]));
      // The lifecycle moves on: live records change group, all are fetched anew.
      clock.advance(6 * 60 * 60_000);
      await f.list.refresh();
      assert.deepEqual(
        f.list.records().map((r) => r.id),
        [...nodes.keys()],
        'the same transactions',
      );
      let moved = 0;
      for (const group of f.list.groups()) {
        const before = groups.get(group.status);
        if (before) assert.equal(group, before, `group ${group.status} is the same object`);
        for (const node of group.children) {
          const old = nodes.get(node.id);
          assert.ok(old);
          assert.equal(node, old.node, `node ${node.id} is the same object`);
          assert.notEqual(node.record, old.record, 'holding the record just fetched');
          if (old.record.status !== group.status) moved++;
        }
      }
      assert.ok(moved > 0, 'some records moved to another group');
      assert.equal(f.list.groups(), f.list.groups(), 'cached until something changes');
    });

    it('pages with offset: a first page, then "Load more" from where the service stopped', async () => {
      await f.list.refresh();
      assert.equal(f.list.size, 50);
      assert.ok(f.list.hasMore);
      assert.equal(f.list.roots().at(-1), LOAD_MORE);
      await f.list.loadMore();
      await f.list.loadMore();
      assert.deepEqual(pagesSeen(h), ['0/50', '50/50', '100/50']);
      assert.equal(f.list.size, 150);
      assert.deepEqual(
        f.list.records().map((r) => r.id),
        ledgerNow(h).map((r) => r.id),
      );
      assert.ok(f.list.hasMore, 'a full last page: the service may have more');
      await f.list.loadMore();
      assert.deepEqual(pagesSeen(h).at(-1), '150/50');
      assert.equal(f.list.size, 150);
      assert.equal(f.list.hasMore, false, 'an empty page: the end');
      assert.ok(!f.list.roots().includes(LOAD_MORE));
    });

    it('a short page ends the list at once', async () => {
      f.pageSize = 100;
      await f.list.refresh();
      await f.list.loadMore();
      assert.deepEqual(pagesSeen(h), ['0/100', '100/100']);
      assert.equal(f.list.size, 150);
      assert.equal(f.list.hasMore, false);
    });

    it('a record the service pushes onto the next page (a new one arrived) is shown once', async () => {
      f.pageSize = 5;
      await f.list.refresh();
      const first = f.list.records().map((r) => r.id);
      clock.advance(1000);
      const created = h.sandbox.ledger.create({ createdAt: clock.now() });
      await f.list.loadMore();
      assert.deepEqual(pagesSeen(h), ['0/5', '5/5']);
      const ids = f.list.records().map((r) => r.id);
      assert.equal(new Set(ids).size, ids.length, 'no duplicates');
      assert.equal(ids.length, 9);
      assert.deepEqual(ids.slice(0, 5), first);
      assert.ok(!ids.includes(created.id), 'not placed until a refresh');
      await f.list.loadMore();
      assert.equal(pagesSeen(h).at(-1), '10/5', 'the next offset counts what the service gave');
      await f.list.refresh();
      assert.equal(f.list.records()[0]?.id, created.id);
    });

    it('a refresh reloads the whole window: pages of 100 for what is loaded', async () => {
      await f.list.refresh();
      h.sandbox.clearRequests();
      await f.list.refresh();
      assert.deepEqual(pagesSeen(h), ['0/50'], '50 loaded: one request');
      await f.list.loadMore();
      await f.list.loadMore();
      h.sandbox.clearRequests();
      await f.list.refresh();
      assert.deepEqual(pagesSeen(h), ['0/100', '100/50'], '150 loaded: two requests');
      assert.equal(f.list.size, 150);
    });

    it('a failed refresh keeps the records and shows the error above them; the next success clears it', async () => {
      await f.list.refresh();
      const before = f.list.records();
      h.sandbox.setFaults({ rates: { http500: 1 } });
      h.sandbox.clearRequests();
      await f.list.refresh();
      assert.equal(h.sandbox.requests.length, 1, 'a 500 is not retried');
      assert.equal(f.list.state, 'loaded');
      assert.deepEqual(f.list.records(), before);
      const error = f.list.error;
      assert.ok(error);
      assert.equal(error.kind, 'error');
      assert.equal(error.operation, 'refresh');
      assert.ok(error.error instanceof TransportError && error.error.status === 500);
      assert.equal(error.at, clock.now());
      assert.deepEqual(f.list.roots().slice(0, 2), [error, f.list.groups()[0]], 'the error first, then the groups');

      h.sandbox.setFaults({ rates: { http502: 1 } });
      h.sandbox.clearRequests();
      await f.list.refresh();
      assert.equal(h.sandbox.requests.length, 3, 'a 502 is retried until the retries are used up');
      assert.ok(f.list.error?.error instanceof TransportError && f.list.error.error.status === 502);
      assert.deepEqual(f.list.records(), before);

      h.sandbox.setFaults({});
      await f.list.refresh();
      assert.equal(f.list.error, undefined);
      assert.notEqual(f.list.roots()[0]?.kind, 'error');
      assert.deepEqual(f.states.slice(-2), ['loaded/refresh', 'loaded/-']);
    });

    it('states: idle → loading → loaded; with nothing loaded a failure is the error state', async () => {
      assert.equal(f.list.state, 'idle');
      const run = f.list.refresh();
      assert.equal(f.list.state, 'loading');
      assert.equal(f.list.busy, 'refresh');
      await run;
      assert.deepEqual(f.states, ['loading/refresh', 'loaded/-']);
      assert.equal(f.list.loadedAt, clock.now());

      f.list.reset();
      assert.equal(f.list.state, 'idle');
      assert.equal(f.list.size, 0);
      h.sandbox.setFaults({ rates: { http500: 1 } });
      f.states.length = 0;
      await f.list.refresh();
      assert.deepEqual(f.states, ['loading/refresh', 'error/-']);
      assert.equal(f.list.error?.operation, 'refresh');
      assert.deepEqual(f.list.roots(), [], 'the welcome shows the error, not the tree');
      assert.equal(f.list.loadedAt, undefined);

      h.sandbox.setFaults({});
      f.states.length = 0;
      await f.list.refresh();
      assert.deepEqual(f.states, ['loading/refresh', 'loaded/-']);
      assert.equal(f.list.error, undefined);
    });

    it('an empty answer is loaded, not an error', async () => {
      f.filter = { extraId: 'no-such-extra-id' };
      await f.list.refresh();
      assert.equal(f.list.state, 'loaded');
      assert.equal(f.list.size, 0);
      assert.equal(f.list.hasMore, false);
      assert.deepEqual(f.list.roots(), []);
    });

    it('a failed "Load more" keeps what is shown, says so, and the next one asks the same page again', async () => {
      await f.list.refresh();
      h.sandbox.setFaults({ next: ['http500'] });
      await f.list.loadMore();
      assert.equal(f.list.error?.operation, 'loadMore');
      assert.equal(f.list.state, 'loaded');
      assert.equal(f.list.size, 50);
      await f.list.loadMore();
      assert.equal(f.list.error, undefined);
      assert.equal(f.list.size, 100);
      assert.deepEqual(pagesSeen(h), ['0/50', '50/50', '50/50']);
    });

    it('one load at a time: "Load more" and automatic refreshes join the load under way', async () => {
      h.sandbox.setFaults({ latencyMs: 50 });
      const run = f.list.refresh();
      assert.equal(f.list.loadMore(), run);
      assert.equal(f.list.refresh({ ifIdle: true }), run);
      await run;
      assert.deepEqual(pagesSeen(h), ['0/50']);
      const more = f.list.loadMore();
      assert.equal(f.list.busy, 'loadMore');
      assert.equal(f.list.refresh({ ifIdle: true }), more);
      await more;
      assert.deepEqual(pagesSeen(h), ['0/50', '50/50']);
    });

    it('an explicit refresh replaces a load under way; only its answer counts', async () => {
      h.sandbox.setFaults({ latencyMs: 100 });
      const first = f.list.refresh();
      f.filter = { status: ['finished'] };
      const second = f.list.refresh();
      await Promise.all([first, second]);
      assert.ok(f.list.size > 0);
      assert.ok(f.list.records().every((r) => r.status === 'finished'));
    });

    it('reset() after a load: nothing shown, nothing more to load, one change of everything', async () => {
      assert.equal(f.list.hasMore, false, 'nothing more before the first load');
      await f.list.refresh();
      assert.deepEqual(f.changes.at(-1), { all: true, nodes: [] }, 'a load ends with one change of everything');
      assert.equal(f.list.hasMore, true);
      assert.ok(f.list.loadedAt !== undefined);
      f.list.reset();
      assert.equal(f.list.size, 0);
      assert.equal(f.list.hasMore, false);
      assert.equal(f.list.loadedAt, undefined);
      assert.deepEqual(f.list.groups(), []);
      assert.deepEqual(f.changes.at(-1), { all: true, nodes: [] });
    });

    it('reset() cancels a load under way: the request is aborted and nothing is shown', async () => {
      h.sandbox.setFaults({ latencyMs: 200 });
      const run = f.list.refresh();
      await settle();
      f.list.reset();
      assert.equal(f.list.state, 'idle');
      assert.equal(f.list.busy, undefined);
      const changesAfterReset = f.changes.length;
      await run;
      assert.equal(f.list.state, 'idle');
      assert.equal(f.list.size, 0);
      assert.equal(f.list.error, undefined, 'a cancelled load is no failure');
      assert.equal(f.changes.length, changesAfterReset);
    });

    it('reset() drops the late answer of a load it could not stop', async () => {
      let inFlight: Promise<TransactionRecord[]> | undefined;
      const deaf = fixture(h, clock, {
        // A query that does not listen to the signal: its answer comes back after the reset.
        query: (query) => (inFlight = f.client.getTransactions(query)),
      });
      try {
        h.sandbox.setFaults({ latencyMs: 100 });
        const run = deaf.list.refresh();
        deaf.list.reset();
        const changesAfterReset = deaf.changes.length;
        const statesAfterReset = deaf.states.length;
        const late = await inFlight;
        await run;
        await settle();
        assert.equal(late?.length, 50, 'the answer did come back');
        assert.equal(deaf.list.size, 0);
        assert.equal(deaf.list.state, 'idle');
        assert.equal(deaf.changes.length, changesAfterReset);
        assert.equal(deaf.states.length, statesAfterReset);
      } finally {
        deaf.dispose();
      }
    });

    it('sends the filter as the service’s params, since resolved against the clock', async () => {
      f.filter = { status: ['finished', 'refunded'], currency: ['btc', 'eth'], since: { preset: 'month' } };
      await f.list.refresh();
      const sent = h.sandbox.requests.at(-1)?.params;
      assert.deepEqual(sent, {
        status: ['finished', 'refunded'],
        currency: ['btc', 'eth'],
        since: (clock.now() - SINCE_PRESETS.month) * 1000,
        offset: 0,
        limit: 50,
      });
      assert.ok(f.list.size > 0);
      for (const r of f.list.records()) {
        assert.ok(r.status === 'finished' || r.status === 'refunded');
        assert.ok(r.currencyFrom === 'btc' || r.currencyFrom === 'eth');
      }

      const sample = f.list.records()[0];
      assert.ok(sample);
      f.filter = {
        address: [sample.payinAddress],
        payoutAddress: [sample.payoutAddress],
        since: { micros: sample.createdAt },
      };
      f.list.reset();
      await f.list.refresh();
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, {
        address: [sample.payinAddress],
        payoutAddress: [sample.payoutAddress],
        since: sample.createdAt,
        offset: 0,
        limit: 50,
      });
      assert.deepEqual(
        f.list.records().map((r) => r.id),
        [sample.id],
      );
    });

    it('"Load more" keeps the query of the last refresh (a preset is not moved on by the clock)', async () => {
      f.pageSize = 10;
      f.filter = { since: { preset: 'month' } };
      await f.list.refresh();
      const since = (h.sandbox.requests.at(-1)?.params as { since: number }).since;
      clock.advance(60_000);
      await f.list.loadMore();
      assert.equal((h.sandbox.requests.at(-1)?.params as { since: number }).since, since);
      await f.list.refresh();
      assert.equal(
        (h.sandbox.requests.at(-1)?.params as { since: number }).since,
        since + 60_000_000,
        'a refresh resolves it again',
      );
    });

    describe('records changed elsewhere', () => {
      it('a change within the same status updates the node in place', async () => {
        await f.list.refresh();
        const node = f.list.groups()[0]?.children[0];
        assert.ok(node);
        const groups = f.list.groups();
        f.changes.length = 0;
        const changed = { ...node.record, payinConfirmations: '99' };
        f.list.applyRecord(changed);
        assert.deepEqual(f.changes, [{ all: false, nodes: [node] }]);
        assert.equal(f.list.get(node.id), node);
        assert.equal(node.record, changed);
        assert.equal(f.list.groups(), groups, 'the groups did not change');
        f.list.applyRecord(changed);
        assert.equal(f.changes.length, 1, 'the same record again changes nothing');
      });

      it('a record not loaded is not added', async () => {
        f.pageSize = 5;
        await f.list.refresh();
        const outside = ledgerNow(h)[10];
        assert.ok(outside);
        f.changes.length = 0;
        await f.store.lookup(outside.id);
        assert.equal(f.list.get(outside.id), undefined);
        assert.equal(f.list.size, 5);
        assert.equal(f.changes.length, 0);
      });

      it('a record that moved on (seen by a lookup) moves to its new group', async () => {
        await f.list.refresh();
        const waiting = groupOf(f.list, 'waiting')?.children[0];
        assert.ok(waiting);
        const before = waiting.record;
        // Far enough for every live record to have moved on.
        clock.advance(6 * 60 * 60_000);
        f.changes.length = 0;
        const fresh = await f.store.lookup(waiting.id, { maxAgeMs: 0 });
        assert.ok(fresh && fresh.status !== 'waiting');
        assert.deepEqual(f.changes, [{ all: true, nodes: [] }]);
        assert.equal(f.list.get(waiting.id), waiting, 'the same node');
        assert.notEqual(waiting.record, before);
        assert.ok(!groupOf(f.list, 'waiting')?.children.includes(waiting));
        const group = groupOf(f.list, fresh.status);
        assert.ok(group);
        assert.ok(group.children.includes(waiting));
        assert.equal(f.list.parentOf(waiting), group);
        const order = f.list.records().map((r) => r.id);
        const positions = group.children.map((n) => order.indexOf(n.id));
        assert.deepEqual(
          [...positions].sort((a, b) => a - b),
          positions,
          'in service order within its new group',
        );
      });

      it('a status the client does not know goes to the last group', async () => {
        await f.list.refresh();
        const node = f.list.groups()[0]?.children[0];
        assert.ok(node);
        f.list.applyRecord({ ...node.record, status: 'unknown', rawStatus: 'paused' });
        assert.equal(f.list.groups().at(-1)?.status, 'unknown');
        assert.deepEqual(f.list.groups().at(-1)?.children, [node]);
      });

      it('a record that no longer matches the filter is dropped', async () => {
        f.filter = { status: ['waiting', 'confirming'] };
        await f.list.refresh();
        const node = groupOf(f.list, 'confirming')?.children[0];
        assert.ok(node);
        const size = f.list.size;
        clock.advance(6 * 60 * 60_000);
        f.changes.length = 0;
        const fresh = await f.store.lookup(node.id, { maxAgeMs: 0 });
        assert.ok(fresh && fresh.status !== 'waiting' && fresh.status !== 'confirming');
        assert.equal(f.list.get(node.id), undefined);
        assert.equal(f.list.size, size - 1);
        assert.ok(!f.list.records().some((r) => r.id === node.id));
        assert.deepEqual(f.changes, [{ all: true, nodes: [] }]);
        assert.equal(f.list.parentOf(node), undefined);
      });

      it('after a record was dropped, "Load more" still gives the next record (none is skipped)', async () => {
        const ledger = h.sandbox.ledger;
        // Past every seeded transaction: the six below are the newest.
        const now = clock.advance(10 * 60_000);
        // Six waiting transactions, newest first; only the newest moves on, a second from now.
        const created = Array.from({ length: 6 }, (_, i) =>
          ledger.create({
            createdAt: now - i * 1000,
            plan: [
              { status: 'waiting', afterMs: 0 },
              { status: 'confirming', afterMs: i === 0 ? 1000 : 24 * 60 * 60_000 },
            ],
          }),
        );
        f.pageSize = 3;
        f.filter = { status: ['waiting'] };
        await f.list.refresh();
        assert.deepEqual(
          f.list.records().map((r) => r.id),
          created.slice(0, 3).map((t) => t.id),
        );
        clock.advance(2000);
        await f.store.lookup(created[0]?.id ?? '', { maxAgeMs: 0 });
        assert.equal(f.list.size, 2);
        await f.list.loadMore();
        assert.deepEqual(
          f.list.records().map((r) => r.id),
          created.slice(1, 6).map((t) => t.id),
        );
      });
    });

    it('reset() drops the late answer of a "Load more", and the late failure of a refresh, it could not stop', async () => {
      let inFlight: Promise<TransactionRecord[]> | undefined;
      const deaf = fixture(h, clock, { query: (query) => (inFlight = f.client.getTransactions(query)) });
      try {
        await deaf.list.refresh();
        h.sandbox.setFaults({ latencyMs: 100 });
        const more = deaf.list.loadMore();
        deaf.list.reset();
        const changesAfterReset = deaf.changes.length;
        assert.equal((await inFlight)?.length, 50, 'the page did come back');
        await more;
        assert.equal(deaf.list.size, 0);
        assert.equal(deaf.changes.length, changesAfterReset);

        h.sandbox.setFaults({ latencyMs: 100, rates: { http500: 1 } });
        const failing = deaf.list.refresh();
        deaf.list.reset();
        await assert.rejects(inFlight ?? Promise.resolve([]), TransportError);
        await failing;
        assert.equal(deaf.list.error, undefined, 'a failure of a load that was reset is no failure');
        assert.equal(deaf.list.state, 'idle');
      } finally {
        deaf.dispose();
      }
    });

    it('dispose() stops a load under way: nothing more is shown', async () => {
      h.sandbox.setFaults({ latencyMs: 200 });
      const run = f.list.refresh();
      await settle();
      const changesBefore = f.changes.length;
      f.list.dispose();
      await run;
      assert.equal(f.changes.length, changesBefore);
      assert.equal(f.list.size, 0);
    });

    it('parentOf: the group of a loaded transaction; nothing for other nodes', async () => {
      await f.list.refresh();
      const group = f.list.groups()[1];
      const node = group?.children[0];
      assert.ok(group && node);
      assert.equal(f.list.parentOf(node), group);
      assert.equal(f.list.parentOf(group), undefined);
      assert.equal(f.list.parentOf(LOAD_MORE), undefined);
      const stranger: TransactionNode = { kind: 'transaction', id: node.id, record: node.record };
      assert.equal(f.list.parentOf(stranger), undefined, 'a copy is not the node shown');
    });
  });

  describe('a window of 1,000 records', () => {
    let h: Harness;
    let clock: ManualClock;
    let f: Fixture;

    before(async () => {
      clock = new ManualClock();
      h = await startHarness({ clock, ledgerSize: 1100, rateLimit: false });
    });
    after(async () => {
      await h.sandbox.stop();
    });
    beforeEach(() => {
      h.sandbox.setFaults({});
      h.sandbox.clearRequests();
      f = fixture(h, clock);
    });
    afterEach(() => f.dispose());

    for (const pageSize of [50, 100]) {
      it(`pages of ${pageSize}: 1,000 loaded, then one refresh is 10 requests of 100`, async () => {
        f.pageSize = pageSize;
        await f.list.refresh();
        for (let page = 0; f.list.size < 1000 && page < 30; page++) await f.list.loadMore();
        assert.equal(f.list.size, 1000);
        assert.equal(pagesSeen(h).length, 1000 / pageSize);
        h.sandbox.clearRequests();
        await f.list.refresh();
        assert.deepEqual(
          pagesSeen(h),
          Array.from({ length: 10 }, (_, i) => `${i * 100}/100`),
        );
        assert.equal(f.list.size, 1000);
        assert.ok(f.list.hasMore);
        assert.deepEqual(
          f.list.records().map((r) => r.id),
          ledgerNow(h)
            .slice(0, 1000)
            .map((r) => r.id),
        );
        h.sandbox.clearRequests();
      });
    }

    it('a refresh of the window stops at the first short page', async () => {
      f.pageSize = 100;
      await loadAll(f.list);
      assert.equal(f.list.size, 1100);
      h.sandbox.clearRequests();
      f.filter = { status: ['finished'] };
      await f.list.refresh();
      const finished = ledgerNow(h).filter((r) => r.status === 'finished').length;
      assert.ok(finished < 1100);
      assert.equal(pagesSeen(h).length, Math.ceil((finished + 1) / 100));
      assert.equal(f.list.size, finished);
      assert.equal(f.list.hasMore, false);
    });
  });
});
