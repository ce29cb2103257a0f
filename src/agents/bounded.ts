/**
 * Results an agent can afford: compact records by default (the fields an agent needs; the full
 * record on request), and no result over MAX_RESULT_CHARS of text (its text and its JSON
 * together): a list is cut to what fits, with a cursor to the rest. Pure.
 */
import type { TransactionRecord } from '../api/types';
import { isoFromMicros } from './lines';
import type { AgentToolResult } from './types';
import { AgentInputError } from './validation';

/** The most text one result carries (its text and its JSON together). */
export const MAX_RESULT_CHARS = 16_000;

export function resultSize(result: AgentToolResult): number {
  return result.text.length + (JSON.stringify(result.data)?.length ?? 0);
}

/** The fields of a record an agent needs (ids, status, amounts, currencies, addresses, times). */
export function compactRecord(record: TransactionRecord): Record<string, unknown> {
  return {
    id: record.id,
    status: record.status,
    ...(record.status === 'unknown' ? { rawStatus: record.rawStatus } : {}),
    type: record.type,
    currencyFrom: record.currencyFrom,
    currencyTo: record.currencyTo,
    amountExpectedFrom: record.amountExpectedFrom,
    amountFrom: record.amountFrom,
    amountExpectedTo: record.amountExpectedTo,
    amountTo: record.amountTo,
    payinAddress: record.payinAddress,
    ...(record.payinExtraId ? { payinExtraId: record.payinExtraId } : {}),
    createdAt: isoFromMicros(record.createdAt) ?? null,
    ...(record.payTill ? { payTill: record.payTill } : {}),
  };
}

/** The record as the result carries it: compact, or the full decoded record. */
export function recordData(record: TransactionRecord, full: boolean): Record<string, unknown> {
  return full ? { ...record } : compactRecord(record);
}

/**
 * The largest n (0..count) whose result fits the bound, and that result: `build(n)` makes the
 * result of the first n items. Binary search: the size grows with n.
 */
export function fitting(
  count: number,
  build: (n: number) => AgentToolResult,
): { readonly n: number; readonly result: AgentToolResult } {
  const whole = build(count);
  if (resultSize(whole) <= MAX_RESULT_CHARS) return { n: count, result: whole };
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (resultSize(build(mid)) <= MAX_RESULT_CHARS) low = mid;
    else high = mid - 1;
  }
  return { n: low, result: build(low) };
}

const CURSOR_PREFIX = 'o';

/** A page cursor: where the next page starts (opaque to the agent). */
export function cursorOf(offset: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${offset}`, 'utf8').toString('base64url');
}

/** The offset of a cursor; an AgentInputError for one this server did not make. */
export function offsetOfCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^o(\d{1,7})$/.exec(text);
  if (!match)
    throw new AgentInputError(
      'cursor',
      'is not a cursor of this tool: pass nextCursor of the previous result as it was',
    );
  return Number(match[1]);
}
