/**
 * The sandbox's transactions: a seeded, deterministic set (the same seed and start time always
 * give the same ledger), plus any that tests add with `create()`. Seeded transactions are spread
 * over the 30 days before the clock's time at construction; a few are live, with plans reaching
 * minutes past that time, so a running sandbox visibly moves. With 10 or more transactions every
 * status is present at the start.
 */
import type { KnownStatus } from '../../../src/shared/status';
import { FINAL_STATUSES } from '../../../src/shared/status';
import type { Clock } from './clock';
import { findCurrency, requireCurrency } from './currencies';
import type { LedgerTransaction } from './factory';
import { makeId, makeTransaction } from './factory';
import type { Outcome, Progress, TransactionType } from './lifecycle';
import { buildPlan, pathFor, progressAt, validatePlan } from './lifecycle';
import { Issuer } from './ids';
import { Random } from './random';
import { RateBook } from './rates';
import type { WireRecord } from './records';
import { toWireRecord } from './records';
import { seededTransactions } from './seededLedger';

export const DEFAULT_SEED = 1;
export const DEFAULT_LEDGER_SIZE = 300;

export interface LedgerOptions {
  readonly clock: Clock;
  readonly seed?: number;
  /** Number of seeded transactions (default 300). */
  readonly size?: number;
  /** The time the seeded transactions are spread before (default: the clock's time now). */
  readonly startedAtMs?: number;
  /** Who issues the ids of created transactions, rate IDs and subaccounts (default: one of `seed`, generation 0). */
  readonly issuer?: Issuer;
}

/** What `create()` takes; everything is optional. */
export interface CreateTransactionOptions {
  readonly id?: string;
  /** Default `float` (`fixed` when the outcome is `expired`). */
  readonly type?: TransactionType;
  /** Payin ticker, default `btc`. */
  readonly from?: string;
  /** Payout ticker, default `eth`. */
  readonly to?: string;
  /** Default: now on the ledger's clock (Unix ms). */
  readonly createdAt?: number;
  /** Where the generated plan ends (default `finished`); ignored when `plan` is given. */
  readonly outcome?: Outcome;
  /** Time spent in each status of a generated plan (default 60 000 ms). */
  readonly stepMs?: number;
  /** An explicit plan: statuses entered `afterMs` after creation. Starts with `waiting` at 0. */
  readonly plan?: readonly { readonly status: KnownStatus; readonly afterMs: number }[];
  readonly amountExpectedFrom?: string;
  readonly payinAddress?: string;
  readonly payinExtraId?: string | null;
  readonly payoutAddress?: string;
  readonly payoutExtraId?: string | null;
  /** The rate agreed at creation (default: the market rate less a random spread). */
  readonly rate?: string;
  /** The payout estimated at creation (default: `amountExpectedFrom × rate`). */
  readonly amountExpectedTo?: string;
  /** Default: a random address of the payin currency. */
  readonly refundAddress?: string;
  readonly refundExtraId?: string | null;
  /** The subaccount it is created for (`subaccountId` of the create operations). */
  readonly subaccountId?: string | null;
}

