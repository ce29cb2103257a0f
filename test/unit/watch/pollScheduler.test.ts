import { strict as assert } from 'assert';
import fc from 'fast-check';
import { PollScheduler } from '../../../src/features/watch/pollScheduler';
import { MAX_BACKOFF_MS, backoffDelay } from '../../../src/shared/timers';
import type { PollOutcome } from '../../../src/features/watch/pollScheduler';
import { deferred, FakeTimers, settle } from '../support/fakeTimers';

function scheduler(
  timers: FakeTimers,
  outcomes: () => PollOutcome | Promise<PollOutcome>,
  intervalMs = 10_000,
): { s: PollScheduler; runs: () => number } {
  let runs = 0;
  const s = new PollScheduler({
    intervalMs,
    timers,
    now: () => timers.now,
    run: async () => {
      runs++;
      return outcomes();
    },
  });
  return { s, runs: () => runs };
}

describe('backoffDelay', () => {
  it('is the interval without failures and doubles per failure', () => {
    assert.equal(backoffDelay(10_000, 0), 10_000);
    assert.equal(backoffDelay(10_000, 1), 20_000);
    assert.equal(backoffDelay(10_000, 2), 40_000);
    assert.equal(backoffDelay(10_000, 3), 80_000);
  });

  it('stops at the cap, or at the interval when that is longer', () => {
    assert.equal(backoffDelay(10_000, 6), MAX_BACKOFF_MS);
    assert.equal(backoffDelay(10_000, 1000), MAX_BACKOFF_MS);
    assert.equal(backoffDelay(600_000, 3), 600_000);
    assert.equal(backoffDelay(2000, 4, 20_000), 20_000);
  });

  it('never goes below the interval nor above the cap (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), fc.nat({ max: 10_000 }), (interval, failures) => {
        const delay = backoffDelay(interval, failures);
        assert.ok(Number.isFinite(delay));
        assert.ok(delay >= interval);
        assert.ok(delay <= Math.max(interval, MAX_BACKOFF_MS));
      }),
    );
  });
});

