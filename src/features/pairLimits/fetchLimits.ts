/** Pairs' limits from one operation, pure: a refusal about a pair is its outcome; other errors stop the list. */
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InvalidParameterError,
  ProtocolError,
  ServiceError,
} from '../../api';
import type { EstimateLimits, PairLimits } from '../../api';
import { pairKey } from '../../shared/currencyPairs';
import type { CurrencyPairKey } from '../../shared/currencyPairs';

export type PairOutcome =
  { readonly limits: PairLimits } | { readonly error: ServiceError } | { readonly missing: true };

export interface PairLimitsReport {
  /** By `pairKey`, for every pair settled (all of them unless `failure` is set). */
  readonly outcomes: ReadonlyMap<string, PairOutcome>;
  /** The error that stopped fetching, not blamed on any pair. */
  readonly failure?: unknown;
  readonly calls: number;
}

export type FetchPairs = (pairs: readonly CurrencyPairKey[]) => Promise<readonly PairLimits[]>;

/** -32602: the service refused a parameter; the other errors are not about a pair. */
export function isPairError(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.code === -32602;
}

/** The pairs of `group` that `error` is about, by the currency and the side it names. */
export function blamedPairs(error: ServiceError, group: readonly CurrencyPairKey[]): CurrencyPairKey[] {
  if (error instanceof CurrencyNotFoundError) {
    const currency = error.currency.toLowerCase();
    return group.filter((p) => p.from === currency || p.to === currency);
  }
  if (error instanceof CurrencyDisabledError) {
    const currency = error.currency.toLowerCase();
    const asInput = error.direction !== 'output';
    const asOutput = error.direction !== 'input';
    return group.filter((p) => (asInput && p.from === currency) || (asOutput && p.to === currency));
  }
  return [];
}

export function halves<T>(group: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(group.length / 2);
  return [group.slice(0, middle), group.slice(middle)];
}

/** getPairsParams for every pair in one call; a refusal sets aside the pairs it names (else halves): ≤ 2n − 1 calls. */
export async function fetchPairLimits(fetch: FetchPairs, pairs: readonly CurrencyPairKey[]): Promise<PairLimitsReport> {
  const outcomes = new Map<string, PairOutcome>();
  const queue: CurrencyPairKey[][] = pairs.length > 0 ? [[...pairs]] : [];
  let calls = 0;
  for (let group = queue.shift(); group; group = queue.shift()) {
    calls++;
    let answer: readonly PairLimits[];
    try {
      answer = await fetch(group);
    } catch (error) {
      if (!isPairError(error)) return { outcomes, failure: error, calls };
      if (group.length === 1) {
        for (const pair of group) outcomes.set(pairKey(pair), { error });
        continue;
      }
      const blamed = blamedPairs(error, group);
      if (blamed.length > 0) {
        for (const pair of blamed) outcomes.set(pairKey(pair), { error });
        const rest = group.filter((p) => !blamed.includes(p));
        if (rest.length > 0) queue.unshift(rest);
      } else {
        queue.unshift(...halves(group));
      }
      continue;
    }
    // The order of the result is not specified: match records to pairs by their tickers.
    const byKey = new Map(
      answer.map((limits) => [pairKey({ from: limits.from.toLowerCase(), to: limits.to.toLowerCase() }), limits]),
    );
    for (const pair of group) {
      const limits = byKey.get(pairKey(pair));
      outcomes.set(pairKey(pair), limits ? { limits } : { missing: true });
    }
  }
  return { outcomes, calls };
}

/** A short description of an outcome, for the log: `limits`, `missing`, `disabled:xmr:input`, … */
export function describeOutcome(outcome: PairOutcome | undefined): string {
  if (!outcome) return 'unsettled';
  if ('limits' in outcome) return 'limits';
  if ('missing' in outcome) return 'missing';
  const e = outcome.error;
  if (e instanceof CurrencyDisabledError) return `disabled:${e.currency}:${e.direction}`;
  if (e instanceof CurrencyNotFoundError) return `not-found:${e.currency}`;
  if (e instanceof InvalidParameterError) return `invalid:${e.param}`;
  return `refused:${e.code}`;
}

/** The sandbox's maximum; the panel holds far fewer. */
const ESTIMATE_BULK = 100;

/** A pair's bounds as an estimate gives them: in the payin (`…From`) and payout (`…To`) currency. */
export interface EstimateBounds {
  readonly minFrom?: string;
  readonly maxFrom?: string;
  readonly minTo?: string;
  readonly maxTo?: string;
}

