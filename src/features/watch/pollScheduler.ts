/** When the watch polls: one poll at a time, backing off after failures, no timer while idle. */
import { backoffDelay, MAX_BACKOFF_MS, systemTimers } from '../../shared/timers';
import type { SchedulerTimers } from '../../shared/timers';

/** `ok`: the service answered; `failed`: back off; `idle`: no next timer until asked. */
export type PollOutcome = 'ok' | 'failed' | 'idle';

export interface PollSchedulerOptions {
  /** Runs one poll; a rejection counts as `failed` (and is handed to `onError`). */
  readonly run: () => Promise<PollOutcome>;
  readonly intervalMs: number;
  readonly maxBackoffMs?: number;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
  readonly onError?: (error: unknown) => void;
}

export class PollScheduler {
  private readonly run: () => Promise<PollOutcome>;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly maxBackoffMs: number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private intervalMs: number;
  private timer: unknown;
  private dueAt: number | undefined;
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private failureCount = 0;
  private lastOutcome: PollOutcome | undefined;
  private disposed = false;

  constructor(options: PollSchedulerOptions) {
    this.run = options.run;
    this.intervalMs = options.intervalMs;
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
    this.maxBackoffMs = options.maxBackoffMs ?? MAX_BACKOFF_MS;
    this.onError = options.onError;
  }

  get failures(): number {
    return this.failureCount;
  }

  get interval(): number {
    return this.intervalMs;
  }

  get polling(): boolean {
    return this.current !== undefined;
  }

  get nextPollAt(): number | undefined {
    return this.timer === undefined ? undefined : this.dueAt;
  }

  get currentDelayMs(): number {
    return backoffDelay(this.intervalMs, this.failureCount, this.maxBackoffMs);
  }

  /** Polls in `delayMs` (a sooner timer is kept); while a poll runs, its end sets the next. */
  schedule(delayMs: number): void {
    if (this.disposed || this.current) return;
    const at = this.now() + Math.max(0, delayMs);
    if (this.timer !== undefined && this.dueAt !== undefined && this.dueAt <= at) return;
    this.setTimer(Math.max(0, delayMs));
  }

  /** Polls now, or once more right after the running poll (callers share it). Never rejects. */
  pollNow(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.current) {
      this.queued ??= this.current.then(() => {
        this.queued = undefined;
        return this.start();
      });
      return this.queued;
    }
    return this.start();
  }

  /** A new interval; a pending timer is set again from now with it. */
  setInterval(intervalMs: number): void {
    if (intervalMs === this.intervalMs) return;
    this.intervalMs = intervalMs;
    if (this.timer !== undefined) this.setTimer(this.currentDelayMs);
  }

  /** Forgets past failures (the environment changed, say): the next wait is the interval. */
  resetBackoff(): void {
    this.failureCount = 0;
  }

  /** Stops the timer for good; a running poll finishes but schedules nothing. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private start(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.clearTimer();
    const running = (async () => {
      let outcome: PollOutcome;
      try {
        outcome = await this.run();
      } catch (error) {
        outcome = 'failed';
        this.onError?.(error);
      }
      if (outcome === 'ok') this.failureCount = 0;
      else if (outcome === 'failed') this.failureCount++;
      this.lastOutcome = outcome;
    })();
    const tracked = running.finally(() => {
      this.current = undefined;
      // A queued poll starts right away and schedules after itself.
      if (!this.queued) this.scheduleNext();
    });
    this.current = tracked;
    return tracked;
  }

  private scheduleNext(): void {
    if (this.disposed || this.lastOutcome === 'idle') return;
    this.setTimer(this.currentDelayMs);
  }

  private setTimer(delayMs: number): void {
    this.clearTimer();
    this.dueAt = this.now() + delayMs;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.pollNow();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }
}
