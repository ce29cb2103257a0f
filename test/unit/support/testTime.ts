/**
 * Test time for the delivery queue's tests: `now()` moves only with `advance()`, which fires (each
 * on its own turn of the event loop, the earliest due first) the timers it passes.
 */
import type { SchedulerTimers } from '../../../src/shared/timers';

export class TestTime {
  /** How far the clock has moved from `base`, in milliseconds. */
  offset = 0;
  private readonly pending = new Map<number, { due: number; callback: () => void }>();
  private next = 1;

  /** `base`: the time at offset 0 (epoch milliseconds). */
  constructor(readonly base: number) {}

  now = (): number => this.base + this.offset;

  advance(ms: number): void {
    this.offset += ms;
    for (const [handle, timer] of [...this.pending].sort((a, b) => a[1].due - b[1].due)) {
      if (timer.due > this.offset) continue;
      this.pending.delete(handle);
      setImmediate(timer.callback);
    }
  }

  readonly timers: SchedulerTimers = {
    set: (callback, ms) => {
      const handle = this.next++;
      this.pending.set(handle, { due: this.offset + ms, callback });
      return handle;
    },
    clear: (handle) => void this.pending.delete(handle as number),
  };
}
