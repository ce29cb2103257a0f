/**
 * Delivers events to one receiver: in order per transaction (a lane per transaction), never per
 * queue, so a transaction whose event keeps failing holds back none of the others. An event is done
 * when the receiver answers 2xx. Any other answer, a timeout or no answer is a failure of that
 * event alone: its transaction waits its own next step (`delayAfter`: exponential, jittered), or
 * what a `Retry-After` answer asks for (at most MAX_RETRY_AFTER_MS). Each attempt is signed anew
 * (a fresh timestamp, every current secret), the event's id and bytes never change.
 *
 * Bounds, none of them a silent drop:
 *  - an event failing for `maxFailingMs` (a day by default) is parked as *failed*, with every later
 *    event of its transaction behind it: kept, counted, shown, and sent again by `resend` /
 *    `resendAllFailed`;
 *  - a `410 Gone` answer parks every event, and those added after it, until a resend;
 *  - at most `maxStored` events wait; past it `add` refuses (the caller keeps the change to send
 *    later and sends a gap event, which is never refused);
 *  - with `maxPerSecond`, attempts start no faster than that in any second.
 *
 * Each entry carries a MAC keyed from the current signing secret (queueAuth.ts): `restore` drops
 * and returns the entries no signing secret authenticates, so nothing planted in a state file is
 * sent signed.
 *
 * The queue keeps no file itself: its owner writes `snapshot()` when `onChange` says it changed,
 * and gives it back with `restore` after a restart. State changes happen before `onAttempt` and
 * `onChange` are called, so a count read there is already true. The entries and their counts are
 * kept lane by lane in deliveryLanes.ts. Pure Node, no `vscode`.
 */
import { RateLimiter } from '../api/limiter';
import type { SchedulerTimers } from '../shared/timers';
import { systemTimers } from '../shared/timers';
import type { OutboundEvent } from '../shared/statusEvents';
import { encodeStatusEvent, signatureHeaders } from '../shared/statusEvents';
import { DeliveryLanes } from './deliveryLanes';
import type { DeliveryOptions, ParkReason, QueueEntry } from './deliveryTypes';
import {
  DEFAULT_BACKOFF,
  DEFAULT_CONCURRENCY,
  DEFAULT_DELIVERY_TIMEOUT_MS,
  DEFAULT_KEEP_DELIVERED,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_MAX_FAILING_MS,
  DEFAULT_MAX_STORED,
  MAX_RETRY_AFTER_MS,
} from './deliveryTypes';
import { post } from './post';
import { entryMac, isAuthentic } from './queueAuth';

export class DeliveryQueue {
  readonly url: URL;
  private readonly secrets: () => readonly string[];
  private readonly lanes = new DeliveryLanes(() => this.options.keepDelivered ?? DEFAULT_KEEP_DELIVERED);
  private readonly inFlight = new Set<string>();
  private readonly limiter: RateLimiter | undefined;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  private readonly lifetime = new AbortController();
  private wakeTimer: unknown;
  private idleWaiters: (() => void)[] = [];
  private nextSeq = 1;
  /** The receiver answered 410 Gone: nothing is sent until a resend. */
  private gone = false;
  /** Events delivered (answered 2xx) by this queue. */
  delivered = 0;
  /** Events refused at the bound (the caller keeps their change). */
  refused = 0;
  /** Attempts that did not deliver. */
  failedAttempts = 0;

