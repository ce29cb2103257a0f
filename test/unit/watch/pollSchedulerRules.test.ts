/**
 * The poll scheduler's smaller rules, each written out: a backoff cap given as an option, the
 * getters, which calls set a timer (counted through the fake timers' delays) and which do nothing,
 * and what happens after dispose.
 */
import { strict as assert } from 'assert';
import { PollScheduler } from '../../../src/features/watch/pollScheduler';
import { backoffDelay } from '../../../src/shared/timers';
import type { PollOutcome } from '../../../src/features/watch/pollScheduler';
import { deferred, FakeTimers } from '../support/fakeTimers';

describe('PollScheduler rules', () => {
  it('backoffDelay: no failures, or a negative count, is the interval itself', () => {
    assert.equal(backoffDelay(1000, 0), 1000);
    assert.equal(backoffDelay(1000, -1), 1000);
    assert.equal(backoffDelay(-5, 2), 0);
  });

  it('takes its backoff cap from the options', async () => {
    const timers = new FakeTimers();
    const s = new PollScheduler({
      intervalMs: 1000,
      maxBackoffMs: 3000,
      timers,
      now: () => timers.now,
      run: () => Promise.resolve<PollOutcome>('failed'),
    });
    await s.pollNow();
    await s.pollNow();
    await s.pollNow();
    assert.equal(s.failures, 3);
    assert.equal(s.currentDelayMs, 3000);
    assert.equal(s.nextPollAt, 3000);
    s.dispose();
  });

  it('says its interval, whether a poll runs now, and when the next is due', async () => {
    const timers = new FakeTimers();
    const gate = deferred();
    const s = new PollScheduler({
      intervalMs: 10_000,
      timers,
      now: () => timers.now,
      run: async () => (await gate.promise, 'ok'),
    });
    assert.equal(s.interval, 10_000);
    assert.equal(s.polling, false);
    assert.equal(s.nextPollAt, undefined);
    const running = s.pollNow();
    assert.equal(s.polling, true);
    gate.resolve();
    await running;
    assert.equal(s.polling, false);
    assert.equal(s.nextPollAt, 10_000);
    s.setInterval(4000);
    assert.equal(s.interval, 4000);
    s.dispose();
    assert.equal(s.nextPollAt, undefined);
  });

  it('schedule() while a poll runs sets no timer; the poll sets the next when it ends', async () => {
    const timers = new FakeTimers();
    const gate = deferred();
    const s = new PollScheduler({
      intervalMs: 10_000,
      timers,
      now: () => timers.now,
      run: async () => (await gate.promise, 'ok'),
    });
    const running = s.pollNow();
    s.schedule(100);
    assert.deepEqual(timers.delays, []);
    gate.resolve();
    await running;
    assert.deepEqual(timers.delays, [10_000]);
    s.dispose();
  });

  it('schedule() keeps a timer due as soon or sooner, and sets none after dispose', () => {
    const timers = new FakeTimers();
    const s = new PollScheduler({
      intervalMs: 10_000,
      timers,
      now: () => timers.now,
      run: () => Promise.resolve<PollOutcome>('ok'),
    });
    s.schedule(100);
    s.schedule(100);
    s.schedule(5000);
    assert.deepEqual(timers.delays, [100]);
    assert.equal(s.nextPollAt, 100);
    s.dispose();
    s.schedule(50);
    assert.deepEqual(timers.delays, [100]);
    assert.equal(timers.pending.size, 0);
  });

  it('setInterval() with the same interval, or with no timer pending, sets no timer', async () => {
    const timers = new FakeTimers();
    const script: PollOutcome[] = ['ok', 'idle'];
    const s = new PollScheduler({
      intervalMs: 10_000,
      timers,
      now: () => timers.now,
      run: () => Promise.resolve(script.shift() ?? 'idle'),
    });
    await s.pollNow();
    s.setInterval(10_000);
    assert.deepEqual(timers.delays, [10_000]);
    await s.pollNow();
    assert.equal(timers.pending.size, 0, 'idle: nothing to poll');
    s.setInterval(3000);
    assert.equal(timers.pending.size, 0);
    assert.deepEqual(timers.delays, [10_000]);
    s.dispose();
  });

  it('an idle poll leaves the failure count as it was', async () => {
    const timers = new FakeTimers();
    const script: PollOutcome[] = ['failed', 'idle'];
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: () => Promise.resolve(script.shift() ?? 'idle'),
    });
    await s.pollNow();
    await s.pollNow();
    assert.equal(s.failures, 1);
    s.dispose();
  });

  it('a poll that throws with no onError given still resolves', async () => {
    const timers = new FakeTimers();
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: () => Promise.reject(new Error('boom')),
    });
    await s.pollNow();
    assert.equal(s.failures, 1);
    s.dispose();
  });

  it('a poll queued behind a running one sets one timer, after itself; after dispose neither runs nor sets one', async () => {
    const timers = new FakeTimers();
    let gate = deferred();
    let runs = 0;
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: async () => (runs++, await gate.promise, 'ok'),
    });
    const first = s.pollNow();
    const queued = s.pollNow();
    const firstGate = gate;
    gate = deferred();
    firstGate.resolve();
    await first;
    assert.deepEqual(timers.delays, [], 'the queued poll starts at once: no timer between');
    gate.resolve();
    await queued;
    assert.equal(runs, 2);
    assert.deepEqual(timers.delays, [1000]);

    const before = runs;
    gate = deferred();
    const third = s.pollNow();
    const afterDispose = s.pollNow();
    s.dispose();
    gate.resolve();
    await third;
    await afterDispose;
    assert.equal(runs, before + 1, 'the queued poll does not run after dispose');
    await s.pollNow();
    assert.equal(runs, before + 1);
    assert.deepEqual(timers.delays, [1000]);
  });
});
