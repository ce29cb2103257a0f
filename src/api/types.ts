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

/** Filters and paging of `getTransactions` (docs/service/methods.md#gettransactions). Strings or arrays as the service allows. */
export interface TransactionQuery {
  id?: string | readonly string[];
  status?: KnownStatus | readonly KnownStatus[];
  currency?: string | readonly string[];
  address?: string | readonly string[];
  payoutAddress?: string | readonly string[];
  extraId?: string;
  /** A subaccount from `createSubaccount`, or up to 10. */
  subaccountId?: string | readonly string[];
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

/** One pair of `getExchangeAmount`: the payin amount as an exact decimal string. */
export interface ExchangeAmountQuery {
  readonly from: string;
  readonly to: string;
  readonly amountFrom: string;
  /** Escaped JSON; honoured only by arrangement with the service. */
  readonly userMetadata?: string;
}

/** One pair of `getFixRateForAmount`: exactly one of `amountFrom` / `amountTo`. */
export interface FixRateQuery {
  readonly from: string;
  readonly to: string;
  readonly amountFrom?: string;
  readonly amountTo?: string;
  readonly userMetadata?: string;
}

/** The pair's current limits, as the estimates give them (each may be absent). */
export interface EstimateLimits {
  readonly min?: string;
  readonly max?: string;
  readonly minFrom?: string;
  readonly maxFrom?: string;
  readonly minTo?: string;
  readonly maxTo?: string;
}

/** A floating-rate estimate. The user gets about `amountTo − networkFee`. */
export interface ExchangeEstimate extends EstimateLimits {
  readonly from: string;
  readonly to: string;
  readonly amountFrom: string;
  /** Before `networkFee` is withheld. */
  readonly amountTo: string;
  readonly networkFee?: string;
  readonly visibleAmount?: string;
  readonly rate?: string;
  readonly fee?: string;
}

/** A fixed-rate quote; `id` is the rate ID `createFixTransaction` takes, single-use. */
export interface FixRateQuote extends EstimateLimits {
  readonly id: string;
  /** The fixed rate. */
  readonly result: string;
  readonly from: string;
  readonly to: string;
  readonly amountFrom: string;
  readonly amountTo: string;
  readonly networkFee?: string;
  readonly fee?: string;
  /** When the rate ID expires, Unix microseconds (the service sends seconds). */
  readonly expiredAt?: number;
}

/** Addresses and options shared by both create operations. */
interface CreateCommon {
  readonly from: string;
  readonly to: string;
  /** Payout address, in the `to` currency. */
  readonly address: string;
  readonly extraId?: string;
  readonly refundExtraId?: string;
  readonly fromAddress?: string;
  readonly fromExtraId?: string;
  readonly subaccountId?: string;
  readonly userMetadata?: string;
}

/** `createTransaction` (floating rate). */
export interface CreateTransactionRequest extends CreateCommon {
  readonly amountFrom: string;
  readonly refundAddress?: string;
}

/** `createFixTransaction`: a rate ID, exactly one of the amounts, and a required refund address. */
export interface CreateFixTransactionRequest extends CreateCommon {
  readonly rateId: string;
  readonly amountFrom?: string;
  readonly amountTo?: string;
  readonly refundAddress: string;
}

/** A created transaction as the create operations answer it. */
export interface CreatedTransaction {
  readonly id: string;
  readonly type: TransactionType;
  /** As sent: `new` at creation (getStatus then says `waiting`). */
  readonly status: string;
  readonly payinAddress: string;
  /** When not null, the user must include it when paying. */
  readonly payinExtraId: string | null;
  readonly payoutAddress: string;
  readonly payoutExtraId: string | null;
  readonly refundAddress: string | null;
  readonly refundExtraId: string | null;
  readonly amountExpectedFrom: string;
  /** Before `networkFee` is withheld. */
  readonly amountExpectedTo: string;
  readonly networkFee?: string;
  readonly currencyFrom: string;
  readonly currencyTo: string;
  /** Unix microseconds; undefined when absent or unreadable. */
  readonly createdAt?: number;
  /** ISO 8601; fixed-rate transactions only. */
  readonly payTill?: string;
  readonly trackUrl?: string;
}

/** One currency of `getCurrenciesFull`. */
export interface CurrencyInfo {
  readonly ticker: string;
  readonly name?: string;
  readonly fullName?: string;
  readonly enabled: boolean;
  /** Usable as payin (when absent: as `enabled`). */
  readonly enabledFrom: boolean;
  /** Usable as payout (when absent: as `enabled`). */
  readonly enabledTo: boolean;
  /** Usable in fixed-rate transactions (when absent: false). */
  readonly fixRateEnabled: boolean;
  readonly payinConfirmations?: number;
  readonly extraIdName?: string;
  /** Explorer URL templates; `%1$s` marks the address or hash. */
  readonly addressUrl?: string;
  readonly transactionUrl?: string;
  readonly image?: string;
  /** Milliseconds to pay a fixed-rate transaction. */
  readonly fixedTime?: number;
  readonly protocol?: string;
  readonly blockchain?: string;
  readonly blockchainPrecision?: number;
  readonly contractAddress?: string;
  /** A warning to show about payins. */
  readonly payinNotice?: string;
}

/** Filters of `getPairs`. */
export interface PairsQuery {
  readonly from?: string;
  readonly to?: string;
  readonly txType?: TransactionType;
}

/** `validateAddress`: an invalid address is a result, not an error. */
export interface AddressQuery {
  readonly currency: string;
  readonly address: string;
  readonly extraId?: string;
}

export interface AddressVerdict {
  readonly result: boolean;
  /** Only when invalid (e.g. `Invalid address`). */
  readonly message?: string;
}
