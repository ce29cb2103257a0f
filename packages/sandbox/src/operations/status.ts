/**
 * `getStatus` and `getTransactions` (docs/service/methods.md#getstatus, #gettransactions) with every parameter check. A bad parameter answers
 * -32602 `Parameter {param} is invalid`, naming the parameter; parameters are checked in the
 * order of the service's table (id, status, currency, address, payoutAddress, extraId, since, limit,
 * offset, then `subaccountId`), so the first bad one is named. Unknown members of
 * `params` are ignored.
 */
import { isKnownStatus } from '../../../../src/shared/status';
import type { KnownStatus } from '../../../../src/shared/status';
import type { LedgerTransaction } from '../factory';
import type { Ledger } from '../ledger';
import { invalidParameter } from '../protocol';
import type { WireRecord } from '../records';
import { toWireRecord } from '../records';
import { isRecord } from '../../../../src/shared/isRecord';

export const MAX_FILTER_VALUES = 10;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** A string or a non-empty array of strings, at most `max` long; undefined when absent. */
function stringSet(
  params: Record<string, unknown>,
  name: string,
  max: number,
  check: (s: string) => boolean = () => true,
): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.length > max) throw invalidParameter(name);
  for (const item of list as unknown[]) if (!nonEmptyString(item) || !check(item)) throw invalidParameter(name);
  return list as string[];
}

function integer(params: Record<string, unknown>, name: string, ok: (n: number) => boolean): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || !ok(value)) throw invalidParameter(name);
  return value;
}

/** The checked query of `getTransactions`. */
export interface TransactionFilter {
  readonly id?: ReadonlySet<string>;
  readonly status?: ReadonlySet<KnownStatus>;
  readonly currency?: ReadonlySet<string>;
  readonly address?: ReadonlySet<string>;
  readonly payoutAddress?: ReadonlySet<string>;
  readonly extraId?: string;
  readonly since?: number;
  readonly limit: number;
  readonly offset: number;
  readonly subaccountId?: ReadonlySet<string>;
}

const asSet = <T extends string>(list: T[] | undefined): ReadonlySet<T> | undefined =>
  list ? new Set(list) : undefined;

/**
 * Checks `getTransactions` params: `id`, `currency`, `address`, `payoutAddress` take a string or
 * 1–10 strings; `status` a status or any number of them; `extraId` a non-empty string; `since`
 * 16-digit integer microseconds; `limit` an integer 1–100 (default 10); `offset` an integer ≥ 0.
 * `currency` is compared lowercase, addresses and extra ids exactly. `subaccountId` (a string or
 * 1–10, ours) keeps the records created for those subaccounts.
 */
export function readTransactionFilter(params: unknown): TransactionFilter {
  if (!isRecord(params)) throw invalidParameter('params');
  const id = stringSet(params, 'id', MAX_FILTER_VALUES);
  const status = stringSet(params, 'status', Number.MAX_SAFE_INTEGER, isKnownStatus) as KnownStatus[] | undefined;
  const currency = stringSet(params, 'currency', MAX_FILTER_VALUES)?.map((c) => c.toLowerCase());
  const address = stringSet(params, 'address', MAX_FILTER_VALUES);
  const payoutAddress = stringSet(params, 'payoutAddress', MAX_FILTER_VALUES);
  if (params.extraId !== undefined && !nonEmptyString(params.extraId)) throw invalidParameter('extraId');
  const since = integer(params, 'since', (n) => n >= 1e15 && n < 1e16);
  const limit = integer(params, 'limit', (n) => n >= 1 && n <= MAX_LIMIT) ?? DEFAULT_LIMIT;
  const offset = integer(params, 'offset', (n) => n >= 0) ?? 0;
  const subaccountId = stringSet(params, 'subaccountId', MAX_FILTER_VALUES);
  return {
    id: asSet(id),
    status: asSet(status),
    currency: asSet(currency),
    address: asSet(address),
    payoutAddress: asSet(payoutAddress),
    extraId: params.extraId,
    since,
    limit,
    offset,
    subaccountId: asSet(subaccountId),
  };
}

/** Whether a transaction, as it stands at `atMs`, passes every given filter (AND). */
export function matches(tx: LedgerTransaction, status: KnownStatus, f: TransactionFilter): boolean {
  return (
    (!f.id || f.id.has(tx.id)) &&
    (!f.status || f.status.has(status)) &&
    (!f.currency || f.currency.has(tx.currencyFrom)) &&
    (!f.address || f.address.has(tx.payinAddress)) &&
    (!f.payoutAddress || f.payoutAddress.has(tx.payoutAddress)) &&
    (f.extraId === undefined || tx.payinExtraId === f.extraId) &&
    (f.since === undefined || tx.createdAtUs >= f.since) &&
    (!f.subaccountId || (tx.subaccountId !== null && f.subaccountId.has(tx.subaccountId)))
  );
}

/** Matching records at `atMs`, newest first, paged; `decorate` may replace each one on the way out. */
export function getTransactions(
  ledger: Ledger,
  params: unknown,
  atMs: number,
  decorate?: (record: WireRecord) => WireRecord,
): WireRecord[] {
  const filter = readTransactionFilter(params);
  const out: WireRecord[] = [];
  let skipped = 0;
  for (const tx of ledger.visible(atMs)) {
    const record = toWireRecord(tx, atMs);
    if (!record || !matches(tx, record.status, filter)) continue;
    if (skipped < filter.offset) {
      skipped++;
      continue;
    }
    out.push(decorate ? decorate(record) : record);
    if (out.length >= filter.limit) break;
  }
  return out;
}

/**
 * `params.id` must be a non-empty string (params that are no object have no id); an id that does
 * not exist (yet) is answered the same way: -32602 `Parameter id is invalid`.
 */
export function getStatus(ledger: Ledger, params: unknown, atMs: number): KnownStatus {
  const id = isRecord(params) ? params.id : undefined;
  if (!nonEmptyString(id)) throw invalidParameter('id');
  const status = ledger.statusOf(id, atMs);
  if (status === undefined) throw invalidParameter('id');
  return status;
}
