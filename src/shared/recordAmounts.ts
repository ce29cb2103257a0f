/**
 * What a record's amount fields say, one rule for every place that shows them (the Transactions
 * view's tooltip and the watch's tooltip): an amount is known when it is neither empty nor "0".
 * `amountTo` is the amount actually sent to the payout address and reads "0" before the payout
 * (the service's documentation, getTransactions), so only a known `amountTo` is a payout that
 * happened; before it there is at most an expected payout (`amountExpectedTo`). Pure: no `vscode`.
 */
import type { TransactionRecord } from '../api/types';

/** Whether the field holds an amount (not missing, blank or "0"). */
export function knownAmount(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim() !== '' && value !== '0';
}

export interface RecordAmounts {
  /** Received from the user (`amountFrom`), when known. */
  readonly received?: string;
  /** Sent to the payout address (`amountTo`): only once the payout happened. */
  readonly paidOut?: string;
  /** The payout expected (`amountExpectedTo`), when known. */
  readonly expectedPayout?: string;
}

export function recordAmounts(
  record: Pick<TransactionRecord, 'amountFrom' | 'amountTo' | 'amountExpectedTo'>,
): RecordAmounts {
  return {
    ...(knownAmount(record.amountFrom) ? { received: record.amountFrom } : {}),
    ...(knownAmount(record.amountTo) ? { paidOut: record.amountTo } : {}),
    ...(knownAmount(record.amountExpectedTo) ? { expectedPayout: record.amountExpectedTo } : {}),
  };
}
