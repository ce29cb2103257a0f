/**
 * `getExchangeAmount` (float estimate) and `getFixRateForAmount` (fixed quote with a rate ID),
 * docs/service/methods.md#getexchangeamount and #getfixrateforamount, and the deprecated `getFixRate` (a
 * quote of the pair, no amount; #getfixrate-deprecated), with our rules for the gaps (RULES.md): `params` is one object or an
 * array of 1–100 of them; a bad element of an array is left out of the result (which may be
 * empty), a bad single object fails the call; the result is always an array.
 */
import type { Currency } from '../currencies';
import { findCurrency } from '../currencies';
import * as dec from '../decimal';
import type { Ledger } from '../ledger';
import { SEEDED_CURRENCIES } from '../seededLedger';
import { currencyRefusal } from '../pairs';
import { INVALID_PARAMS, invalidParameter, RpcFailure } from '../protocol';
import type { Limits, RateIdMethod } from '../rates';
import type { TransactionType } from '../lifecycle';
import { errorLimits, fixedRate, floatEstimate, limitFields, limitsOf, RATE_ID_LIFETIMES_MS } from '../rates';
import { checkUserMetadata, readAmount, readOneAmount, readPair } from './params';
import { isRecord } from '../../../../src/shared/isRecord';

/** Most elements of a bulk estimate. */
export const MAX_BULK = 100;

/** -32602 `Invalid amount for pair {from}->{to}. Minimum|Maximum amount is {x} {from}`, with `data.limits`. */
export function amountError(from: Currency, to: Currency, limits: Limits, side: 'min' | 'max'): RpcFailure {
  const bound = dec.format(side === 'min' ? limits.minFrom : limits.maxFrom);
  const word = side === 'min' ? 'Minimum' : 'Maximum';
  return new RpcFailure(
    INVALID_PARAMS,
    `Invalid amount for pair ${from.ticker}->${to.ticker}. ${word} amount is ${bound} ${from.ticker}`,
    {
      limits: errorLimits(limits),
    },
  );
}

/** Throws the amount error when `amount` lies outside [min, max] (of the payin or the payout side). */
export function checkRange(from: Currency, to: Currency, limits: Limits, amount: dec.Fixed, side: 'from' | 'to'): void {
  const [min, max] = side === 'from' ? [limits.minFrom, limits.maxFrom] : [limits.minTo, limits.maxTo];
  if (amount < min) throw amountError(from, to, limits, 'min');
  if (amount > max) throw amountError(from, to, limits, 'max');
}

/** One object or a bulk array; each element through `one`, bad elements of an array left out. */
function each<T>(params: unknown, one: (element: Record<string, unknown>) => T): T[] {
  if (isRecord(params)) return [one(params)];
  if (!Array.isArray(params) || params.length === 0 || params.length > MAX_BULK) throw invalidParameter('params');
  const out: T[] = [];
  for (const element of params as unknown[]) {
    try {
      if (!isRecord(element)) throw invalidParameter('params');
      out.push(one(element));
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
    }
  }
  return out;
}

export interface ExchangeAmountRecord {
  from: string;
  to: string;
  networkFee: string;
  amountFrom: string;
  amountTo: string;
  max: string;
  maxFrom: string;
  maxTo: string;
  min: string;
  minFrom: string;
  minTo: string;
  visibleAmount: string;
  rate: string;
  fee: string;
}

/** The float estimate of one `{from, to, amountFrom}`: checks, then limits, then the estimate. */
export function exchangeAmount(params: Record<string, unknown>): ExchangeAmountRecord {
  const { from, to } = readPair(params);
  const amountFrom = readAmount(params, 'amountFrom', from);
  checkUserMetadata(params);
  const limits = limitsOf('float', from, to);
  checkRange(from, to, limits, amountFrom, 'from');
  const estimate = floatEstimate(from, to, amountFrom);
  return {
    from: from.ticker,
    to: to.ticker,
    networkFee: to.networkFee,
    amountFrom: dec.format(amountFrom),
    amountTo: dec.format(estimate.amountTo),
    ...limitFields(limits),
    visibleAmount: dec.format(estimate.visibleAmount),
    rate: dec.format(estimate.rate),
    fee: dec.format(estimate.fee),
  };
}

export function getExchangeAmount(params: unknown): ExchangeAmountRecord[] {
  return each(params, exchangeAmount);
}

export interface FixRateRecord {
  id: string;
  result: string;
  from: string;
  to: string;
  networkFee: string;
  max: string;
  maxFrom: string;
  maxTo: string;
  min: string;
  minFrom: string;
  minTo: string;
  amountFrom: string;
  amountTo: string;
  expiredAt: number;
}

/** How long the rate IDs of each issuing operation live. */
export type RateIdLifetimes = Readonly<Record<RateIdMethod, number>>;

