/**
 * Formatters are made once per locale, time zone and style, not once per item: the text stays the
 * same as when each call made its own formatter (the reference below is that former code, kept
 * here to compare with), for every locale and zone the time tests use, and the number of kept
 * formatters does not grow with the number of items formatted.
 */
import { strict as assert } from 'assert';
import {
  clockTime,
  formatTime,
  formatTimeWithUtc,
  localTime,
  relativeTime,
  timeWithUtc,
} from '../../../src/shared/format';
import type { TimeStyle } from '../../../src/shared/format';

/** Every locale the time tests show today, and one Intl refuses. */
const LOCALES = ['en', 'en-us', 'en-gb', 'de', 'fr', 'ja', 'zh-cn', 'ru', 'not a locale!'];
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/New_York', 'Not/AZone', undefined];
/** 2026-11-25T16:24:45.779Z and times around it: other days, both sides of midnight UTC. */
const MS = Date.UTC(2026, 10, 25, 16, 24, 45, 779);
const TIMES = [MS, MS - 17 * 3_600_000, MS + 9 * 3_600_000, MS - 400 * 86_400_000, Date.UTC(2027, 0, 1, 0, 0, 1)];

// The former code: a new formatter for every call.
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };
function freshLocale(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}
function fresh(style: TimeStyle, options: Intl.DateTimeFormatOptions, timeZone = style.timeZone): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(freshLocale(style.locale), { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(freshLocale(style.locale), options);
  }
}
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
const freshLocal = (ms: number, style: TimeStyle) => spaced(fresh(style, DATE_TIME).format(ms));
function freshWithUtc(ms: number, style: TimeStyle): string {
  const local = freshLocal(ms, style);
  const utcStyle = { ...style, timeZone: 'UTC' };
  if (local === freshLocal(ms, utcStyle))
    return spaced(fresh(utcStyle, { ...DATE_TIME, timeZoneName: 'short' }).format(ms));
  const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };
  const sameDay = fresh(style, day).format(ms) === fresh(utcStyle, day).format(ms);
  return `${local} (${spaced(fresh(utcStyle, { ...(sameDay ? CLOCK : DATE_TIME), timeZoneName: 'short' }).format(ms))})`;
}
function freshRelative(micros: number, nowMs: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(freshLocale(locale), { numeric: 'auto', style: 'short' });
  // A time later than now is now (never an age to come).
  const seconds = Math.min(0, Math.round((Math.floor(micros / 1000) - nowMs) / 1000));
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) => spaced(format.format(value, unit));
  if (Math.abs(seconds) < 60) return say(0, 'second');
  const minutes = Math.trunc(seconds / 60);
  if (Math.abs(minutes) < 60) return say(minutes, 'minute');
  const hours = Math.trunc(minutes / 60);
  if (Math.abs(hours) < 48) return say(hours, 'hour');
  return say(Math.trunc(hours / 24), 'day');
}

/** The Intl date and relative-time formatters `run` makes. */
function counting(run: () => void): { date: number; relative: number } {
  const made = { date: 0, relative: 0 };
  const { DateTimeFormat, RelativeTimeFormat } = Intl;
  Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
    construct: (target, args: ConstructorParameters<typeof DateTimeFormat>) => (made.date++, new target(...args)),
  });
  (Intl as { RelativeTimeFormat: typeof RelativeTimeFormat }).RelativeTimeFormat = new Proxy(RelativeTimeFormat, {
    construct: (target, args: ConstructorParameters<typeof RelativeTimeFormat>) => (
      made.relative++,
      new target(...args)
    ),
  });
  try {
    run();
  } finally {
    Intl.DateTimeFormat = DateTimeFormat;
    (Intl as { RelativeTimeFormat: typeof RelativeTimeFormat }).RelativeTimeFormat = RelativeTimeFormat;
  }
  return made;
}

describe('formatters made once per style: the same text as before', () => {
  it('localTime, clockTime, timeWithUtc and formatTime(WithUtc) give the text of a fresh formatter, in every locale and zone tested', () => {
    for (const locale of LOCALES) {
      for (const timeZone of ZONES) {
        const style: TimeStyle = timeZone === undefined ? { locale } : { locale, timeZone };
        for (const ms of TIMES) {
          const where = `${locale} ${timeZone ?? '(machine)'} ${new Date(ms).toISOString()}`;
          assert.equal(localTime(ms, style), freshLocal(ms, style), where);
          assert.equal(clockTime(ms, style), spaced(fresh(style, CLOCK).format(ms)), where);
          assert.equal(timeWithUtc(ms, style), freshWithUtc(ms, style), where);
          assert.equal(formatTime(ms * 1000 + 123, style), freshLocal(ms, style), where);
          assert.equal(formatTimeWithUtc(ms * 1000 + 123, style), freshWithUtc(ms, style), where);
        }
      }
    }
  });

  it('relativeTime gives the text of a fresh formatter in every locale, from seconds to days either way', () => {
    const offsets = [0, 5_000, 59_000, 60_000, 61 * 60_000, 47 * 3_600_000, 48 * 3_600_000, 30 * 86_400_000];
    for (const locale of LOCALES) {
      for (const offset of [...offsets, ...offsets.map((o) => -o)]) {
        const micros = (MS - offset) * 1000;
        assert.equal(relativeTime(micros, MS, locale), freshRelative(micros, MS, locale), `${locale} ${offset}`);
      }
    }
  });

  it('formatting 2,000 more items makes no new formatter: one per locale, zone and style', () => {
    const style: TimeStyle = { locale: 'de', timeZone: 'Europe/Berlin' };
    const formatAll = (count: number) => {
      for (let i = 0; i < count; i++) {
        localTime(MS + i * 1_000, style);
        clockTime(MS + i * 1_000, style);
        relativeTime((MS - i * 60_000) * 1000, MS, 'de');
        timeWithUtc(MS + i * 1_000, style);
      }
    };
    formatAll(10);
    const made = counting(() => {
      formatAll(2_000);
      relativeTime(MS * 1000, MS, 'pt-br');
    });
    assert.deepEqual(made, { date: 0, relative: 1 }, 'only the new locale (pt-br) made a formatter');
  });
});
