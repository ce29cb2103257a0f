/**
 * Parameter checks shared by the operations: each refusal is -32602 `Parameter {param} is invalid`
 * naming the parameter, or the service's currency refusal (docs/service/interface.md#errors).
 */
import type { Currency } from '../currencies';
import { findCurrency } from '../currencies';
import * as dec from '../decimal';
import { currencyRefusal } from '../pairs';
import { invalidParameter, INVALID_PARAMS, RpcFailure } from '../protocol';
import { isRecord } from '../../../../src/shared/isRecord';

export function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** `params` as an object, else `Parameter params is invalid`. */
export function objectParams(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw invalidParameter('params');
  return params;
}

/** A required non-empty string member. */
export function requiredString(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (!nonEmptyString(value)) throw invalidParameter(name);
  return value;
}

/** An optional string member: absent, null and "" are absent; anything but a string is refused. */
export function optionalString(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidParameter(name);
  return value;
}

/** A usable currency for one side of a pair (lowercased), or the service's refusal of it. */
export function usableCurrency(ticker: string, side: 'from' | 'to', fixed = false): Currency {
  const refusal = currencyRefusal(ticker, side);
  if (refusal !== undefined) throw new RpcFailure(INVALID_PARAMS, refusal);
  const currency = findCurrency(ticker);
  if (!currency) throw new Error('checked above');
  if (fixed && !currency.fixRateEnabled)
    throw new RpcFailure(
      INVALID_PARAMS,
      `Invalid currency: ${currency.ticker} temporary disabled for fix rate transactions`,
    );
  return currency;
}

/** The pair of `params.from` / `params.to`: both present, usable on their side, and different. */
export function readPair(params: Record<string, unknown>, fixed = false): { from: Currency; to: Currency } {
  const fromTicker = requiredString(params, 'from');
  const toTicker = requiredString(params, 'to');
  const from = usableCurrency(fromTicker, 'from', fixed);
  const to = usableCurrency(toTicker, 'to', fixed);
  if (from.ticker === to.ticker) throw invalidParameter('to');
  return { from, to };
}

/**
 * The text of an amount sent as a JSON number (ours, RULES.md "All of them"): the shortest decimal
 * that reads back as the same number (what `JSON.stringify` writes), when that is a plain decimal
 * (`0.1`, `12`); with an exponent (`1e-7`, `1e+21`) it is not an amount. So `0.1` reads as "0.1",
 * never as the binary float's 0.1000000000000000055….
 */
export function numberAmountText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  return /^\d+(\.\d+)?$/.test(text) ? text : undefined;
}

/**
 * An amount with at most the currency's `blockchainPrecision` decimals: a decimal string, or a JSON
 * number read as numberAmountText says; else `Parameter {name} is invalid`.
 */
export function readAmount(params: Record<string, unknown>, name: string, currency: Currency): dec.Fixed {
  const value = params[name];
  const text = typeof value === 'string' ? value : typeof value === 'number' ? numberAmountText(value) : undefined;
  const amount = text !== undefined ? dec.parseAmount(text, currency.blockchainPrecision) : undefined;
  if (amount === undefined) throw invalidParameter(name);
  return amount;
}

/** Exactly one of `amountFrom` / `amountTo`; both or neither: `Parameter amountFrom is invalid`. */
export function readOneAmount(
  params: Record<string, unknown>,
  from: Currency,
  to: Currency,
): { amountFrom: dec.Fixed } | { amountTo: dec.Fixed } {
  const hasFrom = params.amountFrom !== undefined && params.amountFrom !== null;
  const hasTo = params.amountTo !== undefined && params.amountTo !== null;
  if (hasFrom === hasTo) throw invalidParameter('amountFrom');
  return hasFrom
    ? { amountFrom: readAmount(params, 'amountFrom', from) }
    : { amountTo: readAmount(params, 'amountTo', to) };
}

/** `userMetadata`, when present, is a string (escaped JSON; its content is not looked at). */
export function checkUserMetadata(params: Record<string, unknown>): void {
  optionalString(params, 'userMetadata');
}
