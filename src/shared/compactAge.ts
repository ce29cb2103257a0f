/**
 * A transaction's age where space is short (the Transactions view's rows, beside the pair): the
 * narrow relative time of the locale, `5m ago`, `2h ago`, `3d ago`, `now`, so that the row fits
 * the sidebar at its default width; the tooltip and the accessible label say it in full. Pure.
 */
import { dateFromMicros } from './format';

const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatFor(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    try {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'narrow' });
    } catch {
      format = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' });
    }
    formats.set(locale, format);
  }
  return format;
}

/** `micros`: the record's `createdAt` (Unix microseconds); `—` when it has none. */
export function compactAge(micros: number, nowMs: number = Date.now(), locale = 'en'): string {
  const date = dateFromMicros(micros);
  if (!date) return '—';
  const format = formatFor(locale);
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) => format.format(value, unit).replace(/[\u202f\u00a0]/g, ' ');
  const seconds = Math.round((date.getTime() - nowMs) / 1000);
  if (Math.abs(seconds) < 60) return say(0, 'second');
  const minutes = Math.trunc(seconds / 60);
  if (Math.abs(minutes) < 60) return say(minutes, 'minute');
  const hours = Math.trunc(minutes / 60);
  if (Math.abs(hours) < 48) return say(hours, 'hour');
  return say(Math.trunc(hours / 24), 'day');
}
