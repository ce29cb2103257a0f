/**
 * The status-change forwarder: polls the service (the account in use, or the sandbox) with
 * `getTransactions`, keeps the last status of each transaction and how many changes it had, and
 * hands every change to its sink (the delivery queue) as an event. Pure Node, no `vscode`: the
 * extension and the CLI both drive it, through ForwardService (service.ts), which writes the state.
 *
 * Each poll reads, through its own request budget (`maxRps` requests in any second, a share of the
 * key's 10; the client's own limiter still applies on top):
 *  1. the records created since the newest one seen, less SINCE_OVERLAP_MS (`since`), page by page;
 *  2. every record still moving (`status` = waiting…hold), whatever its age, page by page;
 *  3. by id, the tracked ones not settled that neither answer held (failed, or past `hold`), ten
 *     ids a request.
 * The first start learns the state of the last `lookbackMs` (default 24 h) and every moving
 * transaction without events, unless `emitInitial`. Later starts resume from the state given
 * (the last status queued for the receiver of each transaction): a change made while nothing ran
 * is sent from that status, with the id it would have had (see statusEventId).
 *
 * A poll sees where a transaction is, not every step between two polls: a transaction that went
 * through two statuses between polls gives one event (from the older to the newer). When the sink
 * is full, a change is not recorded (the next poll finds it again) and one gap event is sent.
 */
import type { TransactionQuery, TransactionRecord } from '../api/types';
import type { RequestOptions } from '../api/clientOptions';
import { RateLimitError } from '../api/exchangeErrors';
import { RateLimiter } from '../api/limiter';
import type { KnownStatus, TransactionStatus } from '../shared/status';
import { SETTLED_STATUSES } from '../shared/status';
import type { SchedulerTimers } from '../shared/timers';
import { systemTimers } from '../shared/timers';
import type { OutboundEvent, StatusEvent } from '../shared/statusEvents';
import { makeGapEvent, makeStatusEvent } from '../shared/statusEvents';

export const DEFAULT_INTERVAL_MS = 5000;
/** The shortest interval between polls. */
export const MIN_INTERVAL_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_LOOKBACK_MS = 24 * 60 * 60_000;
/** The key's limit at the service (requests per second). */
export const SERVICE_RPS = 10;
/** The forwarder's default share of it: half. */
export const DEFAULT_MAX_RPS = 5;
/**
 * How far before the newest creation seen the next poll asks again (ms): a transaction created
 * later may carry an earlier time (another server's clock, a late commit). Those already known
 * there give no event.
 */
export const SINCE_OVERLAP_MS = 60_000;
/** The most new records one poll reads; past it a gap event is sent. */
export const MAX_NEW_RECORDS = 10_000;
/** The most moving records one poll reads; past it a gap event is sent. */
export const MAX_MOVING_RECORDS = 100_000;
/** Settled transactions remembered beyond this many are forgotten, oldest first. */
export const MAX_TRACKED = 200_000;
const PAGE = 100;
const IDS_PER_REQUEST = 10;
export const MOVING: readonly KnownStatus[] = ['waiting', 'confirming', 'exchanging', 'sending', 'hold'];

/** What the forwarder needs of the client (ExchangeClient has it): one page. */
export interface TransactionSource {
  getTransactions(query: TransactionQuery, options?: RequestOptions): Promise<TransactionRecord[]>;
}

/** The record as the service's `getTransactions` answers it: the decoded fields, with the status as sent. */
export type EventTransaction = Omit<TransactionRecord, 'rawStatus'>;

/** What is known of one transaction: its status as last seen, its changes so far (sent or filtered out), its creation (µs). */
export interface Tracked {
  readonly status: string;
  /** Whether the status is one the service never leaves (SETTLED_STATUSES): it is no longer asked for. */
  readonly settled: boolean;
  readonly changes: number;
  readonly createdAt: number;
}

/** What the forwarder knows, as the state file keeps it. */
export interface ForwarderState {
  readonly tracked: Map<string, Tracked>;
  /** The newest `createdAt` seen (Unix µs): `since` of the next poll's first query. */
  cursor: number | undefined;
  /** Whether a first poll has learnt the service's state. */
  started: boolean;
  /** Gap events sent so far (each one's ordinal makes its id). */
  gaps: number;
}

export function emptyForwarderState(): ForwarderState {
  return { tracked: new Map(), cursor: undefined, started: false, gaps: 0 };
}

