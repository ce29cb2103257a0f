/**
 * `createTransaction` (float) and `createFixTransaction` (fixed), docs/service/methods.md#createtransaction and #createfixtransaction, with
 * our rules (RULES.md). Checks in order: the pair, the amount(s) and rate ID's shape, `address`
 * (absent: `Parameter address is invalid`; implausible: `Error: Invalid address`), `extraId`,
 * `refundAddress` (required for fixed; implausible: `Error: Invalid refund address`),
 * `refundExtraId`, the other optional strings, then the limits (float) or the quote (fixed).
 * The transaction goes into the ledger: it answers `status: "new"` and is `waiting` afterwards
 * until paid; unpaid, a float one becomes `overdue` 24 h after creation and a fixed one `expired`
 * at `payTill` (creation + the payin currency's `fixedTime`), on the sandbox's clock.
 */
import type { Currency } from '../currencies';
import type { TransactionType } from '../lifecycle';
import { isPlausibleAddress, isPlausibleExtraId } from '../currencies';
import * as dec from '../decimal';
import type { LedgerTransaction } from '../factory';
import type { Ledger } from '../ledger';
import { INVALID_PARAMS, invalidParameter, RpcFailure } from '../protocol';
import type { Quote } from '../rates';
import { floatEstimate, limitsOf } from '../rates';
import { isoWithOffset, trackUrlOf } from '../records';
import { checkRange } from './estimates';
import {
  checkUserMetadata,
  objectParams,
  optionalString,
  readAmount,
  readOneAmount,
  readPair,
  requiredString,
} from './params';

/** How long an unpaid float transaction waits before it is `overdue` (ours). */
export const FLOAT_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;

export const RATE_ID_REFUSAL =
  'Error: rateId was expired or already used. Use method getFixRateForAmount to generate new rateId';

/** A created transaction as the create operations answer it. */
export interface CreatedTransaction {
  id: string;
  type: TransactionType;
  status: 'new';
  payinAddress: string;
  payinExtraId: string | null;
  payoutAddress: string;
  payoutExtraId: string | null;
  refundAddress: string;
  refundExtraId: string | null;
  amountExpectedFrom: string;
  amountExpectedTo: string;
  networkFee: string;
  currencyFrom: string;
  currencyTo: string;
  createdAt: number;
  payTill?: string;
  /** The tracking page (as on the records; a public client declares it on this answer too). */
  trackUrl: string;
}

interface Addresses {
  readonly payoutAddress: string;
  readonly payoutExtraId: string | null;
  readonly refundAddress: string;
  readonly refundExtraId: string | null;
}

/** An extra id: checked where the currency's is, kept only where the currency has one. */
function readExtraId(params: Record<string, unknown>, name: string, currency: Currency): string | null {
  const extraId = optionalString(params, name);
  if (extraId === undefined) return null;
  if (!isPlausibleExtraId(currency, extraId)) throw invalidParameter(name);
  return currency.extraIdName !== null ? extraId : null;
}

function readAddresses(
  params: Record<string, unknown>,
  from: Currency,
  to: Currency,
  refundRequired: boolean,
): Addresses {
  const payoutAddress = requiredString(params, 'address');
  if (!isPlausibleAddress(to, payoutAddress)) throw new RpcFailure(INVALID_PARAMS, 'Error: Invalid address');
  const payoutExtraId = readExtraId(params, 'extraId', to);
  const refund = refundRequired ? requiredString(params, 'refundAddress') : optionalString(params, 'refundAddress');
  if (refund !== undefined && !isPlausibleAddress(from, refund))
    throw new RpcFailure(INVALID_PARAMS, 'Error: Invalid refund address');
  const refundExtraId = readExtraId(params, 'refundExtraId', from);
  for (const name of ['fromAddress', 'fromExtraId']) optionalString(params, name);
  checkUserMetadata(params);
  return {
    payoutAddress,
    payoutExtraId,
    refundAddress: refund ?? '',
    refundExtraId: refund === undefined ? null : refundExtraId,
  };
}

/**
 * `subaccountId`, when present: an id this sandbox issued (`createSubaccount`), kept on the record;
 * any other is `Parameter subaccountId is invalid` (ours, as the service answers a bad parameter).
 */
function readSubaccountId(ledger: Ledger, params: Record<string, unknown>): string | null {
  const id = optionalString(params, 'subaccountId');
  if (id === undefined) return null;
  if (!ledger.issuer.hasSubaccount(id)) throw invalidParameter('subaccountId');
  return id;
}

