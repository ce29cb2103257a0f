/**
 * A pair's row of the pair-limits panel: the limit columns (LIMIT_COLUMNS, written once: the row's
 * fields, the message check, the page's headings and spans, the copied limits and the probes
 * follow from it), the limits each estimate gave, and the row's states.
 */
import type { CurrencyPairKey } from './currencyPairs';
import type { UiStringKey } from './pairLimitsStrings';

/** Why a pair has no limits. */
export type FailureKind =
  'currency-disabled' | 'currency-not-found' | 'invalid-parameter' | 'refused' | 'missing' | 'unreadable';
export const FAILURE_KINDS: readonly FailureKind[] = [
  'currency-disabled',
  'currency-not-found',
  'invalid-parameter',
  'refused',
  'missing',
  'unreadable',
];

/** The limits one estimate operation gave a pair, or why it gave none. */
export type EstimateCell =
  | {
      readonly state: 'limits';
      /** Read from the answer's record, or from the amount error of a probe out of range. */
      readonly via: 'result' | 'amount-error';
      /** Exact decimal strings as the service sent them; '' where it sent none. In the payin currency: */
      readonly minFrom: string;
      readonly maxFrom: string;
      /** The same bounds in the payout currency. */
      readonly minTo: string;
      readonly maxTo: string;
    }
  | { readonly state: 'failed'; readonly kind: FailureKind; readonly reason: string; readonly detail: string }
  | { readonly state: 'pending' };

/** The estimates of a row: float (`getExchangeAmount`) and fixed (`getFixRateForAmount`). */
export interface RowEstimates {
  readonly float: EstimateCell;
  readonly fixed: EstimateCell;
}

/**
 * The amount columns of the table, each written once: its rate (the estimate cell of the row), its
 * bound (the cell's `minFrom`/`maxFrom`, and `minTo`/`maxTo` in the payout currency) and the
 * getPairsParams field shown beneath it. The row's fields, the message check, the page's headings
 * and spans, the copied limits and the probes follow from this list.
 */
export const LIMIT_COLUMNS = [
  { rate: 'float', bound: 'min', pairsParams: 'minAmountFloat' },
  { rate: 'float', bound: 'max', pairsParams: 'maxAmountFloat' },
  { rate: 'fixed', bound: 'min', pairsParams: 'minAmountFixed' },
  { rate: 'fixed', bound: 'max', pairsParams: 'maxAmountFixed' },
] as const;
export type LimitColumn = (typeof LIMIT_COLUMNS)[number];
export type Rate = LimitColumn['rate'];
/** The rates, each a group of columns, in the table's order. */
export const RATES: readonly Rate[] = [...new Set(LIMIT_COLUMNS.map((c) => c.rate))];
export type PairsParamsField = LimitColumn['pairsParams'];
/** getPairsParams' bounds of a pair, one per column: exact decimal strings, as the service sent them. */
export type PairsParamsLimits = { readonly [F in PairsParamsField]: string };

/** The page text that heads each rate's group of columns, and each bound's column. */
export const RATE_HEADINGS: Readonly<Record<Rate, UiStringKey>> = { float: 'floatGroup', fixed: 'fixedGroup' };
export const BOUND_HEADINGS: Readonly<Record<LimitColumn['bound'], UiStringKey>> = { min: 'min', max: 'max' };

/** The columns of one rate. */
export function columnsOf(rate: Rate): readonly LimitColumn[] {
  return LIMIT_COLUMNS.filter((c) => c.rate === rate);
}

/** The getPairsParams field of a rate's bound. */
export function pairsParamsField(rate: Rate, bound: LimitColumn['bound']): PairsParamsField {
  const column = LIMIT_COLUMNS.find((c) => c.rate === rate && c.bound === bound);
  if (!column) throw new Error(`no ${bound} column for the ${rate} rate`);
  return column.pairsParams;
}

/** getPairsParams' bounds, each field's value given by `valueOf`. */
export function pairsParamsLimits(valueOf: (field: PairsParamsField) => string): PairsParamsLimits {
  return Object.fromEntries(LIMIT_COLUMNS.map((c) => [c.pairsParams, valueOf(c.pairsParams)])) as PairsParamsLimits;
}

/** `state` is what the deprecated getPairsParams gave; the estimates are beside it. */
export interface LimitsRow extends CurrencyPairKey, RowEstimates, PairsParamsLimits {
  readonly state: 'limits';
}

export interface FailedRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'failed';
  readonly kind: FailureKind;
  /** Localized: why this pair has no limits. */
  readonly reason: string;
  /** The service's own message, as sent ('' when there is none). */
  readonly detail: string;
}

/** Not fetched yet (or the last fetch failed as a whole). */
export interface PendingRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'pending';
}

/** The service no longer has getPairsParams ("method not found"): the estimates alone. */
export interface UnavailableRow extends CurrencyPairKey, RowEstimates {
  readonly state: 'unavailable';
}

export type PairRow = LimitsRow | FailedRow | PendingRow | UnavailableRow;

/** Both estimates still to come. */
export const PENDING_ESTIMATES: RowEstimates = { float: { state: 'pending' }, fixed: { state: 'pending' } };

/** Whether a row has limits from any source. */
export function rowHasLimits(row: PairRow): boolean {
  return row.state === 'limits' || row.float.state === 'limits' || row.fixed.state === 'limits';
}

/** A row with no limits from any source and a refusal from one: the page counts it as failed. */
export function rowFailed(row: PairRow): boolean {
  return !rowHasLimits(row) && (row.state === 'failed' || row.float.state === 'failed' || row.fixed.state === 'failed');
}
