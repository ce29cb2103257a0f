/**
 * The one cache of transaction records shared by the hover, the lookup command, the watch and the
 * tree. Lookups are cached for a short time, concurrent lookups of one id share one request, a
 * caller that cancels stops waiting (and the request stops when nobody waits any more), and ids
 * the service did not know are not asked again for a while. A change fires per record. Every
 * record fetched anywhere passes through it, also one of another target (a watch's, forwarding's):
 * it holds only those of the target in use, and tells of all of them (the sightings are noted there).
 */
import type { ExchangeClient, RequestOptions, TransactionQuery, TransactionRecord } from '../api';
import { CancelledError } from '../api';
import { Emitter } from '../shared/events';
import type { Event } from '../shared/events';

/** The subset of the client the store uses. */
export type RecordSource = Pick<ExchangeClient, 'getTransactions' | 'getTransactionsByIds'>;

export interface TransactionStoreOptions {
  /** The client of the current environment (resolved per request: it may change). */
  readonly source: () => Promise<RecordSource>;
  /** Where requests go now, `sandbox` (the default) or an account's id: the records of another are not held. */
  readonly target?: () => string;
  /** How long a fetched record answers lookups without asking again. */
  readonly ttlMs?: number;
  /** How long an id the service did not know is answered "not found" without asking again. */
  readonly notFoundTtlMs?: number;
  readonly now?: () => number;
}

export interface LookupOptions extends RequestOptions {
  /** Accept a cached record at most this old (default: the store's TTL; 0 forces a request). */
  readonly maxAgeMs?: number;
}

/** Records fetched on a target (`sandbox` or an account's id): the one in use, or another one. */
export type SeenRecords = { readonly target: string; readonly records: readonly TransactionRecord[] };

interface Entry {
  record: TransactionRecord;
  fetchedAt: number;
}

interface Flight {
  readonly promise: Promise<TransactionRecord | undefined>;
  readonly controller: AbortController;
  waiters: number;
}

export class TransactionStore {
  private readonly records = new Map<string, Entry>();
  private readonly notFound = new Map<string, number>();
  private readonly flights = new Map<string, Flight>();
  private readonly changed = new Emitter<TransactionRecord>();
  private readonly cleared = new Emitter<void>();
  private readonly seen = new Emitter<SeenRecords>();
  private readonly source: () => Promise<RecordSource>;
  private readonly target: () => string;
  private readonly ttlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly now: () => number;
  /** Bumped by clear(): answers of requests started before it are dropped. */
  private generation = 0;

  /** Fires with a record whenever its content changes (or it is seen for the first time). */
  readonly onDidChangeRecord: Event<TransactionRecord> = this.changed.event;
  /** Fires when every record is dropped (e.g. the environment changed). */
  readonly onDidClear: Event<void> = this.cleared.event;
  /** Fires with every record fetched, changed or not, and its target: before the changes it makes. */
  readonly onDidSeeRecords: Event<SeenRecords> = this.seen.event;

