/**
 * The operations the sandbox serves, one file per group: status.ts (getStatus, getTransactions),
 * pairs.ts (getPairsParams, getPairs), estimates.ts (getExchangeAmount, getFixRateForAmount),
 * create.ts (createTransaction, createFixTransaction), currencies.ts (getCurrenciesFull,
 * validateAddress). Each throws RpcFailure for the service's errors.
 */
import type { Ledger } from '../ledger';
import type { PairLimitsRecord } from '../pairs';
import type { WireRecord } from '../records';
import { createFixTransaction, createTransaction } from './create';
import { getCurrenciesFull, validateAddress } from './currencies';
import { getExchangeAmount, getFixRateForAmount } from './estimates';
import { getPairs, getPairsParams } from './pairs';
import { getStatus, getTransactions } from './status';

export { DEFAULT_LIMIT, MAX_FILTER_VALUES, MAX_LIMIT } from './status';
export { MAX_BULK } from './estimates';
export { FLOAT_PAYMENT_WINDOW_MS, RATE_ID_REFUSAL } from './create';

/** In the order of the specification files (exchange-api-v2.md, then more-operations.md). */
export const METHODS = [
  'getStatus',
  'getTransactions',
  'getPairsParams',
  'getExchangeAmount',
  'getFixRateForAmount',
  'createTransaction',
  'createFixTransaction',
  'getCurrenciesFull',
  'getPairs',
  'validateAddress',
] as const;
export type MethodName = (typeof METHODS)[number];

export function isMethod(name: string): name is MethodName {
  return (METHODS as readonly string[]).includes(name);
}

/** Replacements of records on their way out (the hostile fault), per kind of record. */
export interface Decorators {
  readonly record?: (record: WireRecord) => WireRecord;
  readonly limits?: (limits: PairLimitsRecord) => PairLimitsRecord;
}

/** What an operation runs against: the ledger (with its rate book) at ledger time `atMs`. */
export interface OperationContext {
  readonly ledger: Ledger;
  readonly atMs: number;
}

/** Runs an operation. Throws RpcFailure for the service's errors. */
export function runOperation(context: OperationContext, method: MethodName, params: unknown, decorate: Decorators = {}): unknown {
  const { ledger, atMs } = context;
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
      return getFixRateForAmount(ledger, params, atMs);
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
  }
}
