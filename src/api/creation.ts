/**
 * The two create operations (docs/service/methods.md#createtransaction, #createfixtransaction): `createTransaction` (floating rate) and
 * `createFixTransaction` (fixed rate, with a rate ID from `getFixRateForAmount`). Their params
 * checks, which refuse before sending, and the decoder of the created transaction.
 */
import * as v from 'valibot';
import { parse, timestamp } from './decode';
import { checkAmount, checkObject, checkPairOf, compact, nonEmpty, oneAmount, optionalText } from './params';
import type { CreatedTransaction, CreateFixTransactionRequest, CreateTransactionRequest } from './types';
import {
  amount,
  MAX_ID_LENGTH,
  nullableText,
  optionalAmount,
  optionalText as optionalWireText,
  text,
  ticker,
} from './wire';

type Params = Record<string, string>;

/** The optional members both operations take, checked. */
function optionalMembers(request: CreateTransactionRequest | CreateFixTransactionRequest): Params {
  return compact({
    extraId: optionalText('extraId', request.extraId),
    refundExtraId: optionalText('refundExtraId', request.refundExtraId),
    fromAddress: optionalText('fromAddress', request.fromAddress),
    fromExtraId: optionalText('fromExtraId', request.fromExtraId),
    subaccountId: optionalText('subaccountId', request.subaccountId),
    userMetadata: optionalText('userMetadata', request.userMetadata),
  });
}

/** Checks a `createTransaction` request and builds its wire `params`. */
export function createTransactionParams(request: CreateTransactionRequest): Params {
  checkObject('params', request);
  return compact({
    ...checkPairOf(request.from, request.to),
    amountFrom: checkAmount('amountFrom', request.amountFrom),
    address: nonEmpty('address', request.address),
    refundAddress: optionalText('refundAddress', request.refundAddress),
    ...optionalMembers(request),
  });
}

/** Checks a `createFixTransaction` request (rate ID, exactly one amount, refund address required) and builds its `params`. */
export function createFixTransactionParams(request: CreateFixTransactionRequest): Params {
  checkObject('params', request);
  return compact({
    ...checkPairOf(request.from, request.to),
    rateId: nonEmpty('rateId', request.rateId),
    ...oneAmount(request.amountFrom, request.amountTo),
    address: nonEmpty('address', request.address),
    refundAddress: nonEmpty('refundAddress', request.refundAddress),
    ...optionalMembers(request),
  });
}

const CreatedSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID_LENGTH)),
  type: v.picklist(['float', 'fixed']),
  status: v.pipe(v.string(), v.maxLength(64)),
  payinAddress: text,
  payinExtraId: nullableText,
  payoutAddress: text,
  payoutExtraId: nullableText,
  refundAddress: nullableText,
  refundExtraId: nullableText,
  amountExpectedFrom: amount,
  amountExpectedTo: amount,
  networkFee: optionalAmount,
  currencyFrom: ticker,
  currencyTo: ticker,
  // Observed as Unix microseconds; v1 wrote an ISO string. Anything else unreadable reads as absent.
  createdAt: v.optional(v.unknown()),
  payTill: optionalWireText,
  trackUrl: optionalWireText,
});

function createdAtOf(value: unknown): number | undefined {
  const read = v.safeParse(timestamp, value);
  if (read.success) return read.output;
  if (typeof value === 'string' && value.length <= 64) {
    const ms = Date.parse(value);
    if (Number.isFinite(ms) && ms > 0) return ms * 1000;
  }
  return undefined;
}

export function decodeCreatedTransaction(result: unknown): CreatedTransaction {
  const record = parse(CreatedSchema, result, 'result');
  const { createdAt, networkFee, payTill, trackUrl, ...rest } = record;
  const at = createdAtOf(createdAt);
  return {
    ...rest,
    ...(networkFee === undefined ? {} : { networkFee }),
    ...(at === undefined ? {} : { createdAt: at }),
    ...(payTill === undefined ? {} : { payTill }),
    ...(trackUrl === undefined ? {} : { trackUrl }),
  };
}
