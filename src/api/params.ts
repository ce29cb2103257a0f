/**
 * Checks every parameter before it is sent and builds the exact `params` the service expects.
 * A bad parameter throws the same {@link InvalidParameterError} the service would answer with,
 * plus a detail saying what is wrong, so nothing invalid ever costs a request.
 */
import { isKnownStatus } from '../shared/status';
import type { KnownStatus } from '../shared/status';
import { InvalidParameterError } from './exchangeErrors';
import type { CurrencyPair, TransactionQuery } from './types';
import { echo } from '../shared/echo';

/** Array length limit of `id`, `currency`, `address` and `payoutAddress` (docs/service/methods.md#gettransactions). */
export const MAX_FILTER_VALUES = 10;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 10;

function invalid(param: string, detail: string): InvalidParameterError {
  return new InvalidParameterError(param, undefined, detail);
}

/** A required string, trimmed and non-empty. */
export function nonEmpty(param: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(param, 'expected a string');
  const text = value.trim();
  if (text.length === 0) throw invalid(param, 'must not be empty');
  return text;
}

/** A transaction id as `getStatus` takes it. */
export function checkId(id: unknown): string {
  return nonEmpty('id', id);
}

function stringOrList(
  param: string,
  value: string | readonly string[],
  max: number | undefined,
  map: (text: string) => string = (t) => t,
): string | string[] {
  if (typeof value === 'string') return map(nonEmpty(param, value));
  if (!Array.isArray(value)) throw invalid(param, 'expected a string or an array of strings');
  if (value.length === 0) throw invalid(param, 'the array is empty');
  if (max !== undefined && value.length > max) throw invalid(param, `at most ${max} values, got ${value.length}`);
  return value.map((item) => map(nonEmpty(param, item)));
}

function integerIn(param: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(param, `expected an integer from ${min} to ${max}`);
  }
  return value;
}

function checkStatus(value: unknown): KnownStatus {
  if (typeof value !== 'string' || !isKnownStatus(value))
    throw invalid('status', `"${echo(String(value))}" is not a status`);
  return value;
}

/** Whether a number is Unix microseconds as the service writes them: a 16-digit integer. */
export function isMicroseconds(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1e15 && value < 1e16;
}

export type TransactionParams = Record<string, string | number | string[]>;

/** Checks a `getTransactions` query and builds its wire `params` (tickers lowercased, limit defaulted). */
export function transactionParams(query: TransactionQuery): TransactionParams {
  const params: TransactionParams = {};
  if (query.id !== undefined) params.id = stringOrList('id', query.id, MAX_FILTER_VALUES);
  if (query.status !== undefined) {
    if (typeof query.status === 'string') params.status = checkStatus(query.status);
    else if (!Array.isArray(query.status) || query.status.length === 0)
      throw invalid('status', 'expected a status or a non-empty array of statuses');
    else params.status = query.status.map(checkStatus);
  }
  if (query.currency !== undefined)
    params.currency = stringOrList('currency', query.currency, MAX_FILTER_VALUES, (t) => t.toLowerCase());
  if (query.address !== undefined) params.address = stringOrList('address', query.address, MAX_FILTER_VALUES);
  if (query.payoutAddress !== undefined)
    params.payoutAddress = stringOrList('payoutAddress', query.payoutAddress, MAX_FILTER_VALUES);
  if (query.extraId !== undefined) params.extraId = nonEmpty('extraId', query.extraId);
  if (query.subaccountId !== undefined)
    params.subaccountId = stringOrList('subaccountId', query.subaccountId, MAX_FILTER_VALUES);
  if (query.since !== undefined) {
    if (typeof query.since !== 'number' || !isMicroseconds(query.since))
      throw invalid('since', 'expected Unix microseconds, a 16-digit integer');
    params.since = query.since;
  }
  params.limit = query.limit === undefined ? DEFAULT_LIMIT : integerIn('limit', query.limit, 1, MAX_LIMIT);
  if (query.offset !== undefined) params.offset = integerIn('offset', query.offset, 0, Number.MAX_SAFE_INTEGER);
  return params;
}

/** Checks the pairs of `getPairsParams`: a non-empty list of lowercased `{from, to}`. */
export function pairParams(pairs: readonly CurrencyPair[]): CurrencyPair[] {
  const list: unknown = pairs;
  if (!Array.isArray(list) || list.length === 0) throw invalid('params', 'at least one pair is needed');
  return pairs.map((pair: Partial<CurrencyPair> | null) => {
    if (typeof pair !== 'object' || pair === null) throw invalid('params', 'each pair needs "from" and "to"');
    return { from: nonEmpty('from', pair.from).toLowerCase(), to: nonEmpty('to', pair.to).toLowerCase() };
  });
}

/** Longest amount text sent: far more digits than any currency has. */
export const MAX_AMOUNT_LENGTH = 64;
/** A plain decimal: digits, optionally a point and more digits. No sign, exponent or spaces. */
export const DECIMAL_TEXT = /^\d+(?:\.\d+)?$/;

/** A currency ticker as the service takes it: non-empty, lowercase. */
export function checkTicker(param: string, value: unknown): string {
  return nonEmpty(param, value).toLowerCase();
}

/**
 * An amount as the service takes it: an exact decimal string, sent exactly as written. A JS
 * number is refused (its binary value is not the decimal the user meant), as is anything with a
 * sign, an exponent, spaces or more than {@link MAX_AMOUNT_LENGTH} characters.
 */
export function checkAmount(param: string, value: unknown): string {
  if (typeof value === 'number') throw invalid(param, 'amounts are decimal strings, not numbers');
  if (typeof value !== 'string') throw invalid(param, 'expected a decimal string');
  if (value.length > MAX_AMOUNT_LENGTH) throw invalid(param, `at most ${MAX_AMOUNT_LENGTH} characters`);
  if (!DECIMAL_TEXT.test(value)) throw invalid(param, `"${value}" is not a plain decimal such as "0.5"`);
  return value;
}

/** An optional string: undefined stays absent; otherwise a non-empty string (trimmed). */
export function optionalText(param: string, value: unknown): string | undefined {
  return value === undefined ? undefined : nonEmpty(param, value);
}

/** `from` and `to` of a pair: lowercase tickers, and not the same currency. */
export function checkPairOf(from: unknown, to: unknown): CurrencyPair {
  const pair = { from: checkTicker('from', from), to: checkTicker('to', to) };
  if (pair.from === pair.to) throw invalid('to', 'must differ from "from"');
  return pair;
}

/** Exactly one of `amountFrom` / `amountTo` (the service names `amountFrom` when both or neither are given). */
export function oneAmount(amountFrom: unknown, amountTo: unknown): { amountFrom: string } | { amountTo: string } {
  const hasFrom = amountFrom !== undefined;
  const hasTo = amountTo !== undefined;
  if (hasFrom === hasTo)
    throw invalid('amountFrom', hasFrom ? 'give amountFrom or amountTo, not both' : 'give amountFrom or amountTo');
  return hasFrom
    ? { amountFrom: checkAmount('amountFrom', amountFrom) }
    : { amountTo: checkAmount('amountTo', amountTo) };
}

/** A request object, or the params error. */
export function checkObject<T>(param: string, value: T): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(param, 'expected an object');
  return value;
}

/** Builds a params object from checked members, leaving out the absent ones. */
export function compact(members: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(members)) if (value !== undefined) out[key] = value;
  return out;
}

export { invalid as invalidParameter };
