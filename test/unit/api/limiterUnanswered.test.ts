/**
 * A call given up before its answer (cancelled, timed out, cut off) may still reach the service
 * after that moment: its slot must count from its arrival bound, not from when it was given up.
 * (Found by `npm run soak`: hovers cancelled while their request was on its way let an 11th
 * request into one second, and the sandbox refused it.)
 */
import { strict as assert } from 'assert';
import { RateLimiter } from '../../../src/api';
import { startHarness } from './support';
import type { Harness } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limiter: calls that ended without an answer', () => {
  /** A limiter of 1 per 50 ms, an arrival bound of 100 ms, on a clock the test sets. */
  function limiterAt() {
    const clock = { now: 0 };
    const limiter = new RateLimiter({
      limit: 1,
      intervalMs: 50,
      marginMs: 0,
      arrivalBoundMs: 100,
      now: () => clock.now,
    });
    return { clock, limiter };
  }

  /** Resolves with the clock's reading at the moment the next slot is granted. */
  function grantedAt(limiter: RateLimiter, clock: { now: number }): { readonly at: Promise<number>; granted: boolean } {
    const state = { granted: false, at: Promise.resolve(0) };
    state.at = limiter.acquire().then((release) => {
      state.granted = true;
      release();
      return clock.now;
    });
    return state;
  }

  it('an answered call counts from its answer: the next one goes a window later', async () => {
    const { clock, limiter } = limiterAt();
    const release = await limiter.acquire();
    clock.now = 10;
    release();
    const next = grantedAt(limiter, clock);
    clock.now = 60;
    assert.equal(await next.at, 60);
  });

  it('a call given up without an answer counts from its arrival bound: the next one waits for grant + bound + window', async () => {
    const { clock, limiter } = limiterAt();
    const release = await limiter.acquire();
    clock.now = 10;
    release(false);
    const next = grantedAt(limiter, clock);
    clock.now = 60;
    // Past the window after the moment it was given up (60), not past the one after its bound (150).
    await sleep(200);
    assert.equal(next.granted, false, 'not granted a window after the call was given up');
    clock.now = 150;
    assert.equal(await next.at, 150);
  });

  it('releasing twice counts the first release only', async () => {
    const { clock, limiter } = limiterAt();
    const release = await limiter.acquire();
    clock.now = 10;
    release(false);
    release(true);
    const next = grantedAt(limiter, clock);
    clock.now = 60;
    await sleep(200);
    assert.equal(next.granted, false);
    clock.now = 150;
    assert.equal(await next.at, 150);
  });
});

describe('ExchangeClient: a call cancelled on its way', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ faults: { latencyMs: 150 } });
  });
  after(async () => {
    await h.sandbox.stop();
  });

  it('holds its slot until its arrival bound: the next call is not sent a window after the cancel', async () => {
    const clock = { now: 0 };
    const limiter = new RateLimiter({
      limit: 1,
      intervalMs: 50,
      marginMs: 0,
      arrivalBoundMs: 400,
      now: () => clock.now,
    });
    const client = h.client({ limiter });
    const asked = (limit: number) =>
      h.sandbox.requests.filter((r) => (r.params as { limit?: unknown } | undefined)?.limit === limit).length;
    try {
      const first = new AbortController();
      const cancelled = client.getTransactions({ limit: 1 }, { signal: first.signal }).then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.name : 'failed'),
      );
      await eventually(() => asked(1) === 1);
      clock.now = 20;
      first.abort();
      assert.equal(await cancelled, 'CancelledError');
      const second = client.getTransactions({ limit: 2 });
      // A window after the cancel (20 + 50), before the bound (0 + 400 + 50).
      clock.now = 100;
      await sleep(300);
      assert.equal(asked(2), 0, 'the next call waits: the cancelled one may still be arriving');
      clock.now = 450;
      await second;
      assert.equal(asked(2), 1);
    } finally {
      client.dispose();
    }
  });
});

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(10);
  assert.ok(check(), 'the first call reached the sandbox');
}
