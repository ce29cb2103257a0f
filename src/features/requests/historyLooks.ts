/**
 * How History entries read in the view, so two of the same method tell apart: the label is the
 * method and when it was sent (the clock time today, the date too before), the description the
 * answer's outcome (where it went and the params are in the tooltip: beside the label they were
 * cut at the sidebar's default width). Entries still alike (sent the same second, with the same
 * outcome) are numbered. Pure: no `vscode`.
 */
import { clockTime, localTime } from '../../shared/format';
import type { TimeStyle } from '../../shared/format';
import type { HistoryEntry } from './historyModel';

export interface EntryLook {
  readonly label: string;
  readonly description: string;
}

/** The params of a stored request (compact JSON), if any. */
export function paramsOf(request: string): unknown {
  try {
    const parsed: unknown = JSON.parse(request);
    return typeof parsed === 'object' && parsed !== null && 'params' in parsed ? parsed.params : undefined;
  } catch {
    return undefined;
  }
}

/** When an entry was sent, as its label says it: the clock time on the day of `nowMs`, else date and time. */
export function sentWhen(at: number, style: TimeStyle, nowMs: number): string {
  const day = (ms: number) => localTime(ms, style).replace(clockTime(ms, style), '');
  return day(at) === day(nowMs) ? clockTime(at, style) : localTime(at, style);
}

/** The look of each entry (by id), newest first as the view lists them. */
export function entryLooks(entries: readonly HistoryEntry[], style: TimeStyle, nowMs: number): Map<string, EntryLook> {
  const looks = new Map<string, EntryLook>();
  const seen = new Map<string, number>();
  // Oldest first, so the number an entry gets does not change as newer ones arrive.
  for (const entry of [...entries].reverse()) {
    const label = `${entry.method} · ${sentWhen(entry.at, style, nowMs)}`;
    const description = entry.outcome;
    // Numbered by what the row shows: two rows alike are told apart, whatever the tooltips say.
    const key = `${label}\n${description}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    looks.set(entry.id, { label: count === 1 ? label : `${label} (${count})`, description });
  }
  return looks;
}
