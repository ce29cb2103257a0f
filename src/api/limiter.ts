/**
 * A FIFO sliding-window rate limiter shared by every caller of one client: at most `limit` starts
 * in any window of `intervalMs` (+ a small margin for network jitter between us and the service's
 * own clock). Fixed-window limiters (such as p-queue's `interval`) let twice the limit through
 * across a window edge, which a service counting over a sliding second answers with -32600.
 */
import { CancelledError } from './errors';

export interface RateLimiterOptions {
  /** Starts allowed per window; the service allows 10 per second. */
  readonly limit?: number;
  readonly intervalMs?: number;
  /** Extra spacing added to the window so jitter in delivery never makes 11 arrive in one second. */
  readonly marginMs?: number;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  /** Start times of the last `limit` grants, oldest first. */
  private readonly starts: number[] = [];
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private blockedUntil = 0;

  constructor(options: RateLimiterOptions = {}) {
    this.limit = options.limit ?? 10;
    this.windowMs = (options.intervalMs ?? 1000) + (options.marginMs ?? 30);
    this.now = options.now ?? (() => performance.now());
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError('limit must be a positive integer');
  }

  /** Number of callers waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when the caller may send one request; callers are served in arrival order. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(new CancelledError());
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Runs `task` once a slot is granted. */
  async schedule<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    return task();
  }

  /**
   * Holds every caller back for `ms` (used when the service says its limit was reached anyway,
   * e.g. because another program shares the key), so queued callers do not all fail in turn.
   */
  holdFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
    this.pump();
  }

  /** Rejects every waiting caller (used when the client is disposed). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiter of this.queue.splice(0)) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(new CancelledError());
    }
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0) {
      const now = this.now();
      const wait = this.waitTime(now);
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, Math.ceil(wait));
        return;
      }
      const waiter = this.queue.shift();
      if (!waiter) return;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.starts.push(now);
      if (this.starts.length > this.limit) this.starts.shift();
      waiter.resolve();
    }
  }

  private waitTime(now: number): number {
    const blocked = this.blockedUntil - now;
    const oldest = this.starts.length >= this.limit ? this.starts[0] : undefined;
    const windowWait = oldest === undefined ? 0 : oldest + this.windowMs - now;
    return Math.max(0, blocked, windowWait);
  }
}
