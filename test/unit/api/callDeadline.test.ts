/**
 * One deadline for all the attempts of a call (ours: an interactive action says something within
 * about 20 s, not after 4 × 15 s): each attempt is given what is left, no retry starts with less
 * than a second left after its backoff, and the error tells the whole story (attempts, time
 * since the start). Driven by a test clock: attempts and backoffs move it, nothing waits.
 */
import { strict as assert } from 'assert';
import {
  CancelledError,
  ExchangeClient,
  generateKeys,
  loadCredentials,
  RetryPolicy,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import type { RetryClock } from '../../../src/api/retry';
import { MIN_ATTEMPT_MS } from '../../../src/api/retry';
import { INTERACTIVE_DEADLINE_MS } from '../../../src/api/client';

/** A clock that only moves when told: attempts "take" time, backoffs skip it. */
class TestClock implements RetryClock {
  at = 0;
  readonly sleeps: number[] = [];
  now(): number {
    return this.at;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    this.sleeps.push(ms);
    this.at += ms;
    return Promise.resolve();
  }
}

/** A service that never answers: each attempt runs to its timeout (15 s, or what is left) and fails. */
function silentService(clock: TestClock, timeoutMs = 15_000) {
  const given: number[] = [];
  const attempt = (_n: number, remainingMs: number): Promise<never> => {
    given.push(remainingMs);
    const ms = Math.min(timeoutMs, remainingMs);
    clock.at += ms;
    return Promise.reject(new TimeoutError(ms));
  };
  return { given, attempt };
}

async function failure(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  assert.fail('the call succeeded');
}

describe('one deadline for all the attempts of a call', () => {
  it('a silent service: 2 attempts in 20 s (the second given what is left), not 4 attempts in over 60 s', async () => {
    const clock = new TestClock();
    const policy = new RetryPolicy({ clock, random: () => 0 });
    const service = silentService(clock);
    const error = await failure(policy.run(service.attempt, undefined, undefined, undefined, INTERACTIVE_DEADLINE_MS));
    assert.ok(error instanceof TimeoutError);
    assert.deepEqual(
      service.given,
      [20_000, 4_875],
      'the first attempt had the whole deadline, the second what was left after 15 s and a 125 ms backoff',
    );
    assert.deepEqual(error.story, { attempts: 2, elapsedMs: 20_000 });
    assert.equal(clock.at, 20_000, 'the user hears after 20 s');
  });

  it('without a deadline (background polling keeps its own pace): every retry, 4 × 15 s and the backoffs', async () => {
    const clock = new TestClock();
    const policy = new RetryPolicy({ clock, random: () => 0 });
    const service = silentService(clock);
    const error = await failure(policy.run(service.attempt));
    assert.ok(error instanceof TimeoutError);
    assert.equal(service.given.length, 4);
    assert.deepEqual(clock.sleeps, [125, 250, 500]);
    assert.deepEqual(error.story, { attempts: 4, elapsedMs: 60_875 });
  });

  it('no retry starts with less than a second left after its backoff', async () => {
    const clock = new TestClock();
    const policy = new RetryPolicy({ clock, random: () => 0 });
    const service = silentService(clock, 18_900);
    const error = await failure(policy.run(service.attempt, undefined, undefined, undefined, 20_000));
    assert.ok(error instanceof TimeoutError);
    assert.equal(service.given.length, 1, `20 s − 18.9 s − 125 ms backoff < ${MIN_ATTEMPT_MS} ms: no second attempt`);
    assert.deepEqual(error.story, { attempts: 1, elapsedMs: 18_900 });
    assert.deepEqual(clock.sleeps, []);
  });

  it('fast faults are retried within the deadline as before, and a success ends the call', async () => {
    const clock = new TestClock();
    const policy = new RetryPolicy({ clock, random: () => 0 });
    const value = await policy.run(
      (n) => {
        clock.at += 50;
        return n < 3 ? Promise.reject(new TransportError('HTTP 503', 503)) : Promise.resolve(`answer ${n}`);
      },
      undefined,
      undefined,
      undefined,
      INTERACTIVE_DEADLINE_MS,
    );
    assert.equal(value, 'answer 3');
    assert.deepEqual(clock.sleeps, [125, 250]);
  });

  it('an error that is not retried tells its one attempt and its time too', async () => {
    const clock = new TestClock();
    const policy = new RetryPolicy({ clock });
    const error = await failure(
      policy.run(() => {
        clock.at += 700;
        return Promise.reject(new TransportError('HTTP 404', 404));
      }),
    );
    assert.ok(error instanceof TransportError);
    assert.deepEqual(error.story, { attempts: 1, elapsedMs: 700 });
  });

  it("the client's deadline: 20 s by default, or one whole attempt's timeout when the user set a longer one", () => {
    const credentials = loadCredentials(generateKeys().privateKeyHex);
    const deadlineOf = (client: ExchangeClient) => (client as unknown as { deadlineMs: number }).deadlineMs;
    const usual = new ExchangeClient({ baseUrl: 'http://127.0.0.1:9', credentials });
    const long = new ExchangeClient({ baseUrl: 'http://127.0.0.1:9', credentials, timeoutMs: 60_000 });
    try {
      assert.equal(deadlineOf(usual), INTERACTIVE_DEADLINE_MS);
      assert.equal(deadlineOf(long), 60_000);
    } finally {
      usual.dispose();
      long.dispose();
    }
  });
});
