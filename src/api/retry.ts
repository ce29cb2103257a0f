/**
 * Bounded retries with exponential backoff and jitter for the client's read-only calls. Only
 * errors that say so (`transient`: rate limit, timeouts, 502/503/504, connection resets, -32603)
 * are retried; everything else fails at once. All attempts of one call share one deadline (ours:
 * an interactive action tells the user something within ~20 s, not after 4 × 15 s): each attempt
 * is given what is left of it, and no retry starts when too little is left to be worth it. The
 * error a call ends with carries its story (attempts, time from the start).
 */
import { CancelledError, ExchangeError, RateLimitError } from './exchangeErrors';

export interface RetryOptions {
  /** Retries after the first attempt. */
  readonly retries?: number;
  /** First backoff for transient faults, in ms; doubles each retry. */
  readonly baseDelayMs?: number;
  /** First backoff after a rate-limit answer, in ms. */
  readonly rateLimitDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Returns [0, 1); injectable for tests. */
  readonly random?: () => number;
  /** The clock the deadline is read from and the backoff waits on; injectable for tests (no real waiting). */
  readonly clock?: RetryClock;
}

/** What the retries read the time from and wait with. */
export interface RetryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemRetryClock: RetryClock = { now: () => performance.now(), sleep: (ms, signal) => sleep(ms, signal) };

/** A retry starts only when at least this much of the call's deadline is left after its backoff (ours). */
export const MIN_ATTEMPT_MS = 1_000;

export interface RetryEvent {
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: ExchangeError;
}

export class RetryPolicy {
  readonly retries: number;
  private readonly baseDelayMs: number;
  private readonly rateLimitDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;
  private readonly clock: RetryClock;

  constructor(options: RetryOptions = {}) {
    this.retries = options.retries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.rateLimitDelayMs = options.rateLimitDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemRetryClock;
  }

  /** Backoff before retry number `attempt` (1-based): "equal jitter", half fixed, half random. */
  delayFor(error: ExchangeError, attempt: number): number {
    const base = error instanceof RateLimitError ? this.rateLimitDelayMs : this.baseDelayMs;
    const ceiling = Math.min(this.maxDelayMs, base * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /**
   * Runs `attempt` until it succeeds, fails for good, or the retries or `deadlineMs` (from now, all
   * attempts together) are used up. Each attempt is given what is left of the deadline.
   */
  async run<T>(
    attempt: (attemptNumber: number, remainingMs: number) => Promise<T>,
    signal?: AbortSignal,
    onRetry?: (event: RetryEvent) => void,
    /** Narrows which transient errors are retried (e.g. only rate limits for a call that is not idempotent). */
    retryable: (error: ExchangeError) => boolean = () => true,
    deadlineMs = Number.POSITIVE_INFINITY,
  ): Promise<T> {
    const started = this.clock.now();
    const endsAt = started + deadlineMs;
    for (let n = 1; ; n++) {
      try {
        return await attempt(n, endsAt - this.clock.now());
      } catch (error) {
        if (error instanceof ExchangeError) error.story = { attempts: n, elapsedMs: this.clock.now() - started };
        if (
          !(error instanceof ExchangeError) ||
          !error.transient ||
          !retryable(error) ||
          n > this.retries ||
          signal?.aborted
        )
          throw error;
        const delayMs = this.delayFor(error, n);
        if (endsAt - this.clock.now() - delayMs < MIN_ATTEMPT_MS) throw error;
        onRetry?.({ attempt: n, delayMs, error });
        await this.clock.sleep(delayMs, signal);
      }
    }
  }
}

/** Waits `ms`, or rejects with {@link CancelledError} when the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