  constructor(private readonly options: DeliveryOptions) {
    this.url = options.url;
    const secrets = options.secrets;
    this.secrets = typeof secrets === 'function' ? secrets : () => secrets;
    // Checks the secrets now, not at the first event.
    signatureHeaders(this.secrets(), 'check', Buffer.alloc(0), 0);
    this.limiter =
      options.maxPerSecond === undefined
        ? undefined
        : new RateLimiter({ limit: options.maxPerSecond, intervalMs: 1000 });
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** Events waiting to be delivered (the ones being attempted included; failed ones not). */
  get pending(): number {
    return this.lanes.waiting;
  }

  /** Events parked as failed (and those of their transactions behind them). */
  get failed(): number {
    return this.lanes.failed;
  }

  /** Events not delivered yet: waiting and failed. */
  get stored(): number {
    return this.lanes.waiting + this.lanes.failed;
  }

  get disposed(): boolean {
    return this.lifetime.signal.aborted;
  }

  /**
   * Adds an event after the others of its lane, without sending yet (`kick` sends: the caller
   * writes its state first). False when refused: the bound (unless `force`), or stopped.
   */
  add(event: OutboundEvent, lane: string, force = false): boolean {
    if (this.disposed) return false;
    if (!force && this.stored >= (this.options.maxStored ?? DEFAULT_MAX_STORED)) {
      this.refused++;
      return false;
    }
    const list = this.lanes.get(lane);
    // A transaction parked as failed stays in order: its new events wait behind, failed too.
    const held = list?.find((e) => e.state === 'failed');
    const parkedBecause: ParkReason | undefined = this.gone ? 'gone' : held && (held.parkedBecause ?? 'failing');
    this.lanes.insert({
      event,
      lane,
      seq: this.nextSeq++,
      mac: this.mac(lane, event),
      state: parkedBecause === undefined ? 'waiting' : 'failed',
      attempts: 0,
      nextAtMs: 0,
      ...(parkedBecause === undefined ? {} : { parkedBecause }),
    });
    return true;
  }

  /** `add` then `kick`. */
  enqueue(event: OutboundEvent, lane: string, force = false): boolean {
    const added = this.add(event, lane, force);
    if (added) this.kick();
    return added;
  }

  /** Starts what can start now. */
  kick(): void {
    this.pump();
  }

  /**
   * Takes back the entries of a snapshot (after a restart), in their order, authenticated anew
   * under the current secret; returns those no signing secret authenticates, dropped unsent.
   */
  restore(entries: readonly QueueEntry[]): QueueEntry[] {
    const secrets = this.secrets();
    const dropped: QueueEntry[] = [];
    for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
      if (!isAuthentic(secrets, entry)) {
        dropped.push(entry);
        continue;
      }
      this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
      // A start tries what waits at once.
      const kept = { ...entry, mac: this.mac(entry.lane, entry.event), nextAtMs: 0 };
      if (entry.state === 'delivered') this.lanes.keep(kept);
      else this.lanes.insert(kept);
    }
    this.changed();
    return dropped;
  }

  /** Authenticates every entry under the current secret (after a rotation, before the old one stops signing). */
  reauthenticate(): void {
    for (const entry of this.lanes.entries()) entry.mac = this.mac(entry.lane, entry.event);
    this.changed();
  }

  /** Every entry (plain data, for the state file): the undelivered ones in order, then the kept delivered ones. */
  snapshot(): QueueEntry[] {
    return this.lanes.snapshot();
  }

  /** For the events list: waiting and failed first (oldest first), then the delivered ones (newest first). */
  entries(): readonly QueueEntry[] {
    return this.lanes.entries();
  }

  /**
   * Sends an event again with its id: a failed one (with the failed ones of its transaction behind
   * it, in order) goes back to waiting; a delivered one is queued once more after its lane. False
   * when it is not kept, or waiting already.
   */
  resend(eventId: string): boolean {
    for (const [lane, list] of this.lanes) {
      if (!list.some((e) => e.event.id === eventId)) continue;
      if (!list.some((e) => e.state === 'failed')) return false;
      this.gone = false;
      this.lanes.unpark(lane);
      this.changed();
      this.pump();
      return true;
    }
    const done = this.lanes.delivered(eventId);
    if (!done || this.disposed) return false;
    this.lanes.insert({
      event: done.event,
      lane: done.lane,
      seq: this.nextSeq++,
      mac: this.mac(done.lane, done.event),
      state: 'waiting',
      attempts: 0,
      nextAtMs: 0,
    });
    this.changed();
    this.pump();
    return true;
  }

  /** Every failed event back to waiting; how many. */
  resendAllFailed(): number {
    const before = this.lanes.failed;
    this.gone = false;
    for (const [lane, list] of this.lanes) if (list.some((e) => e.state === 'failed')) this.lanes.unpark(lane);
    if (before > 0) {
      this.changed();
      this.pump();
    }
    return before;
  }

  /** Tries now what waits for its backoff (the receiver is back, says the user). */
  retryNow(): void {
    for (const list of this.lanes.values()) if (list[0]?.state === 'waiting') list[0].nextAtMs = 0;
    this.pump();
  }

  /** Resolves once no event waits (failed ones do not count) and none is being sent, or the queue stopped. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: an attempt under way is cut (its event stays waiting), nothing more is sent; the entries stay for `snapshot`. */
  dispose(): void {
    if (this.disposed) return;
    this.lifetime.abort();
    this.timers.clear(this.wakeTimer);
    this.limiter?.dispose();
    this.settleIdle();
  }

