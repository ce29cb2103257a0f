/**
 * A transaction's age where space is short (the Transactions view's rows, beside the pair): the
 * narrow relative time of the locale, `5m ago`, `2h ago`, `3d ago`, `now`, so that the row fits
 * the sidebar at its default width; the tooltip and the accessible label say it in full. Pure.
 */
import { relativeWith } from './format';

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
  return relativeWith(formatFor(locale), micros, nowMs);
}
