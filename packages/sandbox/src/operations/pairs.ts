/**
 * `getPairsParams` (deprecated), `getMinAmount` (deprecated) and `getPairs`
 * (docs/service/methods.md#getpairsparams-deprecated, #getminamount-deprecated, #getpairs).
 */
import type { Currency } from '../currencies';
import type { TransactionType } from '../lifecycle';
import { CURRENCIES, findCurrency } from '../currencies';
import type { PairLimitsRecord } from '../pairs';
import { currencyRefusal, pairLimits } from '../pairs';
import { invalidParameter, INVALID_PARAMS, RpcFailure } from '../protocol';
import { checkUserMetadata, nonEmptyString, objectParams, optionalString, readPair, usableCurrency } from './params';
import { isRecord } from '../../../../src/shared/isRecord';

/**
 * `params` is a non-empty array of `{from, to}` with non-empty string tickers (compared and echoed
 * lowercase). Pairs are checked in request order, `from` before `to`; the first refused pair fails
 * the whole call with the service's message for it. `decorate` may replace each record on the way out.
 */
export function getPairsParams(
  params: unknown,
  decorate?: (limits: PairLimitsRecord) => PairLimitsRecord,
): PairLimitsRecord[] {
  if (!Array.isArray(params) || params.length === 0) throw invalidParameter('params');
  const pairs = (params as unknown[]).map((pair) => {
    const from = isRecord(pair) ? pair.from : undefined;
    const to = isRecord(pair) ? pair.to : undefined;
    if (!nonEmptyString(from)) throw invalidParameter('from');
    if (!nonEmptyString(to)) throw invalidParameter('to');
    const refusal = currencyRefusal(from, 'from') ?? currencyRefusal(to, 'to');
    if (refusal !== undefined) throw new RpcFailure(INVALID_PARAMS, refusal);
    return [from, to] as const;
  });
  return pairs.map(([from, to]) => {
    const a = findCurrency(from);
    const b = findCurrency(to);
    if (!a || !b) throw new Error('checked above');
    const limits = pairLimits(a, b);
    return decorate ? decorate(limits) : limits;
  });
}

/**
 * `getMinAmount` (deprecated; replaced by the limits of `getExchangeAmount`): `{from, to}` → the
 * pair's floating-rate minimum in the payin currency as a decimal string, the `minAmountFloat` of
 * `getPairsParams` and the `minFrom` of `getExchangeAmount` (ours: the three agree). The pair is
 * checked as the estimates check it.
 */
export function getMinAmount(params: unknown): string {
  const p = objectParams(params);
  const { from, to } = readPair(p);
  checkUserMetadata(p);
  return pairLimits(from, to).minAmountFloat;
}

export interface Pair {
  from: string;
  to: string;
}

const usableFrom = (c: Currency): boolean => c.availability === 'enabled' || c.availability === 'no-output';
const usableTo = (c: Currency): boolean => c.availability === 'enabled' || c.availability === 'no-input';

/** Every pair the estimate and create operations accept for `txType` (both types when absent), in catalogue order. */
export function allPairs(txType?: TransactionType): Pair[] {
  const out: Pair[] = [];
  for (const a of CURRENCIES) {
    for (const b of CURRENCIES) {
      if (a === b || !usableFrom(a) || !usableTo(b)) continue;
      if (txType === 'fixed' && !(a.fixRateEnabled && b.fixRateEnabled)) continue;
      out.push({ from: a.ticker, to: b.ticker });
    }
  }
  return out;
}

function pairsOf(filter: unknown): Pair[] {
  if (!isRecord(filter)) throw invalidParameter('params');
  const from = optionalString(filter, 'from');
  const to = optionalString(filter, 'to');
  const txType = filter.txType;
  if (txType !== undefined && txType !== null && txType !== 'float' && txType !== 'fixed')
    throw invalidParameter('txType');
  // A filter naming a currency refuses it as the other operations would.
  const a = from !== undefined ? usableCurrency(from, 'from').ticker : undefined;
  const b = to !== undefined ? usableCurrency(to, 'to').ticker : undefined;
  return allPairs(txType ?? undefined).filter(
    (p) => (a === undefined || p.from === a) && (b === undefined || p.to === b),
  );
}

/**
 * `params` is an object of optional filters `{from, to, txType}`, or (as one revision of the
 * page has it) a non-empty array of them, whose results are joined without repeats.
 */
export function getPairs(params: unknown): Pair[] {
  if (!Array.isArray(params)) return pairsOf(params);
  if (params.length === 0) throw invalidParameter('params');
  const seen = new Set<string>();
  const out: Pair[] = [];
  for (const filter of params as unknown[]) {
    for (const pair of pairsOf(filter)) {
      const key = `${pair.from}:${pair.to}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(pair);
      }
    }
  }
  return out;
}