  /** The wait before attempt `failures + 1`: base × 2^(failures−1), capped, with the upper half jittered. */
  delayAfter(failures: number): number {
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** Math.min(failures - 1, 30));
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
  }

  private mac(lane: string, event: OutboundEvent): string {
    return entryMac(this.secrets()[0], { lane, event });
  }

  private isIdle(): boolean {
    return this.disposed || (this.lanes.waiting === 0 && this.inFlight.size === 0);
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private changed(): void {
    this.options.onChange?.();
    if (this.isIdle()) this.settleIdle();
  }

  private pump(): void {
    if (this.disposed) return;
    this.timers.clear(this.wakeTimer);
    this.wakeTimer = undefined;
    const now = this.now();
    const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    let soonest = Infinity;
    for (const [lane, list] of this.lanes) {
      if (this.inFlight.size >= concurrency) break;
      const head = list[0];
      if (head === undefined || head.state !== 'waiting' || this.inFlight.has(lane)) continue;
      if (head.nextAtMs > now) {
        soonest = Math.min(soonest, head.nextAtMs);
        continue;
      }
      void this.attempt(head);
    }
    if (soonest !== Infinity && this.inFlight.size < concurrency)
      this.wakeTimer = this.timers.set(() => this.pump(), Math.max(1, soonest - now));
  }

  private async attempt(entry: QueueEntry): Promise<void> {
    this.inFlight.add(entry.lane);
    let release: ((answered?: boolean) => void) | undefined;
    try {
      if (this.limiter) release = await this.limiter.acquire(this.lifetime.signal);
    } catch {
      this.inFlight.delete(entry.lane);
      return;
    }
    const body = encodeStatusEvent(entry.event, this.options.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'exchange-tx-forwarder',
      ...signatureHeaders(this.secrets(), entry.event.id, body, Math.floor(this.now() / 1000)),
    };
    const result = await post(
      this.url,
      body,
      headers,
      this.options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
      this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
      this.lifetime.signal,
    );
    release?.(result.status !== undefined);
    this.inFlight.delete(entry.lane);
    if (this.disposed) return;
    const atMs = this.now();
    const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
    entry.attempts++;
    entry.lastAtMs = atMs;
    if (result.status === undefined) delete entry.lastStatus;
    else entry.lastStatus = result.status;
    if (result.error === undefined) delete entry.lastError;
    else entry.lastError = result.error;
    if (result.answer === undefined) delete entry.lastAnswer;
    else entry.lastAnswer = result.answer;
    let parkedBecause: ParkReason | undefined;
    let retryInMs: number | undefined;
    if (delivered) {
      this.delivered++;
      this.lanes.deliver(entry);
    } else if (result.status === 410) {
      // The receiver says stop: every event is kept, parked, until a resend.
      this.failedAttempts++;
      this.gone = true;
      parkedBecause = 'gone';
      for (const lane of [...this.lanes].map(([name]) => name)) this.lanes.park(lane, parkedBecause);
    } else {
      // Any other answer, a timeout or none: this transaction waits its next step.
      this.failedAttempts++;
      entry.failingSinceMs ??= atMs;
      if (
        entry.attempts >= (this.options.maxAttempts ?? Infinity) ||
        atMs - entry.failingSinceMs >= (this.options.maxFailingMs ?? DEFAULT_MAX_FAILING_MS)
      ) {
        parkedBecause = 'failing';
        this.lanes.park(entry.lane, parkedBecause);
      } else {
        retryInMs = retryAfterMs(result.retryAfter, atMs) ?? this.delayAfter(entry.attempts);
        entry.nextAtMs = atMs + retryInMs;
      }
    }
    this.options.onAttempt?.({
      event: entry.event,
      lane: entry.lane,
      attempt: entry.attempts,
      status: result.status,
      ...(result.error ? { error: result.error } : {}),
      delivered,
      parked: parkedBecause !== undefined,
      ...(parkedBecause === undefined ? {} : { parkedBecause }),
      atMs,
      ...(retryInMs === undefined ? {} : { retryInMs }),
    });
    this.changed();
    this.pump();
  }
}

/** The wait a `Retry-After` value asks for (whole seconds, or an HTTP date), at most MAX_RETRY_AFTER_MS; undefined when unusable. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  // Whole seconds, or an HTTP date (it starts with the day's name).
  const ms = /^\d{1,10}$/.test(text) ? Number(text) * 1000 : /^[A-Za-z]{3}/.test(text) ? Date.parse(text) - nowMs : NaN;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms))) : undefined;
}