/** Where events go: `add` (false: full, keep the change for later), then `commit` once per poll (write the state, then send). */
export interface ForwarderSink {
  add(event: OutboundEvent, lane: string, force?: boolean): boolean;
  commit(): void;
}

export interface ForwarderOptions {
  readonly source: TransactionSource;
  /** Who the changes belong to (part of every event's id): the account, or the sandbox. */
  readonly account: string;
  readonly sink: ForwarderSink;
  readonly state?: ForwarderState;
  readonly intervalMs?: number;
  readonly lookbackMs?: number;
  /** Requests per second this forwarder may make (default DEFAULT_MAX_RPS). */
  readonly maxRps?: number;
  /** Emit an event (from null) for every transaction the first poll finds. */
  readonly emitInitial?: boolean;
  /**
   * Only changes to these statuses are sent (default: every change). The others are still
   * followed and counted, so each event's `from` is the status last seen and its id stays the same.
   */
  readonly statuses?: ReadonlySet<string>;
  readonly timers?: SchedulerTimers;
  /** Unix ms. */
  readonly now?: () => number;
  /** Each poll's outcome: the number of events, or the error. */
  readonly onPoll?: (outcome: PollOutcome) => void;
  /** A bound was reached: a gap event was queued for the receiver (the reason says which). */
  readonly onGap?: (reason: string) => void;
}

export interface PollOutcome {
  readonly events: number;
  /** Requests this poll made. */
  readonly requests: number;
  readonly error?: unknown;
  /** Whether the poll ended on the service's rate-limit answer (the next one waits longer). */
  readonly rateLimited?: boolean;
  readonly nextInMs: number;
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
  readonly maxRps: number;
  readonly state: ForwarderState;
  private readonly budget: RateLimiter;
  private readonly timers: SchedulerTimers;
  private readonly now: () => number;
  private readonly lifetime = new AbortController();
  private timer: unknown;
  private polling: Promise<void> | undefined;
  private failures = 0;
  private started = false;
  /** Whether the sink was full at the last poll (one gap event per time it fills). */
  private full = false;
  /** Polls done (successful or not). */
  polls = 0;
  /** Events handed to the sink. */
  events = 0;
  /** Requests made. */
  requests = 0;

