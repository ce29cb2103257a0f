/** The age in a Transactions row: the locale's narrow words, short enough for the sidebar. */
import { strict as assert } from 'assert';
import { compactAge } from '../../../src/shared/compactAge';
import { relativeTime } from '../../../src/shared/format';

describe('compact age', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const ago = (ms: number) => (now - ms) * 1000;

  it('says minutes, hours and days in a few characters, and now', () => {
    assert.equal(compactAge(ago(10_000), now), 'now');
    assert.equal(compactAge(ago(5 * 60_000), now), '5m ago');
    assert.equal(compactAge(ago(3 * 3_600_000), now), '3h ago');
    assert.equal(compactAge(ago(5 * 86_400_000), now), '5d ago');
    assert.equal(compactAge(0, now), '—');
  });

  it('never says a time to come: a record dated ahead of the clock given is now', () => {
    assert.equal(compactAge(ago(-3 * 60_000), now), 'now');
    assert.equal(compactAge(ago(-3 * 3_600_000), now), 'now');
  });

  it('is never longer than the full words, and at most 8 characters in English', () => {
    for (const ms of [0, 61_000, 59 * 60_000, 47 * 3_600_000, 400 * 86_400_000]) {
      const short = compactAge(ago(ms), now);
      assert.ok(short.length <= relativeTime(ago(ms), now).length, `${short} vs ${relativeTime(ago(ms), now)}`);
      assert.ok(short.length <= 8, short);
    }
  });

  it('falls back to English for a locale it does not know', () => {
    assert.equal(compactAge(ago(5 * 60_000), now, 'xx-invalid-@@'), '5m ago');
  });
});
