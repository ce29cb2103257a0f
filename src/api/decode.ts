/**
 * Validates and normalizes what the service returns. Tolerates every variation docs/service/rules.md#answers lists
 * (absent `moneySent`, absent or null refund hashes, `amountFrom` of "", null `totalFee`, `hold*`,
 * unknown statuses, unknown extra fields, timestamps in seconds, milliseconds or microseconds);
 * rejects anything else with a {@link ProtocolError} naming the field.
 */
import * as v from 'valibot';
import { echo } from '../shared/echo';
import { normalizeStatus } from '../shared/status';
import { ProtocolError } from './exchangeErrors';
import type { PairLimits, StatusResult, TransactionRecord } from './types';

/** Unix time in seconds, milliseconds or microseconds → microseconds (0 stays 0). */
export function toMicroseconds(value: number): number {
  if (value === 0) return 0;
  if (value < 1e12) return Math.round(value * 1e6);
  if (value < 1e15) return Math.round(value * 1e3);
  return value;
}

export const timestamp = v.pipe(
  v.union([
    v.pipe(v.number(), v.integer(), v.minValue(0)),
    v.pipe(v.string(), v.regex(/^\d{1,17}$/), v.transform(Number)),
  ]),
  v.transform(toMicroseconds),
);
/** A time that may be absent or null before it happens: read as 0, as the service writes it. */
const zeroWhenMissing = v.pipe(
  v.optional(v.nullable(timestamp), 0),
  v.transform((t) => t ?? 0),
);
/** Absent and null both read as null. */
const optionalString = v.optional(v.nullable(v.string()), null);
const decimal = v.string();
const integerText = v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer())]), v.transform(String));

const TransactionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  createdAt: timestamp,
  type: v.picklist(['float', 'fixed']),
  moneyReceived: zeroWhenMissing,
  moneySent: zeroWhenMissing,
  rate: decimal,
  payinConfirmations: integerText,
  status: v.string(),
  currencyFrom: v.string(),
  currencyTo: v.string(),
  payinAddress: v.string(),
  payinExtraId: optionalString,
  payinExtraIdName: optionalString,
  payinHash: optionalString,
  payoutAddress: v.string(),
  payoutExtraId: optionalString,
  payoutExtraIdName: optionalString,
  payoutHash: optionalString,
  payoutHashLink: optionalString,
  refundAddress: optionalString,
  refundExtraId: optionalString,
  refundHash: optionalString,
  refundHashLink: optionalString,
  amountExpectedFrom: decimal,
  amountExpectedTo: decimal,
  amountFrom: decimal,
  amountTo: decimal,
  networkFee: decimal,
  exchangeFee: decimal,
  apiExtraFee: decimal,
  totalFee: v.optional(v.nullable(decimal), null),
  canPush: v.boolean(),
  canRefund: v.boolean(),
  payTill: optionalString,
});

const PairLimitsSchema = v.object({
  from: v.string(),
  to: v.string(),
  minAmountFloat: decimal,
  maxAmountFloat: decimal,
  minAmountFixed: decimal,
  maxAmountFixed: decimal,
});

function pathOf(issue: v.BaseIssue<unknown>, root: string): string {
  let path = root;
  for (const item of issue.path ?? []) {
    const key = item.key;
    path += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  }
  return path;
}

export function parse<S extends v.GenericSchema>(schema: S, value: unknown, root: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = pathOf(issue, root);
  throw new ProtocolError(
    `The service sent an unexpected value for "${echo(field)}": ${issue.expected ? `expected ${echo(issue.expected)}, ` : ''}received ${echo(issue.received)}`,
    undefined,
    echo(field),
  );
}

export function decodeTransactions(result: unknown): TransactionRecord[] {
  const records = parse(v.array(TransactionSchema), result, 'result');
  return records.map((r) => ({ ...r, rawStatus: r.status, status: normalizeStatus(r.status) }));
}

export function decodeStatus(result: unknown): StatusResult {
  const raw = parse(v.string(), result, 'result');
  return { status: normalizeStatus(raw), rawStatus: raw };
}

export function decodePairLimits(result: unknown): PairLimits[] {
  return parse(v.array(PairLimitsSchema), result, 'result');
}