/** Newest first: `createdAt` descending, then id ascending. */
export function newestFirst(a: LedgerTransaction, b: LedgerTransaction): number {
  return b.createdAtUs - a.createdAtUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export class Ledger {
  readonly seed: number;
  readonly clock: Clock;
  /** The clock's time when the ledger was seeded (Unix ms). */
  readonly startedAtMs: number;
  /** Number of seeded transactions asked for. */
  readonly seededSize: number;
  private readonly byIdMap = new Map<string, LedgerTransaction>();
  private sortedList: LedgerTransaction[] = [];
  /** Whether the seeded transactions are made yet (on the first look: a ledger replaced by a restore before any is never seeded). */
  private seededYet = false;
  private issued: Issuer;
  /** What a snapshot this ledger was restored from kept of its issuer (taken in by `takeOver`). */
  private restoredIssued: unknown;
  /** Ids of the transactions created after seeding or changed since (what a snapshot keeps). */
  private readonly touched = new Set<string>();
  /** The fixed-rate quotes issued and not used yet (`getFixRateForAmount` → `createFixTransaction`). */
  readonly rates: RateBook;
  /** The ids the seed made (with the traffic's, never the user's own: see `isOwn`). */
  private readonly seededIdSet = new Set<string>();

  constructor(options: LedgerOptions) {
    this.clock = options.clock;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.startedAtMs = options.startedAtMs ?? options.clock.now();
    if (!Number.isSafeInteger(this.startedAtMs)) throw new RangeError('startedAtMs must be a whole number of ms');
    this.issued = options.issuer ?? new Issuer(this.seed);
    this.rates = new RateBook(() => this.issued.rates);
    const size = options.size ?? DEFAULT_LEDGER_SIZE;
    if (!Number.isInteger(size) || size < 0) throw new RangeError('size must be a non-negative integer');
    this.seededSize = size;
  }

  /** Makes the seeded transactions (once): they depend only on the seed, the size and `startedAtMs`. */
  private seedNow(): void {
    if (this.seededYet) return;
    this.seededYet = true;
    const seeded = seededTransactions(this.seededSize, Random.derive(this.seed, 'ledger'), this.startedAtMs);
    for (const tx of seeded) {
      this.byIdMap.set(tx.id, tx);
      this.seededIdSet.add(tx.id);
    }
    this.sortedList = seeded.sort(newestFirst);
  }

  private get byId(): Map<string, LedgerTransaction> {
    this.seedNow();
    return this.byIdMap;
  }

  private get sorted(): LedgerTransaction[] {
    this.seedNow();
    return this.sortedList;
  }

  private set sorted(list: LedgerTransaction[]) {
    this.seedNow();
    this.sortedList = list;
  }

  private get seededIds(): ReadonlySet<string> {
    this.seedNow();
    return this.seededIdSet;
  }

  /** Number of transactions, including any not created yet at the clock's time. */
  get size(): number {
    return this.sorted.length;
  }

  /** Every transaction, newest first, whatever the clock says. */
  all(): readonly LedgerTransaction[] {
    return this.sorted;
  }

  get(id: string): LedgerTransaction | undefined {
    return this.byId.get(id);
  }

  /** Transactions created at or before `atMs` (default: now), newest first. */
  visible(atMs: number = this.clock.now()): LedgerTransaction[] {
    return this.sorted.filter((tx) => tx.createdAtMs <= atMs);
  }

  /** Where a transaction stands at `atMs` (default: now); undefined if unknown or not created yet. */
  progress(id: string, atMs: number = this.clock.now()): Progress | undefined {
    const tx = this.byId.get(id);
    return tx ? progressAt(tx.plan, atMs, requireCurrency(tx.currencyFrom).confirmations) : undefined;
  }

  statusOf(id: string, atMs: number = this.clock.now()): KnownStatus | undefined {
    return this.progress(id, atMs)?.status;
  }

  /** The record as `getTransactions` shows it at `atMs` (default: now). */
  record(id: string, atMs: number = this.clock.now()): WireRecord | undefined {
    const tx = this.byId.get(id);
    return tx ? toWireRecord(tx, atMs) : undefined;
  }

  /** Who issues the ids: created transactions', rate IDs and subaccounts (see ids.ts). */
  get issuer(): Issuer {
    return this.issued;
  }

  /** Notes what a snapshot kept of its issuer, for `takeOver` (restoreLedger calls it). */
  noteRestoredIssuer(issued: unknown): void {
    this.restoredIssued = issued;
  }

  /**
   * This ledger replaces `previous` (a reset or a restore): it keeps `previous`'s issuer, so no id
   * is issued twice; a ledger restored from a snapshot also takes in the snapshot's subaccounts and
   * moves the issuer past the snapshot's generation. Returns the subaccount entries dropped.
   */
  takeOver(previous: Ledger): number {
    this.issued = previous.issued;
    if (this.restoredIssued === undefined) return 0;
    const dropped = this.issued.absorb(this.restoredIssued);
    this.restoredIssued = undefined;
    return dropped;
  }

  /** Adds a transaction (for tests and demos) and returns it; its id is `result.id`. */
  create(options: CreateTransactionOptions = {}): LedgerTransaction {
    const rng = this.issued.create;
    const from = (options.from ?? 'btc').toLowerCase();
    const to = (options.to ?? 'eth').toLowerCase();
    for (const ticker of [from, to]) if (!findCurrency(ticker)) throw new RangeError(`unknown currency ${ticker}`);
    const outcome = options.outcome ?? 'finished';
    const type = options.type ?? (outcome === 'expired' ? 'fixed' : 'float');
    const createdAtMs = options.createdAt ?? this.clock.now();
    const plan = options.plan
      ? options.plan.map((s) => ({ status: s.status, atMs: createdAtMs + s.afterMs }))
      : buildPlan(pathFor(outcome), createdAtMs, { stepMs: options.stepMs ?? 60_000 });
    validatePlan(plan, type);
    if (options.id !== undefined && (options.id.length === 0 || this.byId.has(options.id))) {
      throw new RangeError(`id ${options.id} is empty or taken`);
    }
    const id = options.id ?? makeId(rng, (candidate) => this.byId.has(candidate));
    const tx = makeTransaction(rng, { ...options, id, createdAtMs, type, from, to, plan });
    this.insert(tx);
    return tx;
  }

  /**
   * Puts a changed transaction in place of the one with its id (a new schedule, a payment), or
   * adds one restored from a snapshot. Its plan must be valid for its type.
   */
  put(tx: LedgerTransaction): void {
    validatePlan(tx.plan, tx.type);
    const old = this.byId.get(tx.id);
    if (old === undefined) {
      this.insert(tx);
      return;
    }
    this.byId.set(tx.id, tx);
    this.touched.add(tx.id);
    this.sorted = this.sorted.map((t) => (t.id === tx.id ? tx : t));
    if (old.createdAtUs !== tx.createdAtUs) this.sorted.sort(newestFirst);
  }

  /** The transactions created after seeding or changed since, newest first. */
  touchedTransactions(): LedgerTransaction[] {
    return this.sorted.filter((tx) => this.touched.has(tx.id));
  }

  /**
   * Whether a transaction is the user's own: created through `create()` (the create operations,
   * the control's create, New Transaction), not seeded and not arrived with the traffic. Own ones
   * are never retired and survive a reset that keeps them.
   */
  isOwn(tx: LedgerTransaction): boolean {
    return tx.traffic !== true && !this.seededIds.has(tx.id);
  }

  /** The user's own transactions, newest first. */
  ownTransactions(): LedgerTransaction[] {
    return this.sorted.filter((tx) => this.isOwn(tx));
  }

  /**
   * Adds transactions of the traffic (traffic.ts). They are not "touched": the traffic makes them
   * again from the seed and the time, so a snapshot need not keep them (until one is changed).
   */
  admit(arrivals: readonly LedgerTransaction[]): void {
    let added = 0;
    for (const tx of arrivals) {
      // One already here (restored from a snapshot after a change) stays as it is.
      if (this.byId.has(tx.id)) continue;
      this.byId.set(tx.id, tx);
      this.sorted.push(tx);
      added++;
    }
    if (added > 0) this.sorted.sort(newestFirst);
  }

  /**
   * Retires the oldest settled (final at `atMs`) transactions that are not the user's own, until
   * at most `bound` are left or none of those remains. Returns how many went.
   */
  retire(bound: number, atMs: number): number {
    let excess = this.sorted.length - bound;
    if (excess <= 0) return 0;
    const gone = new Set<string>();
    for (let i = this.sorted.length - 1; i >= 0 && excess > 0; i--) {
      const tx = this.sorted[i];
      const status = this.statusOf(tx.id, atMs);
      if (status === undefined || !FINAL_STATUSES.has(status) || this.isOwn(tx)) continue;
      gone.add(tx.id);
      excess--;
    }
    if (gone.size === 0) return 0;
    for (const id of gone) {
      this.byId.delete(id);
      this.touched.delete(id);
    }
    this.sorted = this.sorted.filter((tx) => !gone.has(tx.id));
    return gone.size;
  }

  private insert(tx: LedgerTransaction): void {
    this.byId.set(tx.id, tx);
    this.touched.add(tx.id);
    this.sorted.push(tx);
    this.sorted.sort(newestFirst);
  }
}
