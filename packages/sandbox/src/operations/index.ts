/**
 * The operations the sandbox serves, one file per group: status.ts (getStatus, getTransactions),
 * pairs.ts (getPairsParams, getMinAmount, getPairs), estimates.ts (getExchangeAmount,
 * getFixRateForAmount, getFixRate), create.ts (createTransaction, createFixTransaction),
 * currencies.ts (getCurrenciesFull, getCurrencies, validateAddress), subaccounts.ts
 * (createSubaccount, updateSubaccount), and getFixRateBulk (estimates.ts). Each throws RpcFailure
 * for the service's errors.
 */
import type { Ledger } from '../ledger';
import type { PairLimitsRecord } from '../pairs';
import type { WireRecord } from '../records';
import { RATE_ID_LIFETIMES_MS } from '../rates';
import { createFixTransaction, createTransaction } from './create';
import { getCurrencies, getCurrenciesFull, validateAddress } from './currencies';
import type { RateIdLifetimes } from './estimates';
import { getExchangeAmount, getFixRate, getFixRateBulk, getFixRateForAmount } from './estimates';
import { getMinAmount, getPairs, getPairsParams } from './pairs';
import { getStatus, getTransactions } from './status';
import { createSubaccount, updateSubaccount } from './subaccounts';
import type { MethodName } from '../methods';

export { isMethod, METHODS } from '../methods';
export type { MethodName } from '../methods';
export { DEFAULT_LIMIT, MAX_FILTER_VALUES, MAX_LIMIT } from './status';
export { MAX_BULK } from './estimates';
export type { RateIdLifetimes } from './estimates';
export { FLOAT_PAYMENT_WINDOW_MS, RATE_ID_REFUSAL } from './create';

/** The methods that change what the sandbox holds when they succeed (a state file is written after them). */
export const CHANGING_METHODS: ReadonlySet<MethodName> = new Set<MethodName>([
  'createTransaction',
  'createFixTransaction',
  'createSubaccount',
  'updateSubaccount',
]);

/** Replacements of records on their way out (the hostile fault), per kind of record. */
export interface Decorators {
  readonly record?: (record: WireRecord) => WireRecord;
  readonly limits?: (limits: PairLimitsRecord) => PairLimitsRecord;
}

/** What an operation runs against: the ledger (with its rate book) at ledger time `atMs`. */
export interface OperationContext {
  readonly ledger: Ledger;
  readonly atMs: number;
  /** How long rate IDs live, per issuing method (default RATE_ID_LIFETIMES_MS). */
  readonly rateIdLifetimes?: RateIdLifetimes;
}

/**
 * Runs an operation. Throws RpcFailure for the service's errors. Absent `params` (undefined) read
 * as `{}`, so a method whose parameters are all optional answers, and one with a required
 * parameter names it (`Parameter from is invalid`); `getPairsParams`, whose `params` is itself the
 * required list, answers `Parameter params is invalid`.
 */
export function runOperation(
  context: OperationContext,
  method: MethodName,
  given: unknown,
  decorate: Decorators = {},
): unknown {
  const { ledger, atMs } = context;
  const lifetimes = context.rateIdLifetimes ?? RATE_ID_LIFETIMES_MS;
  const params = given === undefined && method !== 'getPairsParams' ? {} : given;
  switch (method) {
    case 'getStatus':
      return getStatus(ledger, params, atMs);
    case 'getTransactions':
      return getTransactions(ledger, params, atMs, decorate.record);
    case 'getPairsParams':
      return getPairsParams(params, decorate.limits);
    case 'getExchangeAmount':
      return getExchangeAmount(params);
    case 'getFixRateForAmount':
      return getFixRateForAmount(ledger, params, atMs, lifetimes);
    case 'createTransaction':
      return createTransaction(ledger, params, atMs);
    case 'createFixTransaction':
      return createFixTransaction(ledger, params, atMs);
    case 'getCurrenciesFull':
      return getCurrenciesFull(params);
    case 'getPairs':
      return getPairs(params);
    case 'validateAddress':
      return validateAddress(params);
    case 'getCurrencies':
      return getCurrencies(params);
    case 'getMinAmount':
      return getMinAmount(params);
    case 'getFixRate':
      return getFixRate(ledger, params, atMs, lifetimes);
    case 'createSubaccount':
      return createSubaccount(ledger, params);
    case 'updateSubaccount':
      return updateSubaccount(ledger, params);
    case 'getFixRateBulk':
      return getFixRateBulk(ledger, given, atMs, lifetimes);
  }
}