  constructor(private readonly options: ForwarderOptions) {
    this.intervalMs = Math.max(MIN_INTERVAL_MS, options.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.maxRps = Math.min(SERVICE_RPS, Math.max(1, Math.floor(options.maxRps ?? DEFAULT_MAX_RPS)));
    this.budget = new RateLimiter({ limit: this.maxRps, intervalMs: 1000 });
    this.state = options.state ?? emptyForwarderState();
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

  /** Stops the polls; a request under way is cancelled (what it found is not recorded). */
  stop(): void {
    if (this.stopped) return;
    this.lifetime.abort();
    this.timers.clear(this.timer);
    this.budget.dispose();
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
    const state = this.state;
    const first = !state.started;
    const requestsBefore = this.requests;
    let emitted = 0;
    try {
      const { found, newest, truncated } = await this.fetch(first);
      if (this.stopped) return;
      const observedAt = this.now();
      const changed = [...found.values()].filter((record) => state.tracked.get(record.id)?.status !== record.rawStatus);
      // Oldest transaction first; one change per transaction per poll.
      changed.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
      let full = false;
      for (const record of changed) {
        const known = state.tracked.get(record.id);
        const settled = SETTLED_STATUSES.has(record.status);
        if (known === undefined && first && !this.options.emitInitial) {
          state.tracked.set(record.id, { status: record.rawStatus, settled, changes: 0, createdAt: record.createdAt });
          continue;
        }
        const changes = known?.changes ?? 0;
        const event: StatusEvent<EventTransaction> = makeStatusEvent(
          { account: this.options.account, earlierChanges: changes },
          record.id,
          known?.status ?? null,
          record.rawStatus,
          eventTransaction(record),
          observedAt,
        );
        const wanted = this.options.statuses?.has(record.rawStatus) ?? true;
        if (wanted && !this.options.sink.add(event, record.id)) {
          // Full: the change is not recorded, so a later poll finds it again and sends it then.
          full = true;
          continue;
        }
        state.tracked.set(record.id, {
          status: record.rawStatus,
          settled,
          changes: changes + 1,
          createdAt: record.createdAt,
        });
        if (wanted) emitted++;
      }
      if (full && !this.full) this.gap('queue-full', observedAt);
      this.full = full;
      for (const reason of truncated) this.gap(reason, observedAt);
      if (newest !== undefined && (state.cursor === undefined || newest > state.cursor)) state.cursor = newest;
      state.cursor ??= toMicros(observedAt - (this.options.lookbackMs ?? DEFAULT_LOOKBACK_MS));
      state.started = true;
      this.prune();
      this.events += emitted;
      this.options.sink.commit();
      this.failures = 0;
      this.polls++;
      this.options.onPoll?.({ events: emitted, requests: this.requests - requestsBefore, nextInMs: this.nextDelay() });
    } catch (error) {
      if (this.stopped) return;
      this.failures++;
      this.polls++;
      this.options.onPoll?.({
        events: emitted,
        requests: this.requests - requestsBefore,
        error,
        rateLimited: error instanceof RateLimitError,
        nextInMs: this.nextDelay(),
      });
    }
  }

  private gap(reason: string, atMs: number): void {
    const state = this.state;
    this.options.sink.add(makeGapEvent(this.options.account, reason, state.gaps, atMs), `gap:${state.gaps}`, true);
    state.gaps++;
    this.options.onGap?.(reason);
  }

  /** One page, through the budget. */
  private async page(query: TransactionQuery): Promise<TransactionRecord[]> {
    const signal = this.lifetime.signal;
    const release = await this.budget.acquire(signal);
    let answered = false;
    try {
      this.requests++;
      const records = await this.options.source.getTransactions(query, { signal });
      answered = true;
      return records;
    } catch (error) {
      answered = !(error instanceof Error && error.name === 'CancelledError');
      throw error;
    } finally {
      release(answered);
    }
  }

  /** Every record of `query`, page by page, up to `max`; whether it stopped at `max`. */
  private async all(
    query: Omit<TransactionQuery, 'limit' | 'offset'>,
    max: number,
    into: Map<string, TransactionRecord>,
  ): Promise<boolean> {
    let read = 0;
    for (let offset = 0; ; offset += PAGE) {
      const records = await this.page({ ...query, limit: PAGE, offset });
      for (const record of records) into.set(record.id, record);
      read += records.length;
      if (records.length < PAGE) return false;
      if (read >= max) return true;
    }
  }

  /** Every record this poll reads, by id (a later answer wins); the newest creation among the new ones; the bounds reached. */
  private async fetch(
    first: boolean,
  ): Promise<{ found: Map<string, TransactionRecord>; newest: number | undefined; truncated: string[] }> {
    const found = new Map<string, TransactionRecord>();
    const truncated: string[] = [];
    const since =
      first || this.state.cursor === undefined
        ? toMicros(this.now() - (this.options.lookbackMs ?? DEFAULT_LOOKBACK_MS))
        : Math.max(toMicros(0), this.state.cursor - SINCE_OVERLAP_MS * 1000);
    const fresh = new Map<string, TransactionRecord>();
    if (await this.all({ since }, MAX_NEW_RECORDS, fresh)) truncated.push('too-many-new-transactions');
    let newest: number | undefined;
    for (const record of fresh.values()) {
      found.set(record.id, record);
      if (newest === undefined || record.createdAt > newest) newest = record.createdAt;
    }
    if (await this.all({ status: MOVING }, MAX_MOVING_RECORDS, found)) truncated.push('too-many-moving-transactions');
    const missing: string[] = [];
    for (const [id, t] of this.state.tracked) if (!t.settled && !found.has(id)) missing.push(id);
    for (let i = 0; i < missing.length; i += IDS_PER_REQUEST) {
      const ids = missing.slice(i, i + IDS_PER_REQUEST);
      for (const record of await this.page({ id: ids, limit: ids.length })) found.set(record.id, record);
    }
    return { found, newest, truncated };
  }

  /** Forgets the oldest settled transactions past MAX_TRACKED (moving ones are always kept). */
  private prune(): void {
    const tracked = this.state.tracked;
    if (tracked.size <= MAX_TRACKED) return;
    const settled = [...tracked.entries()].filter(([, t]) => t.settled).sort((a, b) => a[1].createdAt - b[1].createdAt);
    for (const [id] of settled.slice(0, tracked.size - MAX_TRACKED)) tracked.delete(id);
  }
}
