/** The view's own refreshes: every interval while visible, one at a time, backing off per failure up to 5 min. */
import { backoffDelay, systemTimers } from '../../shared/timers';
import type { SchedulerTimers } from '../../shared/timers';

/** `ok`: refreshed; `failed`: back off; `skipped`: nothing to do now (not counted either way). */
export type RefreshOutcome = 'ok' | 'failed' | 'skipped';

export interface RefreshSchedulerOptions {
  readonly run: () => Promise<RefreshOutcome>;
  /** 0: off. */
  readonly intervalMs: number;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
}

export class RefreshScheduler {
  private readonly run: () => Promise<RefreshOutcome>;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private intervalMs: number;
  private visible = false;
  private timer: unknown;
  private dueAt: number | undefined;
  private lastAt: number | undefined;
  private failures = 0;
  private running = false;
  private reported = false;
  private disposed = false;

  constructor(options: RefreshSchedulerOptions) {
    this.run = options.run;
    this.intervalMs = Math.max(0, options.intervalMs);
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
  }

  get nextAt(): number | undefined {
    return this.dueAt;
  }

  get interval(): number {
    return this.intervalMs;
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.plan();
  }

  setInterval(ms: number): void {
    this.intervalMs = Math.max(0, ms);
    this.plan();
  }

  /** A refresh ended (started by anyone): the next automatic one waits a whole interval again. */
  refreshed(outcome: 'ok' | 'failed'): void {
    this.record(outcome);
    if (this.running) this.reported = true;
    else this.plan();
  }

  /** Forgets the last refresh (the list was emptied): the next one is due at once. */
  forget(): void {
    this.lastAt = undefined;
    this.failures = 0;
    if (!this.running) this.plan();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private plan(): void {
    this.clearTimer();
    if (this.disposed || !this.visible || this.intervalMs <= 0 || this.running) return;
    const now = this.now();
    // Overdue (shown again, a shorter interval): at once, and nextAt says now, not a past time.
    const due =
      this.lastAt === undefined ? now : Math.max(now, this.lastAt + backoffDelay(this.intervalMs, this.failures));
    this.dueAt = due;
    this.timer = this.timers.set(() => void this.tick(), due - now);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.dueAt = undefined;
    if (this.disposed || !this.visible) return;
    this.running = true;
    this.reported = false;
    let outcome: RefreshOutcome;
    try {
      outcome = await this.run();
    } catch {
      outcome = 'failed';
    }
    this.running = false;
    // The refresh may have been reported through refreshed() already: count it once.
    if (!this.reported) this.record(outcome);
    this.plan();
  }

  private record(outcome: RefreshOutcome): void {
    this.lastAt = this.now();
    if (outcome === 'ok') this.failures = 0;
    else if (outcome === 'failed') this.failures++;
  }
}
