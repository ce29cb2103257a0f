/**
 * Compact lines about records for a model to read: one line a transaction, quote or limit, every
 * service string made safe (safeText.ts) and free text quoted as data, amounts as sent.
 */
import type { TransactionRecord } from '../api/types';
import type { ControlTransaction } from '../shared/controlProtocol';
import { ticker } from '../shared/format';
import { amountText, quoted } from './modelText';
import { safeText } from '../shared/safeText';

/** Unix microseconds as ISO 8601 (UTC), or undefined for 0 / unreadable. */
export function isoFromMicros(micros: number | undefined): string | undefined {
  if (micros === undefined || !Number.isFinite(micros) || micros <= 0) return undefined;
  const date = new Date(Math.floor(micros / 1000));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function isoFromMillis(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined ? undefined : isoFromMicros(ms * 1000);
}

function s(text: string | null | undefined, max = 100): string {
  return safeText(text ?? '', max);
}

/** `id · status · 0.5 BTC → ETH (float) · created 2026-…Z · payin to <address>` */
export function recordLine(record: TransactionRecord): string {
  const paid = record.amountFrom !== '' && record.amountFrom !== '0';
  const amount = paid
    ? `${amountText(record.amountFrom)} ${ticker(s(record.currencyFrom, 20))} received`
    : `${amountText(record.amountExpectedFrom)} ${ticker(s(record.currencyFrom, 20))} expected`;
  const status = record.status === 'unknown' ? `unknown (${quoted(record.rawStatus, 40)})` : record.status;
  const parts = [
    s(record.id, 64),
    status,
    `${amount} → ${ticker(s(record.currencyTo, 20))} (${record.type})`,
    `created ${isoFromMicros(record.createdAt) ?? '?'}`,
    `payin address ${quoted(record.payinAddress, 120)}${record.payinExtraId ? ` (extra id ${quoted(record.payinExtraId, 60)})` : ''}`,
  ];
  if (record.payTill) parts.push(`pay till ${quoted(record.payTill, 40)}`);
  return parts.join(' · ');
}

/** A sandbox transaction as the control endpoint shows it, with its next scheduled step. */
export function controlLine(tx: ControlTransaction): string {
  const parts = [
    s(tx.id, 64),
    tx.status,
    `${amountText(tx.amountExpectedFrom)} ${ticker(s(tx.currencyFrom, 20))} → ${amountText(tx.amountExpectedTo)} ${ticker(s(tx.currencyTo, 20))} (${tx.type})`,
    `payin address ${quoted(tx.payinAddress, 120)}${tx.payinExtraId ? ` (extra id ${quoted(tx.payinExtraId, 60)})` : ''}`,
  ];
  if (tx.amountFrom !== '') parts.push(`received ${amountText(tx.amountFrom)}`);
  const payTill = isoFromMillis(tx.payTillMs);
  if (payTill) parts.push(`pay till ${payTill}`);
  parts.push(tx.next ? `next: ${tx.next.status} at ${s(tx.next.at, 40)}` : 'stays in this status');
  return parts.join(' · ');
}
