/** Runs a job every interval: one run at a time, backing off after failures, no timer while idle or hidden. */
import { backoffDelay, MAX_BACKOFF_MS, systemTimers } from '../../shared/timers';
import type { SchedulerTimers } from '../../shared/timers';

/** `ok`: done; `failed`: back off; `skipped`: nothing to do now (not counted); `idle`: no next timer until asked. */
export type RunOutcome = 'ok' | 'failed' | 'skipped' | 'idle';

export interface SchedulerOptions {
  /** Runs once; a rejection counts as `failed` (and is handed to `onError`). */
  readonly run: () => Promise<RunOutcome>;
  /** 0: off. */
  readonly intervalMs: number;
  /** False: no automatic run until `setVisible(true)`. */
  readonly visible?: boolean;
  readonly maxBackoffMs?: number;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
  readonly onError?: (error: unknown) => void;
}

export class Scheduler {
  private readonly run: () => Promise<RunOutcome>;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly maxBackoffMs: number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private intervalMs: number;
  private visible: boolean;
  private timer: unknown;
  private dueAt: number | undefined;
  private lastAt: number | undefined;
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private running = false;
  private reported = false;
  private failureCount = 0;
  private idle = false;
  private disposed = false;

  constructor(options: SchedulerOptions) {
    this.run = options.run;
    this.intervalMs = Math.max(0, options.intervalMs);
    this.visible = options.visible ?? true;
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
    return this.running;
  }

  get nextAt(): number | undefined {
    return this.dueAt;
  }

  get currentDelayMs(): number {
    return backoffDelay(this.intervalMs, this.failureCount, this.maxBackoffMs);
  }

  /** Runs in `delayMs` (a sooner timer is kept); while a run goes on, its end sets the next. */
  schedule(delayMs: number): void {
    if (this.disposed || this.running) return;
    const at = this.now() + Math.max(0, delayMs);
    if (this.dueAt !== undefined && this.dueAt <= at) return;
    this.setTimer(at);
  }

  /** Runs now, or once more right after the running one (callers share it). Never rejects. */
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

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.plan();
  }

  /** A new interval counts from the last run: a pending timer moves, 0 stops it, and leaving 0 resumes. */
  setInterval(ms: number): void {
    const intervalMs = Math.max(0, ms);
    if (intervalMs === this.intervalMs) return;
    const wasOff = this.intervalMs === 0;
    this.intervalMs = intervalMs;
    if (this.intervalMs === 0) this.clearTimer();
    else if (this.timer !== undefined) this.setTimer(this.due());
    else if (wasOff) this.plan();
  }

  /** A run ended (started by anyone): the next automatic one waits a whole interval again. */
  refreshed(outcome: 'ok' | 'failed'): void {
    this.record(outcome);
    if (this.running) this.reported = true;
    else this.plan();
  }

  /** Forgets the last run and its failures: the next one is due at once. */
  forget(): void {
    this.lastAt = undefined;
    this.resetBackoff();
    if (!this.running) this.plan();
  }

  /** Forgets past failures (the environment changed, say): the next wait is the interval. */
  resetBackoff(): void {
    this.failureCount = 0;
  }

  /** Stops the timer for good; a running run finishes but schedules nothing. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private start(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.clearTimer();
    this.running = true;
    this.reported = false;
    const tracked = this.runOnce().finally(() => {
      this.running = false;
      this.current = undefined;
      // A queued run starts right away and schedules after itself.
      if (!this.queued) this.plan();
    });
    this.current = tracked;
    return tracked;
  }

  private async runOnce(): Promise<void> {
    let outcome: RunOutcome;
    try {
      outcome = await this.run();
    } catch (error) {
      outcome = 'failed';
      this.onError?.(error);
    }
    // The run may have been reported through refreshed() already: count it once.
    if (!this.reported) this.record(outcome);
  }

  private record(outcome: RunOutcome): void {
    this.lastAt = this.now();
    this.idle = outcome === 'idle';
    if (outcome === 'ok') this.failureCount = 0;
    else if (outcome === 'failed') this.failureCount++;
  }

  /** Overdue (shown again, a shorter interval): now, not a past time. */
  private due(): number {
    const now = this.now();
    return this.lastAt === undefined ? now : Math.max(now, this.lastAt + this.currentDelayMs);
  }

  private plan(): void {
    this.clearTimer();
    if (this.disposed || !this.visible || this.idle || this.intervalMs <= 0 || this.running) return;
    this.setTimer(this.due());
  }

  private setTimer(at: number): void {
    this.clearTimer();
    this.dueAt = at;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.pollNow();
    }, at - this.now());
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }
}
