/**
 * What the client hands to its callers: decoded records with tolerant, normalized fields.
 * Amounts stay decimal strings end to end; times are Unix microseconds.
 */
import type { KnownStatus, TransactionStatus } from '../shared/status';

export type TransactionType = 'float' | 'fixed';

export interface TransactionRecord {
  readonly id: string;
  /** Unix microseconds (normalized from seconds or milliseconds when the service sent those). */
  readonly createdAt: number;
  readonly type: TransactionType;
  /** Unix microseconds; 0 while nothing has been received. */
  readonly moneyReceived: number;
  /** Unix microseconds; 0 while nothing has been sent (also when the field was absent). */
  readonly moneySent: number;
  readonly rate: string;
  readonly payinConfirmations: string;
  readonly status: TransactionStatus;
  /** The status text exactly as the service sent it (shown for `unknown`). */
  readonly rawStatus: string;
  readonly currencyFrom: string;
  readonly currencyTo: string;
  readonly payinAddress: string;
  readonly payinExtraId: string | null;
  readonly payinExtraIdName: string | null;
  readonly payinHash: string | null;
  readonly payoutAddress: string;
  readonly payoutExtraId: string | null;
  readonly payoutExtraIdName: string | null;
  readonly payoutHash: string | null;
  readonly payoutHashLink: string | null;
  readonly refundAddress: string | null;
  readonly refundExtraId: string | null;
  readonly refundHash: string | null;
  readonly refundHashLink: string | null;
  readonly amountExpectedFrom: string;
  readonly amountExpectedTo: string;
  /** Empty string before payin. */
  readonly amountFrom: string;
  readonly amountTo: string;
  readonly networkFee: string;
  readonly exchangeFee: string;
  readonly apiExtraFee: string;
  readonly totalFee: string | null;
  readonly canPush: boolean;
  readonly canRefund: boolean;
  /** ISO 8601 with offset; fixed-rate transactions only. */
  readonly payTill: string | null;
}

/** The answer of `getStatus`. */
export interface StatusResult {
  readonly status: TransactionStatus;
  readonly rawStatus: string;
}

/** Filters and paging of `getTransactions` (spec 4.2). Strings or arrays as the spec allows. */
export interface TransactionQuery {
  id?: string | readonly string[];
  status?: KnownStatus | readonly KnownStatus[];
  currency?: string | readonly string[];
  address?: string | readonly string[];
  payoutAddress?: string | readonly string[];
  extraId?: string;
  /** Unix microseconds, 16 digits; records with `createdAt >= since`. */
  since?: number;
  /** 1–100, default 10. */
  limit?: number;
  offset?: number;
}

export interface CurrencyPair {
  readonly from: string;
  readonly to: string;
}

export interface PairLimits {
  readonly from: string;
  readonly to: string;
  readonly minAmountFloat: string;
  readonly maxAmountFloat: string;
  readonly minAmountFixed: string;
  readonly maxAmountFixed: string;
}
