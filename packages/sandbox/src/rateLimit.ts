/**
 * The service's rate limit, counted per API key over a sliding window: a request is accepted when
 * fewer than `limit` requests of the same key were accepted in the `windowMs` before it (the window
 * is (now - windowMs, now]). Rejected requests are not counted. Time is real elapsed time from a
 * monotonic clock (`performance.now()`), independent of the ledger clock.
 */

export interface RateLimitOptions {
  /** Requests allowed per window; the service allows 10. */
  readonly limit: number;
  /** Default 1000. */
  readonly windowMs?: number;
}

export const DEFAULT_RATE_LIMIT = 10;

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  /** Accepted arrival times per key, oldest first. */
  private readonly accepted = new Map<string, number[]>();

  constructor(options: RateLimitOptions, now: () => number = () => performance.now()) {
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new RangeError('rate limit must be a positive integer');
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 1000;
    this.now = now;
  }

  /** Counts a request of `key` at `at` (default now) if the limit allows it; says whether it did. */
  tryAccept(key: string, at: number = this.now()): boolean {
    const times = this.accepted.get(key) ?? [];
    while (times.length > 0 && times[0] <= at - this.windowMs) times.shift();
    if (times.length >= this.limit) {
      this.accepted.set(key, times);
      return false;
    }
    times.push(at);
    this.accepted.set(key, times);
    return true;
  }

  /** The keys it holds arrival times for: only keys that had a request accepted (signed by their holder). */
  get keys(): string[] {
    return [...this.accepted.keys()];
  }

  reset(): void {
    this.accepted.clear();
  }
}
