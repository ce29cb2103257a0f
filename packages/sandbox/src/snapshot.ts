/**
 * The ledger as it can be stored (the editor's storage, a file of the CLI) and restored: the seed,
 * size and start that regenerate the seeded transactions, and in full every transaction created
 * or changed since, newest first, at most CONTROL_LIMITS.maxSnapshotTransactions, and what the
 * issuer issued (ids.ts: its generation and the subaccounts). Rate IDs are not kept. A snapshot read back is untrusted: `restoreLedger` checks every field, drops what is
 * malformed (counting it) and throws a SnapshotError only when nothing usable is there (not an
 * object, another version, a bad seed, size or start). It never throws anything else.
 */
import { CONTROL_LIMITS, SNAPSHOT_VERSION } from '../../../src/shared/controlProtocol';
import type { LedgerSnapshot, SnapshotStep, SnapshotTransaction } from '../../../src/shared/controlProtocol';
import { isKnownStatus } from '../../../src/shared/status';
import { hasUnsafeText } from '../../../src/shared/safeText';
import type { Clock } from './clock';
import { canSkip } from './clock';
import { findCurrency } from './currencies';
import type { LedgerTransaction } from './factory';
import { Ledger } from './ledger';
import { validatePlan } from './lifecycle';
import { isRecord } from '../../../src/shared/isRecord';

/** The largest ledger a snapshot may ask to seed (the CLI's --size is not bounded; this is). */
export const MAX_SNAPSHOT_SIZE = 10_000;
const MAX_PLAN_STEPS = 32;
const MAX_TEXT = 256;
/** Any time within ±300 years of 1970, in ms: far past any real use, far below unsafe integers. */
const MAX_TIME_MS = 300 * 366 * 24 * 60 * 60_000;

export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

/** The snapshot of a ledger; `skippedMs` is how far its clock was skipped. */
export function toSnapshot(ledger: Ledger, skippedMs: number): LedgerSnapshot {
  const transactions = ledger
    .touchedTransactions()
    .slice(0, CONTROL_LIMITS.maxSnapshotTransactions)
    .map((tx): SnapshotTransaction => ({ ...tx, plan: tx.plan.map((s) => ({ status: s.status, atMs: s.atMs })) }));
  return {
    version: SNAPSHOT_VERSION,
    seed: ledger.seed,
    size: ledger.seededSize,
    startedAtMs: ledger.startedAtMs,
    skippedMs: Math.max(0, skippedMs),
    transactions,
    issued: ledger.issuer.toSnapshot(),
  };
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_TIME_MS;
/** Safe text of bounded length (addresses, hashes, extra ids). */
const isText = (value: unknown, allowEmpty = false): value is string =>
  typeof value === 'string' && value.length <= MAX_TEXT && (allowEmpty || value.length > 0) && !hasUnsafeText(value);
const isNullableText = (value: unknown): value is string | null => value === null || isText(value);
const isAmount = (value: unknown, allowEmpty = false): value is string =>
  typeof value === 'string' && ((allowEmpty && value === '') || /^\d{1,30}(\.\d{1,30})?$/.test(value));

function readPlan(value: unknown): SnapshotStep[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PLAN_STEPS) return undefined;
  const steps: SnapshotStep[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.status !== 'string' || !isKnownStatus(item.status) || !isTime(item.atMs))
      return undefined;
    steps.push({ status: item.status, atMs: item.atMs });
  }
  return steps;
}

