/**
 * The wire form of a transaction record (docs/service/interface.md#the-transaction-record) at a given time. Fields fill in as the
 * plan's steps pass:
 *   - payin (first status after waiting that implies funds arrived): moneyReceived, payinHash,
 *     amountFrom (before: 0, null, "");
 *   - confirmations count up while confirming, then equal the currency's requirement;
 *   - finished: moneySent, payoutHash, payoutHashLink, amountTo, totalFee (before: absent, null,
 *     null, "0", null);
 *   - refunded: refundHash, refundHashLink.
 * Every field of the service's sample records is on every record, with `null` or `0` where there
 * is nothing yet, as the samples show them: `moneySent` 0 until sent, `refundHash`,
 * `refundHashLink`, `payinExtraIdName`, `payoutExtraIdName` null (RULES.md, "Transaction
 * records"); `payTill` appears on fixed-rate records only. (`omitsNulls` of a transaction no
 * longer changes its record: it is kept so seeds draw the same ledgers and snapshots stay valid.) Every record carries `trackUrl`, `changellyFee` (the
 * service's percent, as `exchangeFee`), `apiExtraFee`, `totalFee`, `canPush` and `canRefund`
 * (docs/service/documentation.md#transaction-records); `subaccountId` where the record was created for one, and as null on a few
 * seeded records.
 */
import type { KnownStatus } from '../../../src/shared/status';
import { explorerLink, requireCurrency } from './currencies';
import type { LedgerTransaction } from './factory';
import type { TransactionType } from './lifecycle';
import { progressAt } from './lifecycle';

export interface WireRecord {
  id: string;
  createdAt: number;
  type: TransactionType;
  moneyReceived: number;
  moneySent: number;
  rate: string;
  payinConfirmations: string;
  status: KnownStatus;
  currencyFrom: string;
  currencyTo: string;
  payinAddress: string;
  payinExtraId: string | null;
  payinExtraIdName: string | null;
  payinHash: string | null;
  payoutAddress: string;
  payoutExtraId: string | null;
  payoutExtraIdName: string | null;
  payoutHash: string | null;
  payoutHashLink: string | null;
  refundAddress: string;
  refundExtraId: string | null;
  refundHash: string | null;
  refundHashLink: string | null;
  amountExpectedFrom: string;
  amountExpectedTo: string;
  amountFrom: string;
  amountTo: string;
  networkFee: string;
  exchangeFee: string;
  apiExtraFee: string;
  totalFee: string | null;
  canPush: boolean;
  canRefund: boolean;
  payTill?: string;
  trackUrl: string;
  changellyFee: string;
  subaccountId?: string | null;
}

/** The tracking page of a transaction (`trackUrl`, on every record as the service's documentation lists it). */
export function trackUrlOf(id: string): string {
  return `https://changelly.com/track/${id}`;
}

/** Unix ms to microseconds, keeping the record's sub-millisecond digits so values look real. */
function micros(tx: LedgerTransaction, ms: number): number {
  return ms * 1000 + (tx.createdAtUs % 1000);
}

/** ISO 8601 with an explicit offset, e.g. `2025-01-15T12:20:00.000+00:00`. */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

/** The record as `getTransactions` returns it at `atMs`, or undefined before its creation. */
export function toWireRecord(tx: LedgerTransaction, atMs: number): WireRecord | undefined {
  const from = requireCurrency(tx.currencyFrom);
  const to = requireCurrency(tx.currencyTo);
  const p = progressAt(tx.plan, atMs, from.confirmations);
  if (!p) return undefined;
  const received = p.receivedAtMs !== null;
  const sent = p.sentAtMs !== null;
  const refunded = p.refundedAtMs !== null;
  const payoutHash = sent ? tx.payoutHash : null;
  const refundHash = refunded ? tx.refundHash : null;
  return {
    id: tx.id,
    createdAt: tx.createdAtUs,
    type: tx.type,
    moneyReceived: p.receivedAtMs !== null ? micros(tx, p.receivedAtMs) : 0,
    moneySent: p.sentAtMs !== null ? micros(tx, p.sentAtMs) : 0,
    rate: tx.rate,
    payinConfirmations: String(p.confirmations),
    status: p.status,
    currencyFrom: tx.currencyFrom,
    currencyTo: tx.currencyTo,
    payinAddress: tx.payinAddress,
    payinExtraId: tx.payinExtraId,
    payinExtraIdName: tx.payinExtraId !== null ? from.extraIdName : null,
    payinHash: received ? tx.payinHash : null,
    payoutAddress: tx.payoutAddress,
    payoutExtraId: tx.payoutExtraId,
    payoutExtraIdName: tx.payoutExtraId !== null ? to.extraIdName : null,
    payoutHash,
    payoutHashLink: payoutHash !== null ? explorerLink(to, payoutHash) : null,
    refundAddress: tx.refundAddress,
    refundExtraId: tx.refundExtraId,
    refundHash,
    refundHashLink: refundHash !== null ? explorerLink(from, refundHash) : null,
    amountExpectedFrom: tx.amountExpectedFrom,
    amountExpectedTo: tx.amountExpectedTo,
    amountFrom: received ? tx.amountFrom : '',
    amountTo: sent ? tx.amountTo : '0',
    networkFee: tx.networkFee,
    exchangeFee: tx.exchangeFee,
    apiExtraFee: tx.apiExtraFee,
    totalFee: sent ? tx.totalFee : null,
    canPush: p.status === 'hold',
    canRefund: p.status === 'hold' || p.status === 'failed',
    ...(tx.payTillMs !== null ? { payTill: isoWithOffset(tx.payTillMs) } : {}),
    trackUrl: trackUrlOf(tx.id),
    changellyFee: tx.exchangeFee,
    ...(tx.subaccountId !== null
      ? { subaccountId: tx.subaccountId }
      : tx.extraField === 'subaccountId'
        ? { subaccountId: null }
        : {}),
  };
}