describe('PollScheduler', () => {
  it('reschedules itself at the interval after each successful poll', async () => {
    const timers = new FakeTimers();
    const { s, runs } = scheduler(timers, () => 'ok');
    s.schedule(2000);
    await timers.advance(2000);
    assert.equal(runs(), 1);
    await timers.advance(9999);
    assert.equal(runs(), 1);
    await timers.advance(1);
    assert.equal(runs(), 2);
    await timers.advance(30_000);
    assert.equal(runs(), 5);
    assert.equal(timers.pending.size, 1, 'always exactly one timer');
    s.dispose();
  });

  it('doubles the wait after each failed poll and resets it after a successful one', async () => {
    const timers = new FakeTimers();
    const script: PollOutcome[] = ['failed', 'failed', 'failed', 'ok', 'ok'];
    const { s } = scheduler(timers, () => script.shift() ?? 'ok');
    await s.pollNow();
    assert.equal(s.failures, 1);
    assert.equal(s.nextPollAt, 20_000);
    await timers.advance(20_000);
    assert.equal(s.failures, 2);
    await timers.advance(40_000);
    assert.equal(s.failures, 3);
    await timers.advance(80_000);
    assert.equal(s.failures, 0);
    await timers.advance(10_000);
    assert.deepEqual(timers.delays, [20_000, 40_000, 80_000, 10_000, 10_000]);
    s.dispose();
  });

  it('counts a poll that throws as failed and reports the error', async () => {
    const timers = new FakeTimers();
    const errors: unknown[] = [];
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: () => Promise.reject(new Error('boom')),
      onError: (e) => errors.push(e),
    });
    await s.pollNow();
    await s.pollNow();
    assert.equal(s.failures, 2);
    assert.equal(errors.length, 2);
    assert.equal(s.currentDelayMs, 4000);
    s.dispose();
  });

  it('never runs two polls at once: calls during a poll share one more poll after it', async () => {
    const timers = new FakeTimers();
    let active = 0;
    let maxActive = 0;
    const gates = [deferred(), deferred()];
    let runs = 0;
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: async () => {
        const gate = gates[runs++];
        active++;
        maxActive = Math.max(maxActive, active);
        await gate?.promise;
        active--;
        return 'ok';
      },
    });
    const first = s.pollNow();
    const second = s.pollNow();
    const third = s.pollNow();
    assert.equal(second, third, 'the queued poll is shared');
    assert.equal(s.polling, true);
    assert.equal(timers.pending.size, 0, 'no timer while polling');
    gates[0]?.resolve();
    await first;
    await settle();
    assert.equal(runs, 2, 'the queued poll started right after the first one');
    gates[1]?.resolve();
    await second;
    assert.equal(maxActive, 1);
    assert.equal(runs, 2);
    assert.equal(timers.pending.size, 1, 'one timer after the queued poll');
    s.dispose();
  });

  it('a timer that falls due during a poll does not start a second one', async () => {
    const timers = new FakeTimers();
    const gate = deferred();
    let runs = 0;
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: async () => (runs++, await gate.promise, 'ok'),
    });
    s.schedule(0);
    await timers.advance(0);
    assert.equal(runs, 1);
    s.schedule(0);
    await timers.advance(5000);
    assert.equal(runs, 1, 'schedule() is ignored while a poll runs');
    gate.resolve();
    await settle();
    assert.equal(timers.pending.size, 1);
    s.dispose();
  });

  it('sets no timer while there is nothing to poll, until asked', async () => {
    const timers = new FakeTimers();
    let outcome: PollOutcome = 'idle';
    const { s, runs } = scheduler(timers, () => outcome);
    await s.pollNow();
    assert.equal(timers.pending.size, 0);
    assert.equal(s.nextPollAt, undefined);
    outcome = 'ok';
    s.schedule(500);
    s.schedule(5000);
    assert.equal(s.nextPollAt, 500, 'a later schedule() keeps the sooner timer');
    s.schedule(100);
    assert.equal(s.nextPollAt, 100, 'a sooner one replaces it');
    assert.equal(timers.pending.size, 1);
    await timers.advance(100);
    assert.equal(runs(), 2);
    s.dispose();
  });

  it('a new interval resets the pending timer', async () => {
    const timers = new FakeTimers();
    const { s, runs } = scheduler(timers, () => 'ok');
    await s.pollNow();
    assert.equal(s.nextPollAt, 10_000);
    s.setInterval(3000);
    assert.equal(s.nextPollAt, 3000);
    assert.equal(timers.pending.size, 1);
    await timers.advance(3000);
    assert.equal(runs(), 2);
    assert.equal(s.nextPollAt, 6000);
    s.dispose();
  });

  it('resetBackoff() makes the next wait the interval again', async () => {
    const timers = new FakeTimers();
    const { s } = scheduler(timers, () => 'failed');
    await s.pollNow();
    await s.pollNow();
    assert.equal(s.currentDelayMs, 40_000);
    s.resetBackoff();
    assert.equal(s.currentDelayMs, 10_000);
    s.dispose();
  });

  it('dispose() clears the timer; a poll running then schedules nothing', async () => {
    const timers = new FakeTimers();
    const gate = deferred();
    let runs = 0;
    const s = new PollScheduler({
      intervalMs: 1000,
      timers,
      now: () => timers.now,
      run: async () => (runs++, await gate.promise, 'ok'),
    });
    const running = s.pollNow();
    s.dispose();
    gate.resolve();
    await running;
    assert.equal(timers.pending.size, 0);
    await s.pollNow();
    s.schedule(0);
    await timers.advance(10_000);
    assert.equal(runs, 1);
    assert.equal(timers.pending.size, 0);
  });

  it('for any sequence of outcomes: one poll at a time, at most one timer, the wait as backoffDelay says (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<PollOutcome>('ok', 'failed'), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1000, max: 60_000 }),
        async (script, interval) => {
          const timers = new FakeTimers();
          const queue = [...script];
          let failures = 0;
          let active = 0;
          const s = new PollScheduler({
            intervalMs: interval,
            timers,
            now: () => timers.now,
            run: async () => {
              active++;
              assert.equal(active, 1);
              await settle();
              active--;
              return queue.shift() ?? 'idle';
            },
          });
          const expected: number[] = [];
          for (const outcome of script) {
            failures = outcome === 'ok' ? 0 : failures + 1;
            expected.push(backoffDelay(interval, failures));
          }
          await s.pollNow();
          while (timers.pending.size > 0) {
            assert.equal(timers.pending.size, 1);
            await timers.advance(MAX_BACKOFF_MS + interval);
          }
          assert.deepEqual(timers.delays, expected);
          s.dispose();
        },
      ),
      { numRuns: 50 },
    );
  });
});