export type EstimateOutcome =
  /** `via`: read from the answer's record, or from the amount error of a probe out of range. */
  | { readonly limits: EstimateBounds; readonly via: 'result' | 'amount-error' }
  | { readonly error: ServiceError }
  /** The service's answer for this pair could not be read (its result, not its envelope). */
  | { readonly unreadable: ProtocolError }
  | { readonly missing: true };

export interface Probe extends CurrencyPairKey {
  readonly amountFrom: string;
}

export type EstimateCall = (
  queries: Probe | readonly Probe[],
) => Promise<readonly (EstimateLimits & CurrencyPairKey)[]>;

export interface EstimateReport {
  readonly outcomes: ReadonlyMap<string, EstimateOutcome>;
  readonly failure?: unknown;
  readonly calls: { readonly bulk: number; readonly single: number };
}

function defined(bounds: Record<keyof EstimateBounds, string | undefined>): EstimateBounds {
  return Object.fromEntries(Object.entries(bounds).filter(([, value]) => value !== undefined));
}

/** The bounds of an estimate record (`min`/`max` stand in for `minFrom`/`maxFrom`, as in every sample). */
function boundsOfRecord(record: EstimateLimits): EstimateBounds {
  return defined({
    minFrom: record.minFrom ?? record.min,
    maxFrom: record.maxFrom ?? record.max,
    minTo: record.minTo,
    maxTo: record.maxTo,
  });
}

/** The bounds an amount error carries (`data.limits`, else the one bound its message names), if any. */
function boundsOfAmountError(error: AmountOutOfRangeError): EstimateBounds | undefined {
  const limits = error.limits;
  const bounds = defined({
    minFrom: limits?.min?.from ?? (error.bound === 'min' ? error.amount : undefined),
    maxFrom: limits?.max?.from ?? (error.bound === 'max' ? error.amount : undefined),
    minTo: limits?.min?.to,
    maxTo: limits?.max?.to,
  });
  return Object.keys(bounds).length > 0 ? bounds : undefined;
}

/** A well-formed JSON-RPC answer whose result has a malformed field (named under `result`). */
function isUnreadableResult(error: unknown): error is ProtocolError {
  return (
    error instanceof ProtocolError &&
    error.status === undefined &&
    error.field !== undefined &&
    /^result(\[|\.|$)/.test(error.field)
  );
}

/** A record's outcome: its bounds, or `missing` when it carries none (left out, or not decimals). */
function recordOutcome(record: EstimateLimits | undefined): EstimateOutcome {
  const limits = record ? boundsOfRecord(record) : {};
  return Object.keys(limits).length > 0 ? { limits, via: 'result' } : { missing: true };
}

function byPair(records: readonly (EstimateLimits & CurrencyPairKey)[]): Map<string, EstimateLimits> {
  const map = new Map<string, EstimateLimits>();
  for (const record of records) {
    const key = pairKey({ from: record.from.toLowerCase(), to: record.to.toLowerCase() });
    if (!map.has(key)) map.set(key, record);
  }
  return map;
}

/** One estimate for every probe in bulk; a pair missing from a bulk answer (or refused whole) is asked alone. */

export async function fetchEstimateLimits(call: EstimateCall, probes: readonly Probe[]): Promise<EstimateReport> {
  const outcomes = new Map<string, EstimateOutcome>();
  const calls = { bulk: 0, single: 0 };
  const alone: Probe[] = [];
  for (let at = 0; at < probes.length; at += ESTIMATE_BULK) {
    const chunk = probes.slice(at, at + ESTIMATE_BULK);
    calls.bulk++;
    let records: Map<string, EstimateLimits>;
    try {
      records = byPair(await call(chunk));
    } catch (error) {
      // A bulk call refused, or unreadable, as a whole for a pair's sake: each is asked alone.
      if (!isPairError(error) && !(error instanceof AmountOutOfRangeError) && !isUnreadableResult(error))
        return { outcomes, failure: error, calls };
      alone.push(...chunk);
      continue;
    }
    for (const probe of chunk) {
      const record = records.get(pairKey(probe));
      if (record) outcomes.set(pairKey(probe), recordOutcome(record));
      else alone.push(probe);
    }
  }
  for (const probe of alone) {
    calls.single++;
    const key = pairKey(probe);
    try {
      outcomes.set(key, recordOutcome(byPair(await call(probe)).get(key)));
    } catch (error) {
      if (error instanceof AmountOutOfRangeError) {
        const bounds = boundsOfAmountError(error);
        outcomes.set(key, bounds ? { limits: bounds, via: 'amount-error' } : { error });
      } else if (isPairError(error)) {
        outcomes.set(key, { error });
      } else if (isUnreadableResult(error)) {
        outcomes.set(key, { unreadable: error });
      } else {
        return { outcomes, failure: error, calls };
      }
    }
  }
  return { outcomes, calls };
}