/** A fixed quote of one element, with a fresh rate ID in the ledger's book. */
export function fixRateForAmount(
  ledger: Ledger,
  params: Record<string, unknown>,
  atMs: number,
  lifetimes: RateIdLifetimes = RATE_ID_LIFETIMES_MS,
): FixRateRecord {
  const { from, to } = readPair(params, true);
  const amount = readOneAmount(params, from, to);
  checkUserMetadata(params);
  const type: TransactionType = 'fixed';
  const limits = limitsOf(type, from, to);
  const result = fixedRate(from, to);
  let amountFrom: dec.Fixed;
  let amountTo: dec.Fixed;
  if ('amountFrom' in amount) {
    checkRange(from, to, limits, amount.amountFrom, 'from');
    amountFrom = amount.amountFrom;
    amountTo = dec.round(dec.mul(amountFrom, result), to.decimals);
  } else {
    checkRange(from, to, limits, amount.amountTo, 'to');
    amountTo = amount.amountTo;
    amountFrom = dec.roundUp(dec.div(amountTo, result), from.decimals);
  }
  const quote = ledger.rates.issue(
    atMs,
    { from: from.ticker, to: to.ticker, result, amountFrom, amountTo },
    lifetimes.getFixRateForAmount,
  );
  return {
    id: quote.id,
    result: dec.format(result),
    from: from.ticker,
    to: to.ticker,
    networkFee: to.networkFee,
    ...limitFields(limits),
    amountFrom: dec.format(amountFrom),
    amountTo: dec.format(amountTo),
    expiredAt: quote.expiresAtMs / 1000,
  };
}

export function getFixRateForAmount(
  ledger: Ledger,
  params: unknown,
  atMs: number,
  lifetimes?: RateIdLifetimes,
): FixRateRecord[] {
  return each(params, (element) => fixRateForAmount(ledger, element, atMs, lifetimes));
}

/** A quote of `getFixRate`: the pair's fixed rate and limits, no amount. */
export type PairFixRateRecord = Omit<FixRateRecord, 'amountFrom' | 'amountTo'>;

/**
 * The deprecated `getFixRate` (replaced by `getFixRateForAmount`) of one `{from, to}`: the fixed
 * rate and limits of the pair, and a rate ID good for any amount within those limits, living
 * 1 min by default (docs/service/documentation.md#rate-id-lifetime).
 */
export function pairFixRate(
  ledger: Ledger,
  params: Record<string, unknown>,
  atMs: number,
  lifetimes: RateIdLifetimes = RATE_ID_LIFETIMES_MS,
): PairFixRateRecord {
  const { from, to } = readPair(params, true);
  checkUserMetadata(params);
  const limits = limitsOf('fixed', from, to);
  const result = fixedRate(from, to);
  const quote = ledger.rates.issue(atMs, { from: from.ticker, to: to.ticker, result }, lifetimes.getFixRate);
  return {
    id: quote.id,
    result: dec.format(result),
    from: from.ticker,
    to: to.ticker,
    networkFee: to.networkFee,
    ...limitFields(limits),
    expiredAt: quote.expiresAtMs / 1000,
  };
}

export function getFixRate(
  ledger: Ledger,
  params: unknown,
  atMs: number,
  lifetimes?: RateIdLifetimes,
): PairFixRateRecord[] {
  return each(params, (element) => pairFixRate(ledger, element, atMs, lifetimes));
}

/**
 * `getFixRateBulk` (the service's older README, R in docs/service/documentation.md: "gives rate for all
 * available currency pairs", sent without `params`): the `getFixRate` record of every fixed-rate
 * pair. Ours: `params` absent, an object (its members ignored) or `[]`; "every pair" is every
 * ordered pair of the currencies the seeded ledger draws from (SEEDED_CURRENCIES, the first
 * seventeen of the catalogue) that both take fixed rates, in catalogue order, so the answer stays
 * a few hundred records; each has a rate ID living as `getFixRate`'s.
 */
export function getFixRateBulk(
  ledger: Ledger,
  params: unknown,
  atMs: number,
  lifetimes?: RateIdLifetimes,
): PairFixRateRecord[] {
  if (params !== undefined && !isRecord(params) && !(Array.isArray(params) && params.length === 0))
    throw invalidParameter('params');
  const tickers = SEEDED_CURRENCIES.filter(
    (ticker) =>
      currencyRefusal(ticker, 'from') === undefined &&
      currencyRefusal(ticker, 'to') === undefined &&
      findCurrency(ticker)?.fixRateEnabled === true,
  );
  const out: PairFixRateRecord[] = [];
  for (const from of tickers)
    for (const to of tickers) if (from !== to) out.push(pairFixRate(ledger, { from, to }, atMs, lifetimes));
  return out;
}
