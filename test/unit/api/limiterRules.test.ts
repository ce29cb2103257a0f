// The rate limiter's rules that need no waiting: its window, its refusal of a bad limit,
// cancellation before and while queued, dispose, and the next caller served the moment the
// oldest slot's answer frees it. A window of 0 ms makes "free now" exact, so nothing here is timed.
import { strict as assert } from 'assert';
import { getEventListeners } from 'events';
import { CancelledError, RateLimiter } from '../../../src/api';
import { settledNow } from '../support/until';

describe('rate limiter rules', () => {
  it('counts a window of the interval plus the margin: 1005 ms by default', () => {
    assert.equal(new RateLimiter().windowMs, 1005);
    assert.equal(new RateLimiter({ intervalMs: 100, marginMs: 2 }).windowMs, 102);
    assert.equal(new RateLimiter().limit, 10);
  });

  it('refuses a limit that is no positive integer', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      assert.throws(
        () => new RateLimiter({ limit }),
        (e: unknown) => e instanceof RangeError && e.message === 'limit must be a positive integer',
        String(limit),
      );
    }
    assert.equal(new RateLimiter({ limit: 1 }).limit, 1);
  });

  it('refuses at once a caller whose signal is already aborted, adding no listener and queuing nothing', async () => {
    const limiter = new RateLimiter({ limit: 1 });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(limiter.acquire(controller.signal), CancelledError);
    assert.equal(limiter.pending, 0);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });

  it('a granted caller leaves no listener on its signal; a queued one that aborts leaves the queue', async () => {
    const limiter = new RateLimiter({ limit: 1, arrivalBoundMs: 60_000 });
    const first = new AbortController();
    const release = await limiter.acquire(first.signal);
    assert.equal(getEventListeners(first.signal, 'abort').length, 0, 'removed once granted');
    const second = new AbortController();
    const waiting = limiter.acquire(second.signal);
    assert.equal(limiter.pending, 1);
    assert.equal(getEventListeners(second.signal, 'abort').length, 1);
    second.abort();
    await assert.rejects(waiting, CancelledError);
    assert.equal(limiter.pending, 0);
    release();
    limiter.dispose();
  });

  it('dispose rejects every queued caller and removes their listeners', async () => {
    const limiter = new RateLimiter({ limit: 1, arrivalBoundMs: 60_000 });
    await limiter.acquire();
    const signals = [new AbortController(), new AbortController()];
    const waiting = signals.map((c) => limiter.acquire(c.signal));
    assert.equal(limiter.pending, 2);
    limiter.dispose();
    for (const w of waiting) await assert.rejects(w, CancelledError);
    assert.equal(limiter.pending, 0);
    for (const c of signals) assert.equal(getEventListeners(c.signal, 'abort').length, 0);
  });

  it('serves the next caller the moment the oldest slot is answered (window 0), not at its arrival bound', async () => {
    const limiter = new RateLimiter({ limit: 1, intervalMs: 0, marginMs: 0, arrivalBoundMs: 60_000 });
    const release = await limiter.acquire();
    const next = limiter.acquire();
    assert.equal(await settledNow(next), false, 'waits while the slot is unanswered');
    release();
    assert.equal(await settledNow(next), true, 'granted when the answer came');
    (await next)();
    limiter.dispose();
  });

  it('holds every caller back for the time the service asked, even with free slots', async () => {
    let now = 1000;
    const limiter = new RateLimiter({ limit: 5, now: () => now });
    limiter.holdFor(60_000);
    const held = limiter.acquire();
    assert.equal(await settledNow(held), false);
    now += 60_000;
    limiter.holdFor(0);
    assert.equal(await settledNow(held), true, 'granted once the hold is over');
    limiter.dispose();
  });
});