function answer(tx: LedgerTransaction): CreatedTransaction {
  return {
    id: tx.id,
    type: tx.type,
    status: 'new',
    payinAddress: tx.payinAddress,
    payinExtraId: tx.payinExtraId,
    payoutAddress: tx.payoutAddress,
    payoutExtraId: tx.payoutExtraId,
    refundAddress: tx.refundAddress,
    refundExtraId: tx.refundExtraId,
    amountExpectedFrom: tx.amountExpectedFrom,
    amountExpectedTo: tx.amountExpectedTo,
    networkFee: tx.networkFee,
    currencyFrom: tx.currencyFrom,
    currencyTo: tx.currencyTo,
    createdAt: tx.createdAtUs,
    ...(tx.payTillMs !== null ? { payTill: isoWithOffset(tx.payTillMs) } : {}),
    trackUrl: trackUrlOf(tx.id),
  };
}

export function createTransaction(ledger: Ledger, params: unknown, atMs: number): CreatedTransaction {
  const p = objectParams(params);
  const { from, to } = readPair(p);
  const amountFrom = readAmount(p, 'amountFrom', from);
  const addresses = readAddresses(p, from, to, false);
  const subaccountId = readSubaccountId(ledger, p);
  const limits = limitsOf('float', from, to);
  checkRange(from, to, limits, amountFrom, 'from');
  const estimate = floatEstimate(from, to, amountFrom);
  const tx = ledger.create({
    type: 'float',
    from: from.ticker,
    to: to.ticker,
    createdAt: atMs,
    plan: [
      { status: 'waiting', afterMs: 0 },
      { status: 'overdue', afterMs: FLOAT_PAYMENT_WINDOW_MS },
    ],
    amountExpectedFrom: dec.format(amountFrom),
    amountExpectedTo: dec.format(estimate.amountTo),
    rate: dec.format(estimate.rate),
    ...addresses,
    subaccountId,
  });
  return answer(tx);
}

/**
 * The amounts of a fixed transaction: a quote for an amount (`getFixRateForAmount`) takes exactly
 * that amount; a quote of the pair only (`getFixRate`) takes any amount within the pair's fixed
 * limits, the other side computed at the quote's rate as `getFixRateForAmount` would.
 */
function quotedAmounts(
  quote: Quote,
  amount: { amountFrom: dec.Fixed } | { amountTo: dec.Fixed },
  from: Currency,
  to: Currency,
): { amountFrom: dec.Fixed; amountTo: dec.Fixed } {
  if (quote.amountFrom !== undefined && quote.amountTo !== undefined) {
    if ('amountFrom' in amount ? amount.amountFrom !== quote.amountFrom : amount.amountTo !== quote.amountTo) {
      throw invalidParameter('amountFrom' in amount ? 'amountFrom' : 'amountTo');
    }
    return { amountFrom: quote.amountFrom, amountTo: quote.amountTo };
  }
  const limits = limitsOf('fixed', from, to);
  if ('amountFrom' in amount) {
    checkRange(from, to, limits, amount.amountFrom, 'from');
    return {
      amountFrom: amount.amountFrom,
      amountTo: dec.round(dec.mul(amount.amountFrom, quote.result), to.decimals),
    };
  }
  checkRange(from, to, limits, amount.amountTo, 'to');
  return { amountFrom: dec.roundUp(dec.div(amount.amountTo, quote.result), from.decimals), amountTo: amount.amountTo };
}

export function createFixTransaction(ledger: Ledger, params: unknown, atMs: number): CreatedTransaction {
  const p = objectParams(params);
  const { from, to } = readPair(p, true);
  const rateId = requiredString(p, 'rateId');
  const amount = readOneAmount(p, from, to);
  const addresses = readAddresses(p, from, to, true);
  const subaccountId = readSubaccountId(ledger, p);
  const quote = ledger.rates.find(rateId, atMs);
  if (!quote) throw new RpcFailure(INVALID_PARAMS, RATE_ID_REFUSAL);
  if (quote.from !== from.ticker || quote.to !== to.ticker) throw invalidParameter('rateId');
  const amounts = quotedAmounts(quote, amount, from, to);
  const tx = ledger.create({
    type: 'fixed',
    from: from.ticker,
    to: to.ticker,
    createdAt: atMs,
    plan: [
      { status: 'waiting', afterMs: 0 },
      { status: 'expired', afterMs: from.fixedTimeMs },
    ],
    amountExpectedFrom: dec.format(amounts.amountFrom),
    amountExpectedTo: dec.format(amounts.amountTo),
    rate: dec.format(quote.result),
    ...addresses,
    subaccountId,
  });
  ledger.rates.use(rateId);
  return answer(tx);
}