  constructor(options: TransactionStoreOptions) {
    this.source = options.source;
    this.target = options.target ?? (() => 'sandbox');
    this.ttlMs = options.ttlMs ?? 15_000;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The cached record, however old, without asking the service. */
  peek(id: string): TransactionRecord | undefined {
    return this.records.get(id)?.record;
  }

  /** Whether the id was recently answered "not found". */
  isKnownMissing(id: string): boolean {
    const until = this.notFound.get(id);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.notFound.delete(id);
    return false;
  }

  /**
   * The record of `id`: from the cache when fresh enough, else from one shared request.
   * Resolves `undefined` when the service does not know the id.
   */
  async lookup(id: string, options: LookupOptions = {}): Promise<TransactionRecord | undefined> {
    const maxAge = options.maxAgeMs ?? this.ttlMs;
    const entry = this.records.get(id);
    if (entry && this.now() - entry.fetchedAt <= maxAge && maxAge > 0) return entry.record;
    if (maxAge > 0 && this.isKnownMissing(id)) return undefined;
    return this.join(id, options.signal);
  }

  /** Fetches the records of many ids (one request per 10) and updates the cache. */
  async refresh(ids: readonly string[], options: RequestOptions = {}): Promise<Map<string, TransactionRecord>> {
    if (ids.length === 0) return new Map();
    const generation = this.generation;
    const client = await this.source();
    const found = await client.getTransactionsByIds(ids, options);
    if (generation === this.generation) {
      for (const id of ids) if (!found.has(id)) this.markMissing(id);
      this.upsert([...found.values()]);
    }
    return found;
  }

  /** Runs a `getTransactions` query and updates the cache with what it returns. */
  async query(query: TransactionQuery, options: RequestOptions = {}): Promise<TransactionRecord[]> {
    const generation = this.generation;
    const client = await this.source();
    const records = await client.getTransactions(query, options);
    if (generation === this.generation) this.upsert(records);
    return records;
  }

  /**
   * Records fetched on `target` (default: the one in use): told to onDidSeeRecords, then, when
   * that target is in use, put into the cache, firing a change for each one whose content is new.
   */
  upsert(records: readonly TransactionRecord[], target = this.target()): void {
    this.seen.fire({ target, records });
    if (target !== this.target()) return;
    const at = this.now();
    for (const record of records) {
      const previous = this.records.get(record.id);
      this.records.set(record.id, { record, fetchedAt: at });
      this.notFound.delete(record.id);
      if (!previous || !sameRecord(previous.record, record)) this.changed.fire(record);
    }
  }

  /** Drops every record and every pending answer (the environment changed). */
  clear(): void {
    this.generation++;
    this.records.clear();
    this.notFound.clear();
    for (const flight of this.flights.values()) flight.controller.abort();
    this.flights.clear();
    this.cleared.fire();
  }

  dispose(): void {
    this.clear();
    this.changed.dispose();
    this.cleared.dispose();
    this.seen.dispose();
  }

  private markMissing(id: string): void {
    this.notFound.set(id, this.now() + this.notFoundTtlMs);
  }

  private join(id: string, signal: AbortSignal | undefined): Promise<TransactionRecord | undefined> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    let flight = this.flights.get(id);
    if (!flight) flight = this.start(id);
    const current = flight;
    current.waiters++;
    return new Promise((resolve, reject) => {
      let settled = false;
      const leave = () => {
        signal?.removeEventListener('abort', onAbort);
        current.waiters--;
      };
      const onAbort = () => {
        if (settled) return;
        settled = true;
        leave();
        if (current.waiters === 0) {
          // Nobody waits any more: stop the request, and let the next lookup start afresh.
          if (this.flights.get(id) === current) this.flights.delete(id);
          current.controller.abort();
        }
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      current.promise.then(
        (value) => {
          if (settled) return;
          settled = true;
          leave();
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          leave();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private start(id: string): Flight {
    const controller = new AbortController();
    const generation = this.generation;
    const promise = (async () => {
      try {
        const client = await this.source();
        const [record] = await client.getTransactions({ id, limit: 1 }, { signal: controller.signal });
        if (generation !== this.generation) throw new CancelledError();
        if (record?.id === id) {
          this.upsert([record]);
          return record;
        }
        this.markMissing(id);
        return undefined;
      } finally {
        if (this.flights.get(id)?.controller === controller) this.flights.delete(id);
      }
    })();
    // The flight's own rejection is observed by its waiters; never leave it unhandled.
    promise.catch(() => undefined);
    const flight: Flight = { promise, controller, waiters: 0 };
    this.flights.set(id, flight);
    return flight;
  }
}

/** Records are plain JSON-like data: equal when every field is equal. */
export function sameRecord(a: TransactionRecord, b: TransactionRecord): boolean {
  const keys = Object.keys(a) as (keyof TransactionRecord)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}
