/**
 * The status-change forwarder: polls the service (the account in use, or the sandbox) with
 * `getTransactions`, keeps the last status of each transaction, and hands every change to the
 * delivery queue as an event. Pure Node, no `vscode`: the extension and the CLI both drive it.
 *
 * Each poll makes few requests, through the client it is given (so through that key's rate
 * limiter, sharing its budget with whatever else uses the client):
 *  1. the records created since the newest one seen (`since`), page by page;
 *  2. the records still moving (`status` = waiting…hold) created since the oldest one tracked;
 *  3. by id, the tracked ones that neither answer held (they reached a final status, or one the
 *     client does not know), ten ids a request.
 * The first poll learns the state of the last `lookbackMs` (default 24 h) without events, unless
 * `emitInitial`. A poll sees where a transaction is, not every step between two polls: a
 * transaction that went through two statuses between polls gives one event (from the older to
 * the newer). Polls are `intervalMs` apart (at least MIN_INTERVAL_MS); after a failed poll the
 * wait doubles up to MAX_BACKOFF_MS (a rate-limit answer also makes the client's limiter hold).
 */
import type { TransactionQuery, TransactionRecord } from '../api/types';
import type { PageOptions, RequestOptions } from '../api/client';
import { RateLimitError } from '../api/errors';
import type { KnownStatus, TransactionStatus } from '../shared/status';
import { isFinalStatus } from '../shared/status';
import type { SchedulerTimers } from '../shared/timers';
import { systemTimers } from '../shared/timers';
import type { StatusEvent } from '../shared/statusEvents';
import { makeStatusEvent } from '../shared/statusEvents';

export const DEFAULT_INTERVAL_MS = 5000;
/** The shortest interval between polls (a poll is a few requests; the service allows 10 a second). */
export const MIN_INTERVAL_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_LOOKBACK_MS = 24 * 60 * 60_000;
/** The most records one query of a poll reads (pages of 100). */
export const MAX_RECORDS_PER_QUERY = 1000;
const MOVING: readonly KnownStatus[] = ['waiting', 'confirming', 'exchanging', 'sending', 'hold'];

/** What the forwarder needs of the client (ExchangeClient has it). */
export interface TransactionSource {
  iterateTransactions(query: Omit<TransactionQuery, 'limit' | 'offset'>, options?: PageOptions): AsyncGenerator<TransactionRecord>;
  getTransactionsByIds(ids: readonly string[], options?: RequestOptions): Promise<Map<string, TransactionRecord>>;
}

/** The record as the service's `getTransactions` answers it: the decoded fields, with the status as sent. */
export type EventTransaction = Omit<TransactionRecord, 'rawStatus'>;

export interface ForwarderOptions {
  readonly source: TransactionSource;
  /** Where each event goes (a DeliveryQueue's `enqueue`). */
  readonly emit: (event: StatusEvent<EventTransaction>) => void;
  readonly intervalMs?: number;
  readonly lookbackMs?: number;
  /** Emit an event (from null) for every transaction the first poll finds. */
  readonly emitInitial?: boolean;
  readonly timers?: SchedulerTimers;
  /** Unix ms. */
  readonly now?: () => number;
  /** Each poll's outcome: the number of events, or the error. */
  readonly onPoll?: (outcome: PollOutcome) => void;
}

export interface PollOutcome {
  readonly events: number;
  readonly error?: unknown;
  /** Whether the poll ended on the service's rate-limit answer (the next one waits longer). */
  readonly rateLimited?: boolean;
  readonly nextInMs: number;
}

interface Tracked {
  status: TransactionStatus;
  readonly createdAt: number;
}

function eventTransaction(record: TransactionRecord): EventTransaction {
  const { rawStatus, ...rest } = record;
  return { ...rest, status: rawStatus as TransactionStatus };
}

/** Unix microseconds as `since` takes them (16 digits). */
function toMicros(ms: number): number {
  return Math.max(1_000_000_000_000_000, Math.floor(ms) * 1000);
}

export class StatusForwarder {
  readonly intervalMs: number;
  private readonly tracked = new Map<string, Tracked>();
  /** The newest `createdAt` seen (Unix µs); `since` of the next poll's first query. */
  private newestCreatedAt: number | undefined;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly lifetime = new AbortController();
  private timer: unknown;
  private polling: Promise<void> | undefined;
  private failures = 0;
  private started = false;
  /** Polls done (successful or not). */
  polls = 0;
  /** Events handed to `emit`. */
  events = 0;

