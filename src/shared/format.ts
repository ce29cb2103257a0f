/**
 * Formatting shared by every view: times from Unix microseconds, short ids, amounts (kept as the
 * service's decimal strings, never parsed into floats), and escaping for Markdown.
 */
import type { TransactionRecord } from '../api/types';

/** Unix microseconds → Date (0 → undefined: "not yet"). */
export function dateFromMicros(micros: number): Date | undefined {
  return micros > 0 ? new Date(Math.floor(micros / 1000)) : undefined;
}

/** `2026-11-21 14:03:07 UTC` */
export function formatTime(micros: number): string {
  const date = dateFromMicros(micros);
  return date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—';
}

/** "3 min ago", "2 h ago", "5 d ago" relative to `nowMs`. */
export function relativeTime(micros: number, nowMs: number = Date.now()): string {
  const date = dateFromMicros(micros);
  if (!date) return '—';
  const seconds = Math.round((nowMs - date.getTime()) / 1000);
  if (seconds < 0) return 'in the future';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** The first 8 characters of a long id, with an ellipsis. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

/** Ticker as shown: upper case. */
export function ticker(code: string): string {
  return code.toUpperCase();
}

/** The amount received if any, else the amount expected: `0.5 BTC → ETH`. */
export function pairLabel(record: TransactionRecord): string {
  const amount = record.amountFrom !== '' && record.amountFrom !== '0' ? record.amountFrom : record.amountExpectedFrom;
  return `${amount} ${ticker(record.currencyFrom)} → ${ticker(record.currencyTo)}`;
}

/** Removes control and bidirectional-override characters and caps the length of a service string. */
export function sanitize(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/**
 * A value as pretty JSON for a read-only document. Control characters are escaped by JSON itself;
 * bidirectional controls and line separators are escaped too, so a hostile value cannot reorder
 * what the editor shows.
 */
export function prettyJson(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text shown as it arrived, with bidirectional controls made visible (as \uXXXX). */
export function visibleText(text: string): string {
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Escapes a service string for Markdown so it shows as text: no links, no HTML, no emphasis.
 * Sanitized first (control characters, length).
 */
export function escapeMarkdown(text: string, max = 200): string {
  return sanitize(text, max)
    .replace(/[\\`*_{}[\]()#+\-.!|<>~:&"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\s/g, ' ');
}
