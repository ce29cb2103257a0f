/**
 * Formatting shared by every view: times from Unix microseconds, short ids, amounts (kept as the
 * service's decimal strings, never parsed into floats), and escaping for Markdown.
 */
import type { TransactionRecord } from '../api/types';
import { safeText, visibleText } from './safeText';

/** Unix microseconds → Date (0 → undefined: "not yet"). */
export function dateFromMicros(micros: number): Date | undefined {
  return micros > 0 ? new Date(Math.floor(micros / 1000)) : undefined;
}

/**
 * How times are shown: in the user's locale (VS Code's display language, passed down by the
 * feature that shows the time) and the time zone of the machine unless one is given (tests).
 */
export interface TimeStyle {
  /** A BCP 47 tag such as `en`, `de` or `zh-cn`; an unknown one falls back to English. */
  readonly locale: string;
  /** An IANA time zone; the machine's own when absent. */
  readonly timeZone?: string;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };

/**
 * Formatters are costly to make (each one resolves its locale, ~50 µs) and cheap to use, so each
 * is made once per locale, time zone and options and kept: a tree of 1,000 rows asks for the same
 * few. The caches are bounded (a handful of locales and zones in practice; cleared if ever full).
 */
const CACHE_LIMIT = 64;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const knownLocales = new Map<string, string>();

/** The value kept under `key` in `cache`, made by `make` the first time. */
function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const found = cache.get(key);
  if (found !== undefined) return found;
  const made = make();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, made);
  return made;
}

/** A date formatter for the style; a locale Intl does not accept falls back to English, a time zone to the machine's. */
function formatter(
  style: TimeStyle,
  options: Intl.DateTimeFormatOptions,
  timeZone = style.timeZone,
): Intl.DateTimeFormat {
  const locale = knownLocale(style.locale);
  return kept(dateFormats, `${locale}\u0000${timeZone ?? ''}\u0000${JSON.stringify(options)}`, () => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      return new Intl.DateTimeFormat(locale, options);
    }
  });
}

/** Formats with spaces only (some ICU versions put a narrow no-break space before AM/PM). */
function formatWith(format: Intl.DateTimeFormat, ms: number): string {
  return format.format(ms).replace(/[\u202f\u00a0]/g, ' ');
}

/** The locale if Intl accepts it, else English. */
function knownLocale(locale: string): string {
  return kept(knownLocales, locale, () => {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
    } catch {
      return 'en';
    }
  });
}

/** The short relative-time formatter of a locale ("3 min. ago"), made once per locale. */
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  const known = knownLocale(locale);
  return kept(relativeFormats, known, () => new Intl.RelativeTimeFormat(known, { numeric: 'auto', style: 'short' }));
}

/** A Unix-milliseconds time in the user's locale and zone, to the second: `25 Nov 2026, 16:24:45`. */
export function localTime(ms: number, style: TimeStyle): string {
  return Number.isFinite(ms) ? formatWith(formatter(style, DATE_TIME), ms) : '—';
}

/** The clock time only, for times of today (when a page was loaded, the next check): `16:24:45`. */
export function clockTime(ms: number, style: TimeStyle): string {
  return Number.isFinite(ms) ? formatWith(formatter(style, CLOCK), ms) : '—';
}

/**
 * A time as tooltips show it: local, then UTC in brackets — `25 Nov 2026, 17:24:45 (16:24:45 UTC)`,
 * the UTC date too when it is another day than the local one, and only `… UTC` when the local
 * time is UTC.
 */
export function timeWithUtc(ms: number, style: TimeStyle): string {
  if (!Number.isFinite(ms)) return '—';
  const local = localTime(ms, style);
  const utcStyle = { ...style, timeZone: 'UTC' };
  if (local === localTime(ms, utcStyle))
    return formatWith(formatter(utcStyle, { ...DATE_TIME, timeZoneName: 'short' }), ms);
  const sameDay =
    formatter(style, { year: 'numeric', month: 'numeric', day: 'numeric' }).format(ms) ===
    formatter(utcStyle, { year: 'numeric', month: 'numeric', day: 'numeric' }).format(ms);
  const utc = formatWith(formatter(utcStyle, { ...(sameDay ? CLOCK : DATE_TIME), timeZoneName: 'short' }), ms);
  return `${local} (${utc})`;
}

/** ISO 8601 in UTC to the second, `2026-11-25T16:24:45Z` (the details document shows it beside a raw value). */
export function isoUtc(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : '—';
}

/** Milliseconds of an ISO 8601 text the service sent (`payTill`), or undefined when it is not one. */
export function msFromIso(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A service's ISO 8601 text (`payTill`) as tooltips show times ({@link timeWithUtc}); as it arrived when it is not one. */
export function isoTextWithUtc(text: string, style: TimeStyle): string {
  const ms = msFromIso(text);
  return ms === undefined ? text : timeWithUtc(ms, style);
}

/** A time from Unix microseconds in the user's locale (`—` for 0, "not yet"). */
export function formatTime(micros: number, style: TimeStyle): string {
  const date = dateFromMicros(micros);
  return date ? localTime(date.getTime(), style) : '—';
}

/** A time from Unix microseconds as tooltips show it, local with UTC ({@link timeWithUtc}); `—` for 0. */
export function formatTimeWithUtc(micros: number, style: TimeStyle): string {
  const date = dateFromMicros(micros);
  return date ? timeWithUtc(date.getTime(), style) : '—';
}

/**
 * "3 min. ago", "2 hr. ago", "5 days ago" (in the locale given, short) relative to `nowMs`: under a
 * minute either way is "now", hours up to 47, then days.
 */
export function relativeTime(micros: number, nowMs: number = Date.now(), locale = 'en'): string {
  return relativeWith(relativeFormat(locale), micros, nowMs);
}

/**
 * `micros` relative to `nowMs` in `format`: under a minute is "now", hours up to 47, then days. A
 * record's time is never shown as future ("in 3 min"): later than `nowMs` (another clock dated it,
 * ahead of this one) is "now". The caller passes the clock that dated the record (the sandbox's for
 * sandbox records).
 */
export function relativeWith(format: Intl.RelativeTimeFormat, micros: number, nowMs: number): string {
  const date = dateFromMicros(micros);
  if (!date) return '—';
  const seconds = Math.min(0, Math.round((date.getTime() - nowMs) / 1000));
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    format.format(value, unit).replace(/[\u202f\u00a0]/g, ' ');
  if (Math.abs(seconds) < 60) return say(0, 'second');
  const minutes = Math.trunc(seconds / 60);
  if (Math.abs(minutes) < 60) return say(minutes, 'minute');
  const hours = Math.trunc(minutes / 60);
  if (Math.abs(hours) < 48) return say(hours, 'hour');
  return say(Math.trunc(hours / 24), 'day');
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

/**
 * A value as pretty JSON for a read-only document, with unsafe characters escaped (JSON escapes
 * the controls itself), so a hostile value cannot reorder or hide what the editor shows.
 */
export function prettyJson(value: unknown): string {
  return visibleText(JSON.stringify(value, null, 2) ?? 'null');
}

/**
 * Escapes a service string for Markdown so it shows as text: no links, no HTML, no emphasis.
 * Made safe first (unsafe characters, length).
 */
export function escapeMarkdown(text: string, max = 200): string {
  return safeText(text, max)
    .replace(/[\\`*_{}[\]()#+\-.!|<>~:&"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\s/g, ' ');
}
