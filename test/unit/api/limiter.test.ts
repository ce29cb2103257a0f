import { strict as assert } from 'assert';
import {
  CancelledError,
  RateLimiter,
  RetryPolicy,
  RateLimitError,
  TimeoutError,
  InvalidParameterError,
  endpointUrl,
} from '../../../src/api';

describe('rate limiter (plain timers)', () => {
  it('grants at most `limit` starts per window, first come first served', async () => {
    const limiter = new RateLimiter({ limit: 3, intervalMs: 200, marginMs: 0 });
    const order: number[] = [];
    const times: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        limiter.acquire().then((release) => {
          release();
          order.push(i);
          times.push(performance.now() - start);
        }),
      ),
    );
    assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 3; i < times.length; i++)
      assert.ok((times[i] ?? 0) - (times[i - 3] ?? 0) >= 199, `start ${i} came too early`);
  });

  it('counts a slot from its answer, so a late answer pushes the next window back', async () => {
    const limiter = new RateLimiter({ limit: 1, intervalMs: 100, marginMs: 0, arrivalBoundMs: 10_000 });
    const release = await limiter.acquire();
    const start = performance.now();
    const next = limiter.acquire();
    setTimeout(release, 150);
    (await next)();
    assert.ok(performance.now() - start >= 245, 'the second grant waits a full window after the first answer');
  });

  it('does not let an unanswered call block everyone for longer than its arrival bound', async () => {
    const limiter = new RateLimiter({ limit: 1, intervalMs: 100, marginMs: 0, arrivalBoundMs: 50 });
    await limiter.acquire(); // never released: a hanging call
    const start = performance.now();
    (await limiter.acquire())();
    const waited = performance.now() - start;
    assert.ok(waited >= 145, `waited ${waited}`);
  });

  it('lets a cancelled waiter leave the queue without blocking the others', async () => {
    const limiter = new RateLimiter({ limit: 1, intervalMs: 100, marginMs: 0 });
    (await limiter.acquire())();
    const controller = new AbortController();
    const cancelled = limiter.acquire(controller.signal);
    const next = limiter.acquire();
    controller.abort();
    await assert.rejects(cancelled, CancelledError);
    (await next)();
    assert.equal(limiter.pending, 0);
  });

  it('holds everyone back after the service said the limit was reached', async () => {
    const limiter = new RateLimiter({ limit: 10, intervalMs: 1000, marginMs: 0 });
    limiter.holdFor(120);
    const start = performance.now();
    (await limiter.acquire())();
    assert.ok(performance.now() - start >= 110);
  });
});

describe('retry policy', () => {
  it('retries transient errors a bounded number of times with growing jittered backoff', async () => {
    const policy = new RetryPolicy({ retries: 3, baseDelayMs: 4, rateLimitDelayMs: 8, random: () => 0.5 });
    let calls = 0;
    const delays: number[] = [];
    await assert.rejects(
      policy.run(
        async () => {
          calls++;
          throw new TimeoutError(10);
        },
        undefined,
        (e) => delays.push(e.delayMs),
      ),
      TimeoutError,
    );
    assert.equal(calls, 4);
    assert.deepEqual(delays, [3, 6, 12]);
    assert.equal(policy.delayFor(new RateLimitError(10, 'x'), 1), 6);
  });

  it('does not retry errors that are not transient', async () => {
    const policy = new RetryPolicy({ retries: 3, baseDelayMs: 1 });
    let calls = 0;
    await assert.rejects(
      policy.run(async () => {
        calls++;
        throw new InvalidParameterError('id');
      }),
      InvalidParameterError,
    );
    assert.equal(calls, 1);
  });

  it('succeeds after a transient failure', async () => {
    const policy = new RetryPolicy({ retries: 2, baseDelayMs: 1 });
    let calls = 0;
    const value = await policy.run(async () => {
      if (++calls < 2) throw new RateLimitError(10, 'Error: You reached requests limit 10 rps');
      return 'ok';
    });
    assert.deepEqual([value, calls], ['ok', 2]);
  });
});

describe('endpoint address', () => {
  it('accepts the base URL with or without /v2 and trailing slashes', () => {
    for (const base of [
      'https://api.changelly.com',
      'https://api.changelly.com/',
      'https://api.changelly.com/v2',
      'https://api.changelly.com/v2/',
    ]) {
      assert.equal(endpointUrl(base), 'https://api.changelly.com/v2');
    }
    assert.equal(endpointUrl('http://127.0.0.1:4000/proxy/'), 'http://127.0.0.1:4000/proxy/v2');
    assert.throws(() => endpointUrl('ftp://x'));
    assert.throws(() => endpointUrl('not a url'));
  });
});
