/**
 * A FIFO sliding-window rate limiter shared by every caller of one client: at most `limit`
 * requests can have *arrived at the service* in any window of `intervalMs`.
 *
 * The service counts arrivals, which the client cannot see: a request granted now may arrive
 * late (a TLS handshake, a slow first call) while a later one arrives at once. The one time the
 * client knows a request had arrived by is when its answer came back. So each slot counts from
 * its answer (or from `grant + arrivalBoundMs` if no answer comes, so a hanging call does not
 * block everyone for its whole timeout), and the next request that would be the `limit + 1`th in
 * a window waits until that slot is a full window old. The cost is one latency per window.
 * A call that ended without an answer (cancelled by its caller, timed out, cut off) says so when
 * it releases its slot: it may still arrive after that moment (its bytes were on their way), so
 * its slot counts from `grant + arrivalBoundMs`, never from the moment it was given up.
 * Fixed-window limiters (such as p-queue's `interval`) let twice the limit through across a
 * window edge, which a service counting over a sliding second answers with -32600.
 */
import { CancelledError } from './exchangeErrors';

export interface RateLimiterOptions {
  /** Starts allowed per window; the service allows 10 per second. */
  readonly limit?: number;
  readonly intervalMs?: number;
  /** Extra spacing added to the window, for clock granularity. */
  readonly marginMs?: number;
  /** A call not answered this long after its grant is taken to have arrived by then. */
  readonly arrivalBoundMs?: number;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

/**
 * Ends a granted slot: call it when the request's answer (or failure) came back. `answered`
 * false: no answer came (cancelled, timed out, connection lost), so the request may arrive later.
 */
export type Release = (answered?: boolean) => void;

interface Slot {
  readonly granted: number;
  /** When its answer came back; Infinity when it ended with none (then only the arrival bound counts). */
  settled: number | undefined;
}

interface Waiter {
  readonly resolve: (release: Release) => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly arrivalBoundMs: number;
  private readonly now: () => number;
  /** The last `limit` grants, oldest first. */
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private blockedUntil = 0;

  constructor(options: RateLimiterOptions = {}) {
    this.limit = options.limit ?? 10;
    this.windowMs = (options.intervalMs ?? 1000) + (options.marginMs ?? 5);
    this.arrivalBoundMs = options.arrivalBoundMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    if (!Number.isInteger(this.limit) || this.limit < 1) throw new RangeError('limit must be a positive integer');
  }

  /** Number of callers waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Resolves when the caller may send one request, with the function to call once its answer is
   * in. Callers are served in arrival order.
   */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise<Release>((resolve, reject) => {
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

  /** Runs `task` once a slot is granted, and ends the slot when it settles. */
  async schedule<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
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
      const slot: Slot = { granted: now, settled: undefined };
      this.slots.push(slot);
      if (this.slots.length > this.limit) this.slots.shift();
      waiter.resolve((answered = true) => this.settle(slot, answered));
    }
  }

  private settle(slot: Slot, answered: boolean): void {
    if (slot.settled !== undefined) return;
    slot.settled = answered ? this.now() : Number.POSITIVE_INFINITY;
    if (this.queue.length > 0 && this.slots[0] === slot) this.pump();
  }

  private waitTime(now: number): number {
    const blocked = this.blockedUntil - now;
    const oldest = this.slots.length >= this.limit ? this.slots[0] : undefined;
    if (!oldest) return Math.max(0, blocked);
    const arrivedBy = Math.min(oldest.settled ?? Infinity, oldest.granted + this.arrivalBoundMs);
    return Math.max(0, blocked, arrivedBy + this.windowMs - now);
  }
}
