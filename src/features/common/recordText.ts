/** Pieces of a record's text shared by the hover and the Transactions tooltip; service text is escaped. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api/types';
import { escapeMarkdown as esc, formatTimeWithUtc, relativeTime } from '../../shared/format';
import type { TimeStyle } from '../../shared/format';

/** `address` or `address (memo: 123)`. */
export function addressText(value: string, extraId: string | null, extraIdName: string | null): string {
  if (extraId === null || extraId === '') return esc(value, 120);
  const name = extraIdName !== null && extraIdName !== '' ? extraIdName : vscode.l10n.t('extra ID');
  return `${esc(value, 120)} (${esc(name, 40)}: ${esc(extraId, 80)})`;
}

export function rateKind(record: TransactionRecord): string {
  return record.type === 'fixed' ? vscode.l10n.t('fixed rate') : vscode.l10n.t('floating rate');
}

/** The creation time with its UTC time, then how long ago. */
export function createdText(record: TransactionRecord, nowMs: number, style: TimeStyle): string {
  return `${esc(formatTimeWithUtc(record.createdAt, style))}, ${esc(relativeTime(record.createdAt, nowMs, style.locale))}`;
}
