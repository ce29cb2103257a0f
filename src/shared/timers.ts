/**
 * The timers a self-rescheduling scheduler uses (the watch's polls, the Transactions view's
 * refreshes): `setTimeout` by default, injectable so tests drive time themselves.
 */
export interface SchedulerTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const systemTimers: SchedulerTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
