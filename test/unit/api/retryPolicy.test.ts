/**
 * The retry policy on its own, with written-out numbers: its defaults (3 retries, 250 ms for
 * transient faults, 500 ms after a rate-limit answer, at most 8 s), equal jitter, what stops
 * retrying (a cancelled signal, a caller's narrower rule), and its cancellable sleep.
 */
import { strict as assert } from 'assert';
import {
  CancelledError,
  InternalServiceError,
  RateLimitError,
  RetryPolicy,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import { sleep } from '../../../src/api/retry';

describe('retry policy: defaults and backoff, written out', () => {
  it('defaults to 3 retries, 250 ms doubling for faults, 500 ms doubling after a rate limit, capped at 8 s', () => {
    const low = new RetryPolicy({ random: () => 0 });
    const high = new RetryPolicy({ random: () => 0.999999 });
    assert.equal(low.retries, 3);
    const timeout = new TimeoutError(1);
    const rate = new RateLimitError(10, 'Error: You reached requests limit 10 rps');
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => low.delayFor(timeout, n)),
      [125, 250, 500, 1000, 2000, 4000, 4000, 4000],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => high.delayFor(timeout, n)),
      [250, 500, 1000, 2000, 4000, 8000, 8000],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((n) => low.delayFor(rate, n)),
      [250, 500, 1000, 2000, 4000, 4000],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((n) => high.delayFor(rate, n)),
      [500, 1000, 2000, 4000, 8000],
    );
  });

  it('equal jitter: half the ceiling fixed, half drawn, rounded', () => {
    const policy = new RetryPolicy({ baseDelayMs: 100, rateLimitDelayMs: 1000, maxDelayMs: 300, random: () => 0.25 });
    assert.equal(policy.delayFor(new InternalServiceError(-32603, 'Internal Error'), 1), 63);
    assert.equal(policy.delayFor(new InternalServiceError(-32603, 'Internal Error'), 2), 125);
    assert.equal(policy.delayFor(new InternalServiceError(-32603, 'Internal Error'), 3), 188);
    assert.equal(policy.delayFor(new RateLimitError(10, 'x'), 1), 188);
  });

  it('reports each retry with its attempt, delay and error before waiting', async () => {
    const policy = new RetryPolicy({ retries: 2, baseDelayMs: 2, random: () => 0 });
    const errors = [new TransportError('HTTP 502', 502), new TimeoutError(5)];
    const events: [number, number, string][] = [];
    const value = await policy.run(
      async (n) => {
        const error = errors[n - 1];
        if (error) throw error;
        return `answer of attempt ${n}`;
      },
      undefined,
      (e) => events.push([e.attempt, e.delayMs, e.error.kind]),
    );
    assert.equal(value, 'answer of attempt 3');
    assert.deepEqual(events, [
      [1, 1, 'transport'],
      [2, 2, 'timeout'],
    ]);
  });

  it('retries = 0 tries once', async () => {
    let calls = 0;
    await assert.rejects(
      new RetryPolicy({ retries: 0 }).run(async () => {
        calls++;
        throw new TimeoutError(1);
      }),
      TimeoutError,
    );
    assert.equal(calls, 1);
  });

  it("a caller's rule narrows what is retried (a create call: rate limits only)", async () => {
    const policy = new RetryPolicy({ baseDelayMs: 1, rateLimitDelayMs: 1 });
    const onlyRateLimits = (e: unknown) => e instanceof RateLimitError;
    let calls = 0;
    await assert.rejects(
      policy.run(
        async () => {
          calls++;
          throw new InternalServiceError(-32603, 'Internal Error');
        },
        undefined,
        undefined,
        onlyRateLimits,
      ),
      InternalServiceError,
    );
    assert.equal(calls, 1);
    calls = 0;
    assert.equal(
      await policy.run(
        async () => {
          if (++calls === 1) throw new RateLimitError(10, 'x');
          return 'created';
        },
        undefined,
        undefined,
        onlyRateLimits,
      ),
      'created',
    );
    assert.equal(calls, 2);
  });

  it('an error that is not an ExchangeError is not retried', async () => {
    let calls = 0;
    await assert.rejects(
      new RetryPolicy({ baseDelayMs: 1 }).run(async () => {
        calls++;
        throw new Error('a bug');
      }),
      /a bug/,
    );
    assert.equal(calls, 1);
  });

  it('stops retrying once the signal is aborted: the error of the attempt, no further attempt', async () => {
    const controller = new AbortController();
    let calls = 0;
    await assert.rejects(
      new RetryPolicy({ baseDelayMs: 1 }).run(async () => {
        calls++;
        controller.abort();
        throw new TimeoutError(1);
      }, controller.signal),
      TimeoutError,
    );
    assert.equal(calls, 1);
  });

  it('a cancel during the backoff ends the wait with a cancelled error and no further attempt', async () => {
    const controller = new AbortController();
    let calls = 0;
    const run = new RetryPolicy({ baseDelayMs: 60_000, random: () => 0 }).run(
      async () => {
        calls++;
        throw new TimeoutError(1);
      },
      controller.signal,
      () => queueMicrotask(() => controller.abort()),
    );
    await assert.rejects(run, CancelledError);
    assert.equal(calls, 1);
  });
});

describe('sleep', () => {
  it('resolves after the time when nothing cancels it', async () => {
    const order: string[] = [];
    const slept = sleep(5, new AbortController().signal).then(() => order.push('slept'));
    order.push('waiting');
    await slept;
    assert.deepEqual(order, ['waiting', 'slept']);
    await sleep(0);
  });

  it('rejects at once with a cancelled error for an aborted signal, and when the signal aborts', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(sleep(60_000, aborted.signal), CancelledError);
    const later = new AbortController();
    const waiting = sleep(60_000, later.signal);
    later.abort();
    await assert.rejects(waiting, CancelledError);
  });
});
