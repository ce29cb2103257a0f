/**
 * The timers a self-rescheduling scheduler uses (the watch's polls, the Transactions view's
 * refreshes): `setTimeout` by default, injectable so tests drive time themselves. Also the
 * backoff both use after failures.
 */
export interface SchedulerTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The longest wait between two tries while backing off (unless the interval itself is longer). */
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The wait after `failures` failed tries: the interval doubled per failure, up to `maxMs`. */
export function backoffDelay(intervalMs: number, failures: number, maxMs: number = MAX_BACKOFF_MS): number {
  const interval = Math.max(0, intervalMs);
  if (failures <= 0) return interval;
  const cap = Math.max(interval, maxMs);
  // 2 ** 30 is far past any cap; keeps the product finite for absurd failure counts.
  return Math.min(cap, interval * 2 ** Math.min(failures, 30));
}

export const systemTimers: SchedulerTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
