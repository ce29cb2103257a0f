/**
 * One way to show times everywhere: the user's locale (VS Code's display language) in the time
 * zone given, UTC beside it in tooltips, ISO 8601 UTC in documents, relative ages in the locale.
 * The time zone is always given here so the expected text does not depend on the machine.
 */
import { strict as assert } from 'assert';
import {
  clockTime,
  formatTime,
  formatTimeWithUtc,
  isoTextWithUtc,
  isoUtc,
  localTime,
  msFromIso,
  relativeTime,
  timeWithUtc,
} from '../../../src/shared/format';

/** 2026-11-25T16:24:45.779Z */
const MS = Date.UTC(2026, 10, 25, 16, 24, 45, 779);
const MICROS = MS * 1000 + 123;

describe('time formatting: the locale, with UTC beside', () => {
  it('localTime and clockTime follow the locale and time zone', () => {
    assert.equal(localTime(MS, { locale: 'en', timeZone: 'UTC' }), 'Nov 25, 2026, 4:24:45 PM');
    assert.equal(localTime(MS, { locale: 'en-gb', timeZone: 'UTC' }), '25 Nov 2026, 16:24:45');
    assert.equal(localTime(MS, { locale: 'de', timeZone: 'Europe/Berlin' }), '25. Nov. 2026, 17:24:45');
    assert.equal(localTime(MS, { locale: 'ja', timeZone: 'Asia/Tokyo' }), '2026年11月26日 1:24:45');
    assert.equal(clockTime(MS, { locale: 'en', timeZone: 'Europe/Berlin' }), '5:24:45 PM');
    assert.equal(clockTime(MS, { locale: 'de', timeZone: 'Europe/Berlin' }), '17:24:45');
  });

  it('timeWithUtc: the UTC time in brackets, its date too when the day differs, only "UTC" when local is UTC', () => {
    assert.equal(
      timeWithUtc(MS, { locale: 'en', timeZone: 'Europe/Berlin' }),
      'Nov 25, 2026, 5:24:45 PM (4:24:45 PM UTC)',
    );
    assert.equal(
      timeWithUtc(MS, { locale: 'de', timeZone: 'Europe/Berlin' }),
      '25. Nov. 2026, 17:24:45 (16:24:45 UTC)',
    );
    assert.equal(
      timeWithUtc(MS, { locale: 'ja', timeZone: 'Asia/Tokyo' }),
      '2026年11月26日 1:24:45 (2026年11月25日 16:24:45 UTC)',
    );
    assert.equal(
      timeWithUtc(MS, { locale: 'fr', timeZone: 'Pacific/Kiritimati' }),
      '26 nov. 2026, 6:24:45 (25 nov. 2026, 16:24:45 UTC)',
    );
    assert.equal(timeWithUtc(MS, { locale: 'en-gb', timeZone: 'UTC' }), '25 Nov 2026, 16:24:45 UTC');
  });

  it('a locale or time zone Intl does not know falls back (English; the machine zone) instead of throwing', () => {
    assert.equal(localTime(MS, { locale: 'not a locale!', timeZone: 'UTC' }), 'Nov 25, 2026, 4:24:45 PM');
    assert.equal(localTime(MS, { locale: 'de', timeZone: 'Not/AZone' }), localTime(MS, { locale: 'de' }));
    assert.equal(timeWithUtc(Number.NaN, { locale: 'en' }), '—');
  });

  it('every text has plain spaces only (no narrow no-break space before AM/PM, whatever the ICU)', () => {
    for (const locale of ['en', 'en-us', 'de', 'fr', 'ja', 'zh-cn', 'ru']) {
      const text = timeWithUtc(MS, { locale, timeZone: 'America/New_York' });
      assert.doesNotMatch(text, /[\u00a0\u202f]/, `${locale}: ${text}`);
    }
  });

  it('microseconds: formatTime and formatTimeWithUtc, 0 ("not yet") as a dash', () => {
    assert.equal(formatTime(MICROS, { locale: 'en-gb', timeZone: 'UTC' }), '25 Nov 2026, 16:24:45');
    assert.equal(
      formatTimeWithUtc(MICROS, { locale: 'de', timeZone: 'Europe/Berlin' }),
      '25. Nov. 2026, 17:24:45 (16:24:45 UTC)',
    );
    assert.equal(formatTime(0, { locale: 'en' }), '—');
    assert.equal(formatTimeWithUtc(0, { locale: 'en' }), '—');
  });

  it("ISO texts: isoUtc writes one to the second; the service's (payTill) are read and shown like the others", () => {
    assert.equal(isoUtc(MS), '2026-11-25T16:24:45Z');
    assert.equal(msFromIso('2026-11-25T16:24:45.779+00:00'), MS);
    assert.equal(msFromIso('2026-11-25T18:24:45.779+02:00'), MS);
    assert.equal(msFromIso('soon'), undefined);
    assert.equal(msFromIso(null), undefined);
    assert.equal(msFromIso('2026-13-45T99:99'), undefined);
    assert.equal(
      isoTextWithUtc('2026-11-25T16:24:45.779+00:00', { locale: 'de', timeZone: 'Europe/Berlin' }),
      '25. Nov. 2026, 17:24:45 (16:24:45 UTC)',
    );
    assert.equal(isoTextWithUtc('tomorrow', { locale: 'de' }), 'tomorrow', 'not a time: kept as it arrived');
  });

  it('relativeTime: now under a minute or later, minutes, hours up to 47, then days, in the locale', () => {
    const now = MS;
    const micros = (msAgo: number) => (now - msAgo) * 1000;
    assert.equal(relativeTime(micros(59_000), now), 'now');
    assert.equal(relativeTime(micros(60_000), now), '1 min. ago');
    assert.equal(relativeTime(micros(59 * 60_000), now), '59 min. ago');
    assert.equal(relativeTime(micros(60 * 60_000), now), '1 hr. ago');
    assert.equal(relativeTime(micros(47 * 3_600_000), now), '47 hr. ago');
    assert.equal(relativeTime(micros(48 * 3_600_000), now), '2 days ago');
    assert.equal(relativeTime(micros(-5_000), now), 'now', 'a clock a few seconds ahead is not "the future"');
    assert.equal(
      relativeTime(micros(-120_000), now),
      'now',
      'a record dated by a clock ahead of this one is never shown in the future',
    );
    assert.equal(relativeTime(micros(-3 * 3_600_000), now), 'now');
    assert.equal(relativeTime(micros(60_000), now, 'de'), 'vor 1 Min.');
    assert.equal(relativeTime(micros(3 * 60_000), now, 'fr'), 'il y a 3 min');
    assert.equal(relativeTime(micros(60_000), now, 'not a locale!'), '1 min. ago');
    assert.equal(relativeTime(0, now), '—');
  });
});
