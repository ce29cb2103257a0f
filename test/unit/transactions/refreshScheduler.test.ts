import { strict as assert } from 'assert';
import fc from 'fast-check';
import { RefreshScheduler } from '../../../src/features/transactions/refreshScheduler';
import { MAX_BACKOFF_MS } from '../../../src/shared/timers';
import type { RefreshOutcome } from '../../../src/features/transactions/refreshScheduler';
import { deferred, FakeTimers, settle } from '../support/fakeTimers';

const INTERVAL = 30_000;

interface Subject {
  readonly s: RefreshScheduler;
  readonly timers: FakeTimers;
  readonly runs: () => number;
}

function subject(
  outcomes: () => RefreshOutcome | Promise<RefreshOutcome> = () => 'ok',
  intervalMs = INTERVAL,
): Subject {
  const timers = new FakeTimers();
  let runs = 0;
  const s = new RefreshScheduler({
    intervalMs,
    timers,
    now: () => timers.now,
    run: async () => {
      runs++;
      return outcomes();
    },
  });
  return { s, timers, runs: () => runs };
}

describe('RefreshScheduler', () => {
  it('never runs while hidden', async () => {
    const { s, timers, runs } = subject();
    await timers.advance(3_600_000);
    assert.equal(runs(), 0);
    assert.equal(timers.pending.size, 0);
    assert.equal(s.nextAt, undefined);
    s.dispose();
  });

  it('never runs with an interval of 0 (or less), visible or not', async () => {
    for (const interval of [0, -5]) {
      const { s, timers, runs } = subject(() => 'ok', interval);
      assert.equal(s.interval, 0);
      s.setVisible(true);
      await timers.advance(3_600_000);
      assert.equal(runs(), 0);
      assert.equal(timers.pending.size, 0);
      s.dispose();
    }
  });

  it('runs at once on first becoming visible, then every interval', async () => {
    const { s, timers, runs } = subject();
    s.setVisible(true);
    assert.equal(s.nextAt, 0);
    await timers.advance(0);
    assert.equal(runs(), 1);
    assert.equal(s.nextAt, INTERVAL);
    await timers.advance(INTERVAL - 1);
    assert.equal(runs(), 1);
    await timers.advance(1);
    assert.equal(runs(), 2);
    await timers.advance(3 * INTERVAL);
    assert.equal(runs(), 5);
    assert.equal(timers.pending.size, 1, 'always exactly one timer');
    s.dispose();
  });

  it('hiding stops it; showing again runs at once when due, else when due', async () => {
    const { s, timers, runs } = subject();
    s.setVisible(true);
    await timers.advance(0);
    s.setVisible(false);
    assert.equal(timers.pending.size, 0);
    await timers.advance(10 * INTERVAL);
    assert.equal(runs(), 1, 'nothing while hidden');
    s.setVisible(true);
    assert.equal(s.nextAt, timers.now, 'overdue: at once');
    await timers.advance(0);
    assert.equal(runs(), 2);

    await timers.advance(10_000);
    s.setVisible(false);
    s.setVisible(true);
    assert.equal(s.nextAt, timers.now + INTERVAL - 10_000, 'not due yet: when due');
    s.setVisible(true);
    assert.equal(timers.pending.size, 1, 'showing twice sets one timer');
    await timers.advance(INTERVAL - 10_001);
    assert.equal(runs(), 2);
    await timers.advance(1);
    assert.equal(runs(), 3);
    s.dispose();
  });

  it('one refresh at a time: no timer while one runs, the next an interval after it ends', async () => {
    const gate = deferred();
    let active = 0;
    let maxActive = 0;
    const { s, timers, runs } = subject(async (): Promise<RefreshOutcome> => {
      active++;
      maxActive = Math.max(maxActive, active);
      await gate.promise;
      active--;
      return 'ok';
    });
    s.setVisible(true);
    await timers.advance(0);
    assert.equal(runs(), 1);
    assert.equal(timers.pending.size, 0);
    s.setVisible(false);
    s.setVisible(true);
    s.setInterval(1000);
    s.forget();
    await timers.advance(10 * INTERVAL);
    assert.equal(runs(), 1, 'nothing starts a second refresh meanwhile');
    assert.equal(timers.pending.size, 0);
    const endedAt = timers.now;
    gate.resolve();
    await settle();
    assert.equal(maxActive, 1);
    assert.equal(timers.pending.size, 1);
    assert.equal(s.nextAt, endedAt + 1000);
    s.dispose();
  });

  it('doubles the wait after each failure up to 5 minutes, and resets it after a success', async () => {
    const script: RefreshOutcome[] = ['failed', 'failed', 'failed', 'failed', 'failed', 'ok', 'ok'];
    const { s, timers } = subject(() => script.shift() ?? 'ok');
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(60_000 + 120_000 + 240_000 + 300_000 + 300_000 + 30_000);
    assert.deepEqual(timers.delays, [0, 60_000, 120_000, 240_000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, 30_000, 30_000]);
    assert.equal(MAX_BACKOFF_MS, 300_000);
    s.dispose();
  });

  it('a refresh that throws counts as failed; skipped ones neither fail nor reset', async () => {
    const script: (RefreshOutcome | 'throw')[] = ['throw', 'skipped', 'failed', 'skipped', 'ok'];
    const { s, timers } = subject(() => {
      const next = script.shift() ?? 'ok';
      if (next === 'throw') throw new Error('boom');
      return next;
    });
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(60_000 + 60_000 + 120_000 + 120_000);
    assert.deepEqual(timers.delays, [0, 60_000, 60_000, 120_000, 120_000, 30_000]);
    s.dispose();
  });

  it('an interval longer than 5 minutes is never shortened by the backoff', async () => {
    const { s, timers } = subject(() => 'failed', 600_000);
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(600_000);
    assert.deepEqual(timers.delays, [0, 600_000, 600_000]);
    s.dispose();
  });

  it('a refresh from outside postpones the next one a whole interval (or the backoff after a failure)', async () => {
    const { s, timers, runs } = subject();
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(20_000);
    s.refreshed('ok');
    assert.equal(s.nextAt, 50_000);
    await timers.advance(29_999);
    assert.equal(runs(), 1);
    s.refreshed('failed');
    assert.equal(s.nextAt, timers.now + 60_000, 'an outside failure backs off too');
    await timers.advance(60_000);
    assert.equal(runs(), 2);
    assert.equal(s.nextAt, timers.now + INTERVAL, 'the automatic success reset the backoff');
    s.dispose();
  });

  it('a refresh reported while the automatic one runs is that refresh: counted once', async () => {
    const timers = new FakeTimers();
    const s: RefreshScheduler = new RefreshScheduler({
      intervalMs: INTERVAL,
      timers,
      now: () => timers.now,
      run: () => {
        // The view reports the list's own end of refresh before its run() returns.
        s.refreshed('failed');
        return Promise.resolve('failed');
      },
    });
    s.setVisible(true);
    await timers.advance(0);
    assert.equal(s.nextAt, 60_000, 'one failure, not two');
    s.dispose();
  });

  it('a refresh reported while hidden moves the due time without running anything', async () => {
    const { s, timers, runs } = subject();
    timers.now = 100_000;
    s.refreshed('ok');
    assert.equal(timers.pending.size, 0);
    await timers.advance(10_000);
    s.setVisible(true);
    assert.equal(s.nextAt, 130_000);
    await timers.advance(20_000);
    assert.equal(runs(), 1);
    s.dispose();
  });

  it('forget(): due at once again, and the backoff is dropped', async () => {
    const { s, timers, runs } = subject(() => 'failed');
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(60_000);
    assert.equal(s.nextAt, timers.now + 120_000);
    s.forget();
    assert.equal(s.nextAt, timers.now);
    await timers.advance(0);
    assert.equal(runs(), 3);
    assert.equal(s.nextAt, timers.now + 60_000, 'one failure since forget()');
    s.dispose();
  });

  it('setInterval() replans from the last refresh; 0 stops, a value again resumes', async () => {
    const { s, timers, runs } = subject();
    s.setVisible(true);
    await timers.advance(0);
    await timers.advance(5000);
    s.setInterval(10_000);
    assert.equal(s.interval, 10_000);
    assert.equal(s.nextAt, 10_000);
    s.setInterval(0);
    assert.equal(timers.pending.size, 0);
    await timers.advance(100_000);
    assert.equal(runs(), 1);
    s.setInterval(60_000);
    assert.equal(s.nextAt, timers.now, 'overdue by the new interval: at once');
    await timers.advance(0);
    assert.equal(runs(), 2);
    assert.equal(s.nextAt, timers.now + 60_000);
    s.dispose();
  });

  it('dispose() stops it, also when it comes during a refresh', async () => {
    const gate = deferred();
    const { s, timers, runs } = subject(async (): Promise<RefreshOutcome> => (await gate.promise, 'ok'));
    s.setVisible(true);
    await timers.advance(0);
    s.dispose();
    gate.resolve();
    await settle();
    assert.equal(timers.pending.size, 0);
    s.setVisible(false);
    s.setVisible(true);
    s.forget();
    s.refreshed('ok');
    await timers.advance(10 * INTERVAL);
    assert.equal(runs(), 1);
    assert.equal(timers.pending.size, 0);

    const idle = subject();
    idle.s.setVisible(true);
    idle.s.dispose();
    assert.equal(idle.timers.pending.size, 0);
    await idle.timers.advance(INTERVAL);
    assert.equal(idle.runs(), 0);
  });

  it('for any outcomes: one timer at most, each wait the interval doubled per failure in a row, capped (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<RefreshOutcome>('ok', 'failed', 'skipped'), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1000, max: 600_000 }),
        async (script, interval) => {
          const queue = [...script];
          const { s, timers } = subject(() => queue.shift() ?? 'ok', interval);
          s.setVisible(true);
          const expected = [0];
          let failures = 0;
          for (const outcome of script) {
            if (outcome === 'ok') failures = 0;
            if (outcome === 'failed') failures++;
            expected.push(
              failures === 0 ? interval : Math.min(Math.max(interval, MAX_BACKOFF_MS), interval * 2 ** failures),
            );
          }
          for (let i = 0; i < script.length; i++) {
            assert.equal(timers.pending.size, 1);
            await timers.advance(timers.delays.at(-1) ?? 0);
          }
          assert.deepEqual(timers.delays, expected);
          s.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });
});
