/**
 * The forwarder's rules one by one against a real sandbox over real HTTP (the client's queries
 * recorded on their way): what each poll asks (since the cursor, every moving record page by page,
 * the tracked ones that left both answers by id, ten a request), the order of a poll's events and
 * their origin, a full sink (one gap, the change found again), a failing service (backoff), and
 * the bounds of its interval and request share.
 */
import { strict as assert } from 'assert';
import type { ExchangeClient, TransactionQuery } from '../../../src/api';
import { ControlClient } from '../../../src/api';
import type { RequestOptions } from '../../../src/api/clientOptions';
import type { PollOutcome } from '../../../src/forward/forwarder';
import { MAX_BACKOFF_MS, MOVING, SINCE_OVERLAP_MS, StatusForwarder } from '../../../src/forward/forwarder';
import type { ManualClock } from '../../../packages/sandbox/src';
import type { OutboundEvent, StatusEvent } from '../../../src/shared/statusEvents';
import { isGapEvent, statusEventId } from '../../../src/shared/statusEvents';
import type { SchedulerTimers } from '../../../src/shared/timers';
import type { Harness } from '../api/support';
import { startHarness } from '../api/support';

const YEAR = 365 * 24 * 3600_000;

describe('forwarder rules (real sandbox)', () => {
  let harness: Harness;
  let client: ExchangeClient;
  let control: ControlClient;
  let queries: TransactionQuery[];
  let source: {
    getTransactions(q: TransactionQuery, o?: RequestOptions): ReturnType<ExchangeClient['getTransactions']>;
  };
  beforeEach(async () => {
    harness = await startHarness({ ledgerSize: 0 });
    client = harness.client();
    control = new ControlClient({ baseUrl: harness.sandbox.url, credentials: harness.credentials });
    queries = [];
    source = {
      getTransactions: (q, o) => {
        queries.push(q);
        return client.getTransactions(q, o);
      },
    };
  });
  afterEach(async () => {
    control.dispose();
    client.dispose();
    await harness.sandbox.stop();
  });

  function sinkOf(events: { event: OutboundEvent; lane: string; force: boolean | undefined }[], room = Infinity) {
    let commits = 0;
    return {
      sink: {
        add: (event: OutboundEvent, lane: string, force?: boolean) => {
          if (!force && events.filter((e) => !e.force).length >= room) return false;
          events.push({ event, lane, force });
          return true;
        },
        commit: () => void commits++,
      },
      commits: () => commits,
    };
  }

  it('asks since the lookback, then since the cursor; every moving record; the tracked ones left over by id, ten a request', async () => {
    const clock = harness.sandbox.clock as ManualClock;
    const made: { id: string }[] = [];
    for (let i = 0; i < 12; i++) made.push(await control.create());
    // One newer than the overlap before it: the twelve are then outside the next polls' `since`.
    clock.advance(SINCE_OVERLAP_MS + 1000);
    const newer = await control.create();
    const events: { event: OutboundEvent; lane: string; force: boolean | undefined }[] = [];
    const polls: PollOutcome[] = [];
    const { sink, commits } = sinkOf(events);
    const forwarder = new StatusForwarder({
      source,
      account: 'acc',
      sink,
      lookbackMs: 3600_000,
      now: () => clock.now(),
      onPoll: (p) => polls.push(p),
    });
    try {
      await forwarder.pollNow();
      assert.equal(forwarder.events, 0, 'the first poll learns');
      assert.equal(commits(), 1);
      assert.deepEqual(queries, [
        { since: (clock.now() - 3600_000) * 1000, limit: 100, offset: 0 },
        { status: MOVING, limit: 100, offset: 0 },
      ]);
      const state = forwarder.state;
      assert.equal(state.started, true);
      assert.equal(state.tracked.size, 13);
      assert.deepEqual(
        [...state.tracked.values()].map((t) => [t.status, t.changes, t.settled]),
        [...made, newer].map(() => ['waiting', 0, false]),
      );
      const newest = Math.max(...[...state.tracked.values()].map((t) => t.createdAt));
      assert.equal(state.cursor, newest);
      assert.deepEqual(polls, [{ events: 0, requests: 2, nextInMs: 5000 }]);
      // All twelve finish: neither answer holds them, so they are asked by id, ten then two.
      for (const tx of made) await control.move(tx.id, 'finished');
      queries.length = 0;
      await forwarder.pollNow();
      assert.equal(queries.length, 4);
      assert.deepEqual(queries[0], { since: newest - SINCE_OVERLAP_MS * 1000, limit: 100, offset: 0 });
      // The newer one is in the answer since the cursor, less the overlap; the twelve are asked by id.
      const asked = [queries[2], queries[3]].map((q: TransactionQuery) => ({
        ids: [...(q.id as string[])],
        limit: q.limit,
      }));
      assert.deepEqual(
        asked.map((q) => [q.ids.length, q.limit]),
        [
          [10, 10],
          [2, 2],
        ],
      );
      const askedIds = asked.flatMap((q) => q.ids);
      assert.equal(new Set(askedIds).size, 12);
      assert.ok(askedIds.every((id) => made.some((t) => t.id === id)));
      assert.equal(forwarder.events, 12);
      // Oldest first, each from the status last known, with the id its change count gives.
      const created = (id: string) => state.tracked.get(id)?.createdAt ?? 0;
      const oldestFirst = made.map((t) => t.id).sort((a, b) => created(a) - created(b) || (a < b ? -1 : 1));
      assert.deepEqual(
        events.map((e) => e.lane),
        oldestFirst,
      );
      const first = events[0].event as StatusEvent<Record<string, unknown>>;
      assert.equal(first.id, statusEventId('acc', oldestFirst[0], 'waiting', 'finished', 0));
      assert.deepEqual([first.from, first.to, first.transaction.status], ['waiting', 'finished', 'finished']);
      assert.ok(made.every(({ id }) => state.tracked.get(id)?.settled && state.tracked.get(id)?.changes === 1));
      // What still moves is in the answer of moving records: the next poll asks no id.
      queries.length = 0;
      await forwarder.pollNow();
      assert.equal(queries.length, 2);
      assert.equal(forwarder.polls, 3);
      assert.deepEqual(
        polls.map((p) => p.requests),
        [2, 4, 2],
        'each poll counts its own requests',
      );
    } finally {
      forwarder.stop();
    }
  });

  it('follows a failed or held transaction, not the newest, until it settles: failed → refunded and hold → sending arrive', async () => {
    const clock = harness.sandbox.clock as ManualClock;
    const events: { event: OutboundEvent; lane: string; force: boolean | undefined }[] = [];
    const { sink } = sinkOf(events);
    const forwarder = new StatusForwarder({ source, account: 'acc', sink, now: () => clock.now() });
    try {
      await forwarder.pollNow();
      const failed = await control.create();
      const held = await control.create();
      await control.move(failed.id, 'failed');
      await control.move(held.id, 'hold');
      await forwarder.pollNow();
      clock.advance(60_000);
      // Newer transactions: the cursor passes the two, so only asking by id finds them again.
      await control.create();
      await forwarder.pollNow();
      assert.equal(forwarder.state.tracked.get(failed.id)?.settled, false);
      await control.move(failed.id, 'refunded');
      await control.move(held.id, 'sending');
      await forwarder.pollNow();
      await control.move(held.id, 'failed');
      await forwarder.pollNow();
      const changes = (id: string) =>
        events.filter((e) => e.lane === id).map((e) => [(e.event as StatusEvent).from, (e.event as StatusEvent).to]);
      assert.deepEqual(changes(failed.id), [
        [null, 'failed'],
        ['failed', 'refunded'],
      ]);
      assert.deepEqual(changes(held.id), [
        [null, 'hold'],
        ['hold', 'sending'],
        ['sending', 'failed'],
      ]);
      assert.equal(forwarder.state.tracked.get(failed.id)?.settled, true, 'refunded: no longer asked for');
    } finally {
      forwarder.stop();
    }
  });

  it('a full sink: the change is not recorded, one gap is sent, and the change goes out once there is room', async () => {
    const clock = harness.sandbox.clock as ManualClock;
    const events: { event: OutboundEvent; lane: string; force: boolean | undefined }[] = [];
    let room = 0;
    const gaps: string[] = [];
    const sink = {
      add: (event: OutboundEvent, lane: string, force?: boolean) => {
        if (!force && room <= 0) return false;
        if (!force) room--;
        events.push({ event, lane, force });
        return true;
      },
      commit: () => undefined,
    };
    const forwarder = new StatusForwarder({
      source,
      account: 'acc',
      sink,
      now: () => clock.now(),
      onGap: (r) => gaps.push(r),
    });
    try {
      await forwarder.pollNow();
      const tx = await control.create();
      await forwarder.pollNow();
      await forwarder.pollNow();
      assert.deepEqual(
        events.map((e) => [e.lane, e.force, isGapEvent(e.event) ? e.event.reason : 'change']),
        [['gap:0', true, 'queue-full']],
        'one gap while it stays full',
      );
      assert.deepEqual(gaps, ['queue-full']);
      assert.equal(forwarder.state.gaps, 1);
      assert.equal(forwarder.state.tracked.has(tx.id), false, 'the change is not recorded');
      room = 1;
      await forwarder.pollNow();
      assert.deepEqual(
        events.slice(1).map((e) => [e.lane, (e.event as StatusEvent).from, (e.event as StatusEvent).to]),
        [[tx.id, null, 'waiting']],
      );
      room = 0;
      await control.move(tx.id, 'confirming');
      await forwarder.pollNow();
      assert.deepEqual(
        events.slice(2).map((e) => e.lane),
        ['gap:1'],
        'full again: a new gap',
      );
    } finally {
      forwarder.stop();
    }
  });

  it('with emitInitial sends what the first poll finds, from null; a lookback before the epoch asks from the oldest time', async () => {
    const tx = await control.create();
    const events: { event: OutboundEvent; lane: string; force: boolean | undefined }[] = [];
    const { sink } = sinkOf(events);
    const forwarder = new StatusForwarder({
      source,
      account: 'acc',
      sink,
      emitInitial: true,
      lookbackMs: 100 * YEAR,
      now: () => 1000,
    });
    try {
      await forwarder.pollNow();
      assert.equal(queries[0].since, 1_000_000_000_000_000);
      assert.deepEqual(
        events.map((e) => [e.lane, (e.event as StatusEvent).from]),
        [[tx.id, null]],
      );
      assert.equal(forwarder.state.tracked.get(tx.id)?.changes, 1);
    } finally {
      forwarder.stop();
    }
  });

  it('backs off after failed polls, and says a rate limit is one', async () => {
    const polls: PollOutcome[] = [];
    const { sink } = sinkOf([]);
    const forwarder = new StatusForwarder({
      source,
      account: 'acc',
      sink,
      intervalMs: 2000,
      onPoll: (p) => polls.push(p),
    });
    try {
      await harness.sandbox.stop();
      await forwarder.pollNow();
      await forwarder.pollNow();
      assert.deepEqual(
        polls.map((p) => [p.events, p.requests, p.nextInMs, p.rateLimited, p.error !== undefined]),
        [
          [0, 1, 4000, false, true],
          [0, 1, 8000, false, true],
        ],
      );
      assert.equal(forwarder.state.started, false, 'a failed first poll learns nothing');
      assert.equal(forwarder.polls, 2);
      assert.ok(MAX_BACKOFF_MS >= 8000);
    } finally {
      forwarder.stop();
    }
  });

  it('an empty first poll starts the cursor at the lookback; a poll stopped midway reports nothing; no listener is needed', async () => {
    const polls: PollOutcome[] = [];
    const { sink } = sinkOf([]);
    const empty = new StatusForwarder({ source, account: 'acc', sink, lookbackMs: 1000, now: () => 5_000_000_000_000 });
    await empty.pollNow();
    assert.equal(empty.state.cursor, (5_000_000_000_000 - 1000) * 1000);
    empty.stop();
    const stopped = new StatusForwarder({ source, account: 'acc', sink, onPoll: (p) => polls.push(p) });
    const pending = stopped.pollNow();
    stopped.stop();
    await pending;
    assert.deepEqual([polls.length, stopped.polls, stopped.state.started], [0, 0, false]);
    // Without onPoll or onGap, a failed poll and a gap still settle.
    const full = new StatusForwarder({
      source,
      account: 'acc',
      sink: { add: (_e, _l, force) => force === true, commit: () => undefined },
    });
    try {
      await full.pollNow();
      await control.create();
      await full.pollNow();
      assert.equal(full.state.gaps, 1);
      await harness.sandbox.stop();
      await full.pollNow();
      assert.equal(full.polls, 3);
    } finally {
      full.stop();
    }
  });

  it('bounds its interval and request share; one poll at a time; start once; nothing after stop', async () => {
    const { sink } = sinkOf([]);
    const make = (maxRps: number | undefined, intervalMs?: number, timers?: SchedulerTimers) =>
      new StatusForwarder({ source, account: 'acc', sink, maxRps, intervalMs, timers });
    assert.deepEqual(
      [0.5, 2.7, 10, 20, undefined].map((r) => make(r).maxRps),
      [1, 2, 10, 10, 5],
    );
    assert.deepEqual(
      [1, 999, 1000, 7000, undefined].map((i) => make(5, i).intervalMs),
      [1000, 1000, 1000, 7000, 5000],
    );
    const set: number[] = [];
    const timers: SchedulerTimers = { set: (_cb, ms) => set.push(ms), clear: () => undefined };
    const forwarder = make(5, 3000, timers);
    forwarder.start();
    forwarder.start();
    assert.deepEqual(set, [0], 'started once, at once');
    const a = forwarder.pollNow();
    assert.equal(forwarder.pollNow(), a, 'a poll under way is shared');
    await a;
    assert.equal(forwarder.polls, 1);
    forwarder.stop();
    assert.equal(forwarder.stopped, true);
    queries.length = 0;
    await forwarder.pollNow();
    forwarder.start();
    assert.equal(queries.length, 0);
    assert.equal(forwarder.polls, 1);
    assert.deepEqual(set, [0]);
  });
});
