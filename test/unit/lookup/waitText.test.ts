/**
 * The words of a wait that ended without an answer ("N attempts in T s"), made from what the
 * client's retries really did: the retry policy runs on a test clock against a service that never
 * answers (nothing waits), and its error is put in words as the lookup and Pair Limits say it.
 */
import { strict as assert } from 'assert';
import { CancelledError, IncompleteAnswerError, RetryPolicy, TimeoutError } from '../../../src/api';
import type { RetryClock } from '../../../src/api/retry';
import { INTERACTIVE_DEADLINE_MS } from '../../../src/api/client';
import { lookupWaitText, pairLimitsWaitText, waitStory } from '../../../src/features/common/waitText';
import { englishL10n } from '../../browser/english';

/** A clock that only moves when told: attempts "take" their time, backoffs skip it. */
class TestClock implements RetryClock {
  at = 0;
  now(): number {
    return this.at;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    this.at += ms;
    return Promise.resolve();
  }
}

/** Runs a call against a service whose every attempt fails after `attemptMs` (or what is left of the deadline). */
async function silentCall(fail: (ms: number) => Error, attemptMs: number, deadlineMs?: number): Promise<unknown> {
  const clock = new TestClock();
  const policy = new RetryPolicy({ clock, random: () => 0 });
  try {
    await policy.run(
      (_n: number, remainingMs: number) => {
        const ms = Math.min(attemptMs, remainingMs);
        clock.at += ms;
        return Promise.reject(fail(ms));
      },
      undefined,
      undefined,
      undefined,
      deadlineMs,
    );
  } catch (error) {
    return error;
  }
  return assert.fail('the call succeeded');
}

const ID = 'tx0123456789abcd';

describe('the words of a wait without an answer', () => {
  it('an interactive lookup of a silent service: 2 attempts in 20 s (one deadline), in the lookup’s words', async () => {
    const error = await silentCall((ms) => new TimeoutError(ms), 15_000, INTERACTIVE_DEADLINE_MS);
    assert.deepEqual(waitStory(error), { attempts: 2, seconds: 20 });
    assert.equal(
      lookupWaitText(englishL10n, waitStory(error), false, 'The sandbox', ID),
      `The sandbox did not answer: 2 attempts in 20 s while looking up transaction ${ID}.`,
    );
  });

  it('an answer that starts but never finishes: the same story, said as such', async () => {
    const error = await silentCall((ms) => new IncompleteAnswerError(ms, 200), 15_000, INTERACTIVE_DEADLINE_MS);
    assert.ok(error instanceof IncompleteAnswerError);
    assert.equal(
      lookupWaitText(englishL10n, waitStory(error), true, 'The live service', ID),
      `The live service started to answer but did not finish: 2 attempts in 20 s while looking up transaction ${ID}.`,
    );
  });

  it('one attempt (no time left for another): "within T s", not "1 attempts"', async () => {
    const error = await silentCall((ms) => new TimeoutError(ms), 18_900, INTERACTIVE_DEADLINE_MS);
    assert.deepEqual(waitStory(error), { attempts: 1, seconds: 19 });
    assert.equal(
      lookupWaitText(englishL10n, waitStory(error), false, 'The sandbox', ID),
      `The sandbox did not answer within 19 s while looking up transaction ${ID}.`,
    );
    assert.equal(
      lookupWaitText(englishL10n, waitStory(error), true, 'The sandbox', ID),
      `The sandbox started to answer but did not finish within 19 s while looking up transaction ${ID}.`,
    );
  });

  it('without the client’s story (one attempt’s own timeout): its timeout in seconds', () => {
    assert.deepEqual(waitStory(new TimeoutError(15_000)), { attempts: 1, seconds: 15 });
    assert.deepEqual(waitStory(new Error('other')), { attempts: 1, seconds: 0 });
  });

  it('Pair Limits: "No answer from the sandbox: 2 attempts in 20 s." and, alone, "within T s"', async () => {
    const error = await silentCall((ms) => new TimeoutError(ms), 15_000, INTERACTIVE_DEADLINE_MS);
    assert.ok(error instanceof TimeoutError);
    assert.equal(
      pairLimitsWaitText(englishL10n, error, 'the sandbox'),
      'No answer from the sandbox: 2 attempts in 20 s.',
    );
    const once = await silentCall((ms) => new TimeoutError(ms), 18_900, INTERACTIVE_DEADLINE_MS);
    assert.ok(once instanceof TimeoutError);
    assert.equal(
      pairLimitsWaitText(englishL10n, once, 'the live service'),
      'No answer from the live service within 19 s.',
    );
    assert.equal(
      pairLimitsWaitText(englishL10n, new TimeoutError(15_000), 'the sandbox'),
      'No answer from the sandbox within 15 s.',
    );
  });

  it('background calls (no deadline) tell their longer story the same way: 4 attempts in 61 s', async () => {
    const error = await silentCall((ms) => new TimeoutError(ms), 15_000);
    assert.equal(
      lookupWaitText(englishL10n, waitStory(error), false, 'The sandbox', ID),
      `The sandbox did not answer: 4 attempts in 61 s while looking up transaction ${ID}.`,
    );
  });
});