/** A stored transaction checked field by field, or undefined when anything is off. */
export function readSnapshotTransaction(value: unknown): LedgerTransaction | undefined {
  if (!isRecord(value)) return undefined;
  const v = value;
  if (typeof v.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v.id)) return undefined;
  if (v.type !== 'float' && v.type !== 'fixed') return undefined;
  if (!isTime(v.createdAtMs) || typeof v.createdAtUs !== 'number' || !Number.isSafeInteger(v.createdAtUs))
    return undefined;
  if (Math.floor(v.createdAtUs / 1000) !== v.createdAtMs) return undefined;
  if (typeof v.currencyFrom !== 'string' || typeof v.currencyTo !== 'string') return undefined;
  if (!findCurrency(v.currencyFrom) || !findCurrency(v.currencyTo) || v.currencyFrom === v.currencyTo) return undefined;
  if (v.currencyFrom !== v.currencyFrom.toLowerCase() || v.currencyTo !== v.currencyTo.toLowerCase()) return undefined;
  if (!isText(v.payinAddress) || !isText(v.payoutAddress) || !isText(v.refundAddress, true)) return undefined;
  if (!isNullableText(v.payinExtraId) || !isNullableText(v.payoutExtraId) || !isNullableText(v.refundExtraId))
    return undefined;
  for (const name of [
    'rate',
    'amountExpectedFrom',
    'amountExpectedTo',
    'amountTo',
    'networkFee',
    'exchangeFee',
    'apiExtraFee',
    'totalFee',
  ]) {
    if (!isAmount(v[name])) return undefined;
  }
  if (!isAmount(v.amountFrom, true)) return undefined;
  if (!isText(v.payinHash) || !isText(v.payoutHash) || !isText(v.refundHash)) return undefined;
  const plan = readPlan(v.plan);
  if (!plan || plan[0].atMs !== v.createdAtMs) return undefined;
  if (v.payTillMs !== null && !isTime(v.payTillMs)) return undefined;
  if ((v.type === 'fixed') !== (v.payTillMs !== null)) return undefined;
  if (typeof v.omitsNulls !== 'boolean') return undefined;
  if (v.extraField !== null && v.extraField !== 'trackUrl' && v.extraField !== 'subaccountId') return undefined;
  const subaccountId = v.subaccountId ?? null;
  if (!isNullableText(subaccountId)) return undefined;
  try {
    validatePlan(plan, v.type);
  } catch {
    return undefined;
  }
  return {
    id: v.id,
    createdAtMs: v.createdAtMs,
    createdAtUs: v.createdAtUs,
    type: v.type,
    currencyFrom: v.currencyFrom,
    currencyTo: v.currencyTo,
    payinAddress: v.payinAddress,
    payinExtraId: v.payinExtraId,
    payoutAddress: v.payoutAddress,
    payoutExtraId: v.payoutExtraId,
    refundAddress: v.refundAddress,
    refundExtraId: v.refundExtraId,
    rate: v.rate as string,
    amountExpectedFrom: v.amountExpectedFrom as string,
    amountExpectedTo: v.amountExpectedTo as string,
    amountFrom: v.amountFrom,
    amountTo: v.amountTo as string,
    networkFee: v.networkFee as string,
    exchangeFee: v.exchangeFee as string,
    apiExtraFee: v.apiExtraFee as string,
    totalFee: v.totalFee as string,
    payinHash: v.payinHash,
    payoutHash: v.payoutHash,
    refundHash: v.refundHash,
    plan,
    payTillMs: v.payTillMs,
    omitsNulls: v.omitsNulls,
    extraField: v.extraField,
    subaccountId,
    ...(v.traffic === true ? { traffic: true as const } : {}),
  };
}

export interface RestoredLedger {
  readonly ledger: Ledger;
  readonly restored: number;
  readonly dropped: number;
  /** How far the snapshot's clock was skipped. */
  readonly skippedMs: number;
}

/**
 * A ledger rebuilt from an untrusted snapshot on `clock`: seeded again from its seed, size and
 * start, then every valid stored transaction put in (replacing a seeded one of the same id).
 * Entries past the bound, malformed ones and repeated ids are dropped and counted.
 */
export function restoreLedger(snapshot: unknown, clock: Clock): RestoredLedger {
  if (!isRecord(snapshot)) throw new SnapshotError('The snapshot is not a JSON object.');
  if (snapshot.version !== SNAPSHOT_VERSION)
    throw new SnapshotError(`The snapshot's version is not ${SNAPSHOT_VERSION}.`);
  const { seed, size, startedAtMs, skippedMs, transactions } = snapshot;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new SnapshotError('The snapshot has no valid seed.');
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > MAX_SNAPSHOT_SIZE) {
    throw new SnapshotError(`The snapshot's size must be a whole number from 0 to ${MAX_SNAPSHOT_SIZE}.`);
  }
  if (!isTime(startedAtMs)) throw new SnapshotError('The snapshot has no valid start time.');
  const skipped = isTime(skippedMs) && skippedMs >= 0 ? skippedMs : 0;
  const ledger = new Ledger({ clock, seed, size, startedAtMs });
  // Taken in when the ledger takes over from the running one (Ledger.takeOver): its subaccounts,
  // and a generation of ids after the snapshot's (also when the snapshot has none).
  ledger.noteRestoredIssuer(snapshot.issued ?? {});
  const entries: readonly unknown[] = Array.isArray(transactions) ? transactions : [];
  let restored = 0;
  let dropped = 0;
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const tx = index < CONTROL_LIMITS.maxSnapshotTransactions ? readSnapshotTransaction(entry) : undefined;
    if (!tx || seen.has(tx.id)) {
      dropped++;
      continue;
    }
    seen.add(tx.id);
    ledger.put(tx);
    restored++;
  }
  return { ledger, restored, dropped, skippedMs: skipped };
}

/** Moves a skippable clock ahead to at least `skippedMs` of skip (a restored ledger's times need it). */
export function catchUpClock(clock: Clock, skippedMs: number): void {
  if (canSkip(clock) && clock.skippedMs < skippedMs) clock.advance(skippedMs - clock.skippedMs);
}
