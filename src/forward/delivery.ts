/**
 * Delivers status-change events to one receiver, in order and once: a queue per receiver, one
 * POST at a time; an event is done when the receiver answers 2xx, and until then it is retried
 * with exponential backoff and jitter (receiver down, any other status, a timeout) while the
 * events after it wait behind it. Each attempt is signed anew (a fresh timestamp, so a retry after
 * minutes still falls in the receiver's replay window); the event's id and bytes never change.
 *
 * The queue is bounded (`maxQueued`, default 1000 events): at the bound a new event is refused
 * (counted in `dropped`, reported through `onDropped`), never one already queued, so what is
 * delivered stays in order without gaps before the bound; a receiver that was away that long
 * should resynchronise from `getTransactions`.
 *
 * No redirects are followed (Node's http does not), the answer is read up to `maxAnswerBytes`
 * and then cut off, and every attempt has a timeout. Pure Node (http/https), no `vscode`; the
 * forwarder and the sandbox both use it. The target is checked by the caller (target.ts).
 */
import * as http from 'http';
import * as https from 'https';
import type { SchedulerTimers } from '../shared/timers';
import { systemTimers } from '../shared/timers';
import type { StatusEvent } from '../shared/statusEvents';
import { encodeStatusEvent, EVENT_ID_HEADER, SIGNATURE_HEADER, signStatusEvent } from '../shared/statusEvents';

export const DEFAULT_MAX_QUEUED = 1000;
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;
export const DEFAULT_BACKOFF = { baseMs: 500, maxMs: 60_000 } as const;

/** One attempt's outcome, for the events list and the CLI's lines. */
export interface DeliveryAttempt {
  readonly event: StatusEvent;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The receiver's HTTP status, or undefined when none came (refused, timed out, cut). */
  readonly status: number | undefined;
  /** Why no status came (`ECONNREFUSED`, `timeout`…), without any secret. */
  readonly error?: string;
  readonly delivered: boolean;
  /** When the attempt ended (Unix ms). */
  readonly atMs: number;
  /** When not delivered: the wait before the next attempt (ms). */
  readonly retryInMs?: number;
}

export interface DeliveryOptions {
  readonly url: URL;
  readonly secret: string;
  readonly maxQueued?: number;
  readonly timeoutMs?: number;
  readonly maxAnswerBytes?: number;
  readonly backoff?: { readonly baseMs: number; readonly maxMs: number };
  /** Returns [0, 1); injectable for tests. */
  readonly random?: () => number;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
  readonly onAttempt?: (attempt: DeliveryAttempt) => void;
  readonly onDropped?: (event: StatusEvent) => void;
}

interface PostResult {
  readonly status: number | undefined;
  readonly error?: string;
}

/** One POST of the body; resolves with the status or the reason none came; never rejects. */
function post(url: URL, body: Buffer, headers: Record<string, string>, timeoutMs: number, maxAnswerBytes: number, signal: AbortSignal): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? https.request : http.request;
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, agent: false, signal }, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Only the status matters: the answer is read (up to the bound) to let the receiver finish.
        if (read > maxAnswerBytes) {
          response.destroy();
          finish({ status: response.statusCode });
        }
      });
      response.on('end', () => finish({ status: response.statusCode }));
      response.on('error', () => finish({ status: response.statusCode }));
      response.on('close', () => finish({ status: response.statusCode }));
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: undefined, error: 'timeout' });
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ status: undefined, error: signal.aborted ? 'stopped' : (error.code ?? 'network error') }));
    request.end(body);
  });
}

export class DeliveryQueue {
  readonly url: URL;
  private readonly secret: string;
  private readonly queue: StatusEvent[] = [];
  private readonly maxQueued: number;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  private readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  private readonly random: () => number;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly lifetime = new AbortController();
  private running = false;
  private wakeTimer: unknown;
  private wake: (() => void) | undefined;
  private idleWaiters: (() => void)[] = [];
  /** Events delivered (answered 2xx). */
  delivered = 0;
  /** Events refused at the bound. */
  dropped = 0;
  /** Attempts that did not deliver. */
  failedAttempts = 0;

  constructor(private readonly options: DeliveryOptions) {
    this.url = options.url;
    this.secret = options.secret;
    signStatusEvent(this.secret, ''); // checks the secret now, not at the first event
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
  }

  /** Events waiting, the one being attempted included. */
  get pending(): number {
    return this.queue.length;
  }

  get disposed(): boolean {
    return this.lifetime.signal.aborted;
  }

  /** Queues an event after the others; false when it was refused (the bound, or stopped). */
  enqueue(event: StatusEvent): boolean {
    if (this.disposed) return false;
    if (this.queue.length >= this.maxQueued) {
      this.dropped++;
      this.options.onDropped?.(event);
      return false;
    }
    this.queue.push(event);
    if (!this.running) void this.run();
    return true;
  }

  /** Tries the waiting event now instead of at the end of its backoff. */
  retryNow(): void {
    this.wake?.();
  }

  /** Resolves once nothing is queued (or the queue is stopped). */
  idle(): Promise<void> {
    if (this.queue.length === 0 || this.disposed) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: the attempt under way is cut, nothing more is sent; queued events are let go. */
  dispose(): void {
    if (this.disposed) return;
    this.lifetime.abort();
    this.wake?.();
    this.queue.length = 0;
    this.settleIdle();
  }

  /** The wait before attempt `failures + 1`: base × 2^(failures−1), capped, with the upper half jittered. */
  delayAfter(failures: number): number {
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** Math.min(failures - 1, 30));
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.timers.clear(this.wakeTimer);
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      this.wakeTimer = this.timers.set(done, ms);
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (!this.disposed && this.queue.length > 0) {
        const event = this.queue[0];
        const body = encodeStatusEvent(event);
        let failures = 0;
        for (;;) {
          const headers = {
            'content-type': 'application/json',
            'user-agent': 'exchange-tx-forwarder',
            [SIGNATURE_HEADER.toLowerCase()]: signStatusEvent(this.secret, body, Math.floor(this.now() / 1000)),
            [EVENT_ID_HEADER.toLowerCase()]: event.id,
          };
          const result = await post(this.url, body, headers, this.timeoutMs, this.maxAnswerBytes, this.lifetime.signal);
          if (this.disposed) return;
          const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
          if (delivered) {
            this.delivered++;
            this.options.onAttempt?.({ event, attempt: failures + 1, status: result.status, delivered, atMs: this.now() });
            break;
          }
          failures++;
          this.failedAttempts++;
          const retryInMs = this.delayAfter(failures);
          this.options.onAttempt?.({ event, attempt: failures, status: result.status, ...(result.error ? { error: result.error } : {}), delivered, atMs: this.now(), retryInMs });
          await this.sleep(retryInMs);
          if (this.disposed) return;
        }
        this.queue.shift();
      }
    } finally {
      this.running = false;
      if (this.queue.length === 0 || this.disposed) this.settleIdle();
    }
  }
}
