/**
 * The two estimate operations (docs/service/methods.md#getexchangeamount, #getfixrateforamount): `getExchangeAmount` (floating rate) and
 * `getFixRateForAmount` (fixed rate, with a rate ID). Their params checks, which refuse before
 * sending, and the decoders of their results: one object or a bulk array of 1–{@link MAX_BULK}
 * objects, always answered with an array (a bad pair of a bulk request is left out of it).
 */
import * as v from 'valibot';
import { parse, timestamp } from './decode';
import { checkAmount, checkObject, checkPairOf, compact, invalidParameter, oneAmount, optionalText } from './params';
import type { ExchangeAmountQuery, ExchangeEstimate, FixRateQuery, FixRateQuote } from './types';
import { amount, MAX_ID_LENGTH, optionalAmount, ticker } from './wire';

/** Most pairs in one bulk estimate (the sources name no maximum; the sandbox's, kept here). */
export const MAX_BULK = 100;

type Params = Record<string, string>;

/** One query, or a bulk array of 1–MAX_BULK queries, each through `check`: one object stays one object. */
function oneOrBulk<Q>(queries: Q | readonly Q[], check: (query: Q) => Params): Params | Params[] {
  if (!Array.isArray(queries)) return check(checkObject('params', queries as Q));
  const list = queries as readonly Q[];
  if (list.length === 0) throw invalidParameter('params', 'at least one pair is needed');
  if (list.length > MAX_BULK) throw invalidParameter('params', `at most ${MAX_BULK} pairs, got ${list.length}`);
  return list.map((query) => check(checkObject('params', query)));
}

function exchangeAmountParams(query: ExchangeAmountQuery): Params {
  return compact({
    ...checkPairOf(query.from, query.to),
    amountFrom: checkAmount('amountFrom', query.amountFrom),
    userMetadata: optionalText('userMetadata', query.userMetadata),
  });
}

function fixRateParams(query: FixRateQuery): Params {
  return compact({
    ...checkPairOf(query.from, query.to),
    ...oneAmount(query.amountFrom, query.amountTo),
    userMetadata: optionalText('userMetadata', query.userMetadata),
  });
}

/** Checks the queries of `getExchangeAmount` and builds its wire `params`. */
export function exchangeAmountParamsOf(
  queries: ExchangeAmountQuery | readonly ExchangeAmountQuery[],
): Params | Params[] {
  return oneOrBulk(queries, exchangeAmountParams);
}

/** Checks the queries of `getFixRateForAmount` (exactly one of `amountFrom`/`amountTo` each) and builds its `params`. */
export function fixRateParamsOf(queries: FixRateQuery | readonly FixRateQuery[]): Params | Params[] {
  return oneOrBulk(queries, fixRateParams);
}

const limitFields = {
  min: optionalAmount,
  max: optionalAmount,
  minFrom: optionalAmount,
  maxFrom: optionalAmount,
  minTo: optionalAmount,
  maxTo: optionalAmount,
};

const EstimateSchema = v.object({
  from: ticker,
  to: ticker,
  amountFrom: amount,
  amountTo: amount,
  networkFee: optionalAmount,
  visibleAmount: optionalAmount,
  rate: optionalAmount,
  fee: optionalAmount,
  ...limitFields,
});

const QuoteSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID_LENGTH)),
  result: amount,
  from: ticker,
  to: ticker,
  amountFrom: amount,
  amountTo: amount,
  networkFee: optionalAmount,
  fee: optionalAmount,
  expiredAt: v.optional(v.nullable(timestamp)),
  ...limitFields,
});

/** Leaves out the members that are undefined, so records compare and print cleanly. */
function defined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

export function decodeExchangeAmounts(result: unknown): ExchangeEstimate[] {
  return parse(v.array(EstimateSchema), result, 'result').map((record) => defined(record));
}

export function decodeFixRates(result: unknown): FixRateQuote[] {
  return parse(v.array(QuoteSchema), result, 'result').map(({ expiredAt, ...record }) =>
    defined({ ...record, expiredAt: expiredAt ?? undefined }),
  );
}
