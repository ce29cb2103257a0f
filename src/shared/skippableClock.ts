/**
 * Real time plus an offset that only grows: the extension's sandbox runs in real time, and its
 * tests skip ahead through a lifecycle with `advance()` instead of waiting for it. Here, not in
 * the sandbox, because the extension holds it from activation while the sandbox's code is loaded
 * only when the sandbox is first used.
 */
export class SkippableClock {
  private offset = 0;

  /** How far the clock was skipped in all (the sandbox's `SkippingClock`). */
  get skippedMs(): number {
    return this.offset;
  }

  now(): number {
    return Date.now() + this.offset;
  }

  /** Skips `ms` ahead (must not be negative) and returns the new time. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.offset += ms;
    return this.now();
  }
}
