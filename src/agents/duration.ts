/**
 * Durations as people and agents write them ("30m", "1h", "2d", "1h30m", ISO 8601 "PT1H") and as
 * results show them ("2 h 5 min"): one reading for the list tool's `inStatusLongerThan`, the
 * sandbox tools' skips and the Transactions view's "in status longer than" filter. Pure.
 */

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** The shortest and longest duration read: 1 s to 366 d. */
export const MIN_DURATION_MS = 1000;
export const MAX_DURATION_MS = 366 * 86_400_000;

/**
 * A duration in ms, or what is wrong with the text: `format` (not a duration), `range` (outside
 * 1 s to 366 d).
 */
export function parseDuration(text: string): number | 'format' | 'range' {
  const t = text.trim().toLowerCase();
  let ms = 0;
  const iso = /^p(?:(\d{1,4})d)?(?:t(?:(\d{1,5})h)?(?:(\d{1,6})m)?(?:(\d{1,7})s)?)?$/.exec(t);
  if (iso && t !== 'p' && t !== 'pt' && !t.endsWith('t')) {
    ms =
      Number(iso[1] ?? 0) * UNIT_MS.d +
      Number(iso[2] ?? 0) * UNIT_MS.h +
      Number(iso[3] ?? 0) * UNIT_MS.m +
      Number(iso[4] ?? 0) * UNIT_MS.s;
  } else if (/^(\d{1,7}\s*(s|min|m|h|d)\s*)+$/.test(t)) {
    for (const [, n, unit] of t.matchAll(/(\d{1,7})\s*(s|min|m|h|d)/g)) ms += Number(n) * (UNIT_MS[unit ?? 's'] ?? 0);
  } else {
    return 'format';
  }
  return ms < MIN_DURATION_MS || ms > MAX_DURATION_MS ? 'range' : ms;
}

/** A duration in words: `3 d 4 h`, `2 h 5 min`, `4 min 10 s`, `12 s`. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} d${h > 0 ? ` ${h} h` : ''}`;
  if (h > 0) return `${h} h${m > 0 ? ` ${m} min` : ''}`;
  if (m > 0) return `${m} min${sec > 0 ? ` ${sec} s` : ''}`;
  return `${sec} s`;
}