  constructor(private readonly options: ForwarderOptions) {
    this.intervalMs = Math.max(MIN_INTERVAL_MS, options.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
  }

  get stopped(): boolean {
    return this.lifetime.signal.aborted;
  }

  /** Starts polling now, then every interval. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the polls; a request under way is cancelled. */
  stop(): void {
    if (this.stopped) return;
    this.lifetime.abort();
    this.timers.clear(this.timer);
  }

  /** One poll now (tests and "poll now"); resolves when it is done. A poll already under way is shared. */
  pollNow(): Promise<void> {
    this.polling ??= this.poll().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      void this.pollNow().then(() => this.schedule(this.nextDelay()));
    }, ms);
  }

  private nextDelay(): number {
    if (this.failures === 0) return this.intervalMs;
    return Math.min(MAX_BACKOFF_MS, this.intervalMs * 2 ** Math.min(this.failures, 10));
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    const first = this.polls === 0 && this.newestCreatedAt === undefined;
    let emitted = 0;
    try {
      const found = await this.fetch(first);
      if (this.stopped) return;
      const observedAt = this.now();
      const changes: { record: TransactionRecord; from: TransactionStatus | null }[] = [];
      for (const record of found.values()) {
        const known = this.tracked.get(record.id);
        if (known !== undefined && known.status === record.status) continue;
        this.tracked.set(record.id, { status: record.status, createdAt: record.createdAt });
        if (first && !this.options.emitInitial) continue;
        changes.push({ record, from: known?.status ?? null });
      }
      // Oldest transaction first; one change per transaction per poll.
      changes.sort((a, b) => a.record.createdAt - b.record.createdAt || (a.record.id < b.record.id ? -1 : 1));
      for (const { record, from } of changes) {
        const to = record.rawStatus;
        this.options.emit(makeStatusEvent(record.id, from, to, eventTransaction(record), observedAt));
        emitted++;
      }
      this.events += emitted;
      for (const record of found.values()) if (this.newestCreatedAt === undefined || record.createdAt > this.newestCreatedAt) this.newestCreatedAt = record.createdAt;
      this.newestCreatedAt ??= toMicros(this.now() - (this.options.lookbackMs ?? DEFAULT_LOOKBACK_MS));
      this.prune();
      this.failures = 0;
      this.polls++;
      this.options.onPoll?.({ events: emitted, nextInMs: this.nextDelay() });
    } catch (error) {
      if (this.stopped) return;
      this.failures++;
      this.polls++;
      this.options.onPoll?.({ events: emitted, error, rateLimited: error instanceof RateLimitError, nextInMs: this.nextDelay() });
    }
  }

  /** Every record this poll reads, by id (a later answer wins). */
  private async fetch(first: boolean): Promise<Map<string, TransactionRecord>> {
    const signal = this.lifetime.signal;
    const found = new Map<string, TransactionRecord>();
    const read = async (query: Omit<TransactionQuery, 'limit' | 'offset'>): Promise<void> => {
      for await (const record of this.options.source.iterateTransactions(query, { signal, maxRecords: MAX_RECORDS_PER_QUERY })) found.set(record.id, record);
    };
    const since = first ? toMicros(this.now() - (this.options.lookbackMs ?? DEFAULT_LOOKBACK_MS)) : (this.newestCreatedAt ?? toMicros(this.now()));
    await read({ since });
    const moving = [...this.tracked.entries()].filter(([, t]) => !isFinalStatus(t.status));
    if (moving.length > 0) {
      const oldest = Math.min(...moving.map(([, t]) => t.createdAt));
      if (oldest < since) await read({ since: oldest, status: MOVING });
    }
    const missing = moving.map(([id]) => id).filter((id) => !found.has(id));
    if (missing.length > 0) for (const [id, record] of await this.options.source.getTransactionsByIds(missing, { signal })) found.set(id, record);
    return found;
  }

  /** Forgets final transactions older than the newest seen: no query of a later poll returns them. */
  private prune(): void {
    const newest = this.newestCreatedAt;
    if (newest === undefined) return;
    for (const [id, t] of this.tracked) if (isFinalStatus(t.status) && t.createdAt < newest) this.tracked.delete(id);
  }
}
