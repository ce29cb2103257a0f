/**
 * The History of request documents sent in a workspace: the last 200 exchanges, newest first, in
 * the workspace's Memento as a versioned list. An entry holds the request as sent (never a key or
 * a signature) and the answer document's text (headers redacted), both bounded. Pure.
 */
import { clockTime, localTime } from '../../shared/format';
import type { TimeStyle } from '../../shared/format';
import { listValues, readStoredList, storedListJson } from '../../shared/storedState';
import type { JsonObject, ListCodec, StoredList } from '../../shared/storedState';
import { isRecord } from '../../shared/isRecord';

export const HISTORY_KEY = 'exchangeTx.history';
export const MAX_HISTORY = 200;
/** The longest request and answer texts kept per entry; longer ones are cut with a note. */
export const MAX_REQUEST_CHARS = 16 * 1024;
export const MAX_ANSWER_CHARS = 64 * 1024;

export interface HistoryEntry {
  readonly id: string;
  /** When it was sent, ms since the epoch. */
  readonly at: number;
  readonly method: string;
  /** The request as sent, compact JSON. */
  readonly request: string;
  readonly environment: 'sandbox' | 'live';
  /** The account it was signed for (entries of the sandbox, and older ones, have none). */
  readonly accountId?: string;
  /** "Sandbox" or the account's name, as it was then. */
  readonly target: string;
  readonly host: string;
  /** "result", "error -32602", "HTTP 401", "timed out"… */
  readonly outcome: string;
  readonly ok: boolean;
  readonly durationMs: number;
  /** The answer document's text (or the failure's message), bounded. */
  readonly answer: string;
  readonly language: 'jsonc' | 'plaintext';
}

/** The note that ends a text cut to its bound, after exactly the bound's characters. */
const CUT_NOTE = /^\n\/\/ … cut: the whole text was \d{1,15} characters\.\n$/;

/** `text` cut to `max` characters with a note of its length; a text cut already keeps its note. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  if (CUT_NOTE.test(text.slice(max))) return text;
  return `${text.slice(0, max)}\n// … cut: the whole text was ${text.length} characters.\n`;
}

function boundedEntry(entry: HistoryEntry): HistoryEntry {
  return {
    ...entry,
    request: bounded(entry.request, MAX_REQUEST_CHARS),
    answer: bounded(entry.answer, MAX_ANSWER_CHARS),
  };
}

const STRING_FIELDS = ['id', 'method', 'request', 'target', 'host', 'outcome', 'answer'] as const;

const historyCodec: ListCodec<HistoryEntry> = {
  read(entry) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.at !== 'number') return 'unknown';
    for (const field of STRING_FIELDS) if (typeof entry[field] !== 'string') return 'invalid';
    if (!Number.isFinite(entry.at) || typeof entry.ok !== 'boolean' || typeof entry.durationMs !== 'number')
      return 'invalid';
    if (entry.environment !== 'sandbox' && entry.environment !== 'live') return 'invalid';
    const value: HistoryEntry = {
      id: entry.id,
      at: entry.at,
      method: entry.method as string,
      request: entry.request as string,
      environment: entry.environment,
      ...(typeof entry.accountId === 'string' ? { accountId: entry.accountId } : {}),
      target: entry.target as string,
      host: entry.host as string,
      outcome: entry.outcome as string,
      ok: entry.ok,
      durationMs: entry.durationMs,
      answer: entry.answer as string,
      language: entry.language === 'plaintext' ? 'plaintext' : 'jsonc',
    };
    return { value: boundedEntry(value) };
  },
  key: (entry) => entry.id,
  write: (entry, stored) => ({ ...(isRecord(stored) ? stored : {}), ...entry }),
};

function readHistory(stored: unknown): StoredList<HistoryEntry> {
  return readStoredList(stored, historyCodec, MAX_HISTORY);
}

export function historyEntries(stored: unknown): HistoryEntry[] {
  return listValues(readHistory(stored));
}

/** What to store after `entry` was sent: it first, then the others, at most MAX_HISTORY in all. */
export function withEntry(stored: unknown, entry: HistoryEntry): JsonObject | undefined {
  const list = readHistory(stored);
  const values = [boundedEntry(entry), ...listValues(list).filter((e) => e.id !== entry.id)];
  return storedListJson(list, values.slice(0, MAX_HISTORY), historyCodec, MAX_HISTORY);
}

/** A short, one-line account of a request's params for lists (history, titles). */
export function summarizeParams(params: unknown, max = 80): string {
  if (params === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(params) ?? '';
  } catch {
    text = '';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The params of a stored request (compact JSON), if any. */
export function paramsOf(request: string): unknown {
  try {
    const parsed: unknown = JSON.parse(request);
    return isRecord(parsed) ? parsed.params : undefined;
  } catch {
    return undefined;
  }
}

/** When an entry was sent, as its label says it: the clock time on the day of `nowMs`, else date and time. */
export function sentWhen(at: number, style: TimeStyle, nowMs: number): string {
  const day = (ms: number) => localTime(ms, style).replace(clockTime(ms, style), '');
  return day(at) === day(nowMs) ? clockTime(at, style) : localTime(at, style);
}

export interface EntryLook {
  readonly label: string;
  readonly description: string;
}

/**
 * How each entry (by id) reads in the view: the method and when it was sent, the outcome beside.
 * Rows still alike are numbered, oldest first, so a number does not change as newer ones arrive.
 */
export function entryLooks(entries: readonly HistoryEntry[], style: TimeStyle, nowMs: number): Map<string, EntryLook> {
  const looks = new Map<string, EntryLook>();
  const seen = new Map<string, number>();
  for (const entry of [...entries].reverse()) {
    const label = `${entry.method} · ${sentWhen(entry.at, style, nowMs)}`;
    const description = entry.outcome;
    const key = `${label}\n${description}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    looks.set(entry.id, { label: count === 1 ? label : `${label} (${count})`, description });
  }
  return looks;
}
