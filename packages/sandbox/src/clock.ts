/**
 * The ledger's notion of "now", in Unix milliseconds. Transactions move through their lifecycle as
 * this clock advances; tests drive it by hand, the CLI uses the system clock. The rate limiter does
 * not use it: it measures real elapsed time with `performance.now()`.
 */

export interface Clock {
  /** Unix time in milliseconds. */
  now(): number;
}

/** A clock that can be moved ahead: the sandbox's `skip` control action needs one. */
export interface SkippingClock extends Clock {
  /** Moves ahead by `ms` (not negative) and returns the new time. */
  advance(ms: number): number;
  /** How far the clock was moved ahead in total. */
  readonly skippedMs: number;
}

export function canSkip(clock: Clock): clock is SkippingClock {
  const candidate = clock as Partial<SkippingClock>;
  return typeof candidate.advance === 'function' && typeof candidate.skippedMs === 'number';
}

/** Real time. */
export const systemClock: Clock = {
  now: () => Date.now(),
};

/** A clock that moves only when told to. */
export class ManualClock implements SkippingClock {
  private current: number;
  private readonly start: number;

  /** Starts at `startMs` (default: 2025-01-15T12:00:00Z, a fixed instant so tests are reproducible). */
  constructor(startMs: number = Date.UTC(2025, 0, 15, 12, 0, 0)) {
    this.current = startMs;
    this.start = startMs;
  }

  /** How far the clock is from where it started (negative after a `set()` backwards). */
  get skippedMs(): number {
    return this.current - this.start;
  }

  now(): number {
    return this.current;
  }

  /** Moves forward by `ms` (must not be negative) and returns the new time. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.current += ms;
    return this.current;
  }

  /** Jumps to `ms` (backwards too) and returns it. */
  set(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError('set() takes a finite number of milliseconds');
    this.current = ms;
    return this.current;
  }
}
