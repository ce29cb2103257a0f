/**
 * The delivery queue's shapes and defaults (delivery.ts): an entry as the state file keeps it, one
 * attempt's outcome, the options.
 */
import type { SchedulerTimers } from '../shared/timers';
import type { OutboundEvent, PayloadFormat } from '../shared/statusEvents';

export const DEFAULT_MAX_STORED = 100_000;
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;
/** Each transaction's retry steps: 5 s doubling to an hour, each jittered into its upper half. */
export const DEFAULT_BACKOFF = { baseMs: 5000, maxMs: 3_600_000 } as const;
/** An event failing this long is parked. */
export const DEFAULT_MAX_FAILING_MS = 24 * 3_600_000;
/** The longest wait a `Retry-After` answer sets. */
export const MAX_RETRY_AFTER_MS = 3_600_000;
export const DEFAULT_CONCURRENCY = 4;
/** Delivered events kept for the events list. */
export const DEFAULT_KEEP_DELIVERED = 200;

export type EntryState = 'waiting' | 'failed' | 'delivered';
export type ParkReason = 'failing' | 'gone';

/** One event in the queue, as written to the state file (plain JSON). */
export interface QueueEntry {
  readonly event: OutboundEvent;
  /** The transaction's id (events of one lane go in order); a gap event has its own lane. */
  readonly lane: string;
  readonly seq: number;
  /** Its authentication under the current signing secret (queueAuth.ts). */
  mac?: string;
  state: EntryState;
  attempts: number;
  /** When its first failed attempt ended (Unix ms). */
  failingSinceMs?: number;
  /** Why it is parked, when it is (`failing`: retried for maxFailingMs; `gone`: the receiver answered 410). */
  parkedBecause?: ParkReason;
  /** Not before (Unix ms). */
  nextAtMs: number;
  lastStatus?: number;
  lastError?: string;
  /** The first bytes of the receiver's last answer (unsafe text: escape before showing). */
  lastAnswer?: string;
  lastAtMs?: number;
}

/** One attempt's outcome, for the events list and the CLI's lines. */
export interface DeliveryAttempt {
  readonly event: OutboundEvent;
  readonly lane: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The receiver's HTTP status, or undefined when none came (refused, timed out, cut). */
  readonly status: number | undefined;
  /** Why no status came (`ECONNREFUSED`, `timeout`…), without any secret. */
  readonly error?: string;
  readonly delivered: boolean;
  /** Whether this attempt parked the event as failed. */
  readonly parked: boolean;
  /** Why, when it parked it. */
  readonly parkedBecause?: ParkReason;
  /** When the attempt ended (Unix ms). */
  readonly atMs: number;
  /** When not delivered nor parked: the wait before the next attempt (ms). */
  readonly retryInMs?: number;
}

export interface DeliveryOptions {
  readonly url: URL;
  /** The secrets to sign with, the current one first (read at every attempt: a rotation applies at once). */
  readonly secrets: readonly string[] | (() => readonly string[]);
  /** The body's shape (default `standard`, the Standard Webhooks envelope). */
  readonly payload?: PayloadFormat;
  readonly maxStored?: number;
  /** Attempts before an event is parked (default: no bound, only maxFailingMs). */
  readonly maxAttempts?: number;
  readonly maxFailingMs?: number;
  readonly concurrency?: number;
  readonly maxPerSecond?: number;
  readonly keepDelivered?: number;
  readonly timeoutMs?: number;
  readonly maxAnswerBytes?: number;
  readonly backoff?: { readonly baseMs: number; readonly maxMs: number };
  /** Returns [0, 1); injectable for tests. */
  readonly random?: () => number;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
  readonly onAttempt?: (attempt: DeliveryAttempt) => void;
  /** Any change of an entry or a count (persist, redraw). */
  readonly onChange?: () => void;
}
