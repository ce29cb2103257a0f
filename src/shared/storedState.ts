/**
 * State kept in a Memento (the pair lists, the watched ids, the Transactions filter): versioned,
 * and round-tripping what this version does not understand, so that neither an older release nor
 * a newer one loses what the other wrote.
 *
 * - Every value is an envelope: `{ "version": 1, "<body>": … }`, the body under a name of the
 *   store's choosing (`items` for lists). The unversioned format of the first release (a plain
 *   array, or a plain object for the filter) reads as version 0.
 * - Top-level fields besides `version` and the body are kept as they are; the version written is
 *   never lower than the one read (a newer release keeps its number; entries this version adds are
 *   in the version-1 shape, which every later version reads anyway).
 * - In a list, an entry of this version's shape but a wrong value is dropped, a duplicate of an
 *   entry read before it too; any other entry (another shape: maybe a newer release's) is kept
 *   as it is, after this version's entries. The unknown fields of an understood entry are kept
 *   on it. Unknown entries count towards the list's bound, which this version's entries come first
 *   in: a stored list never holds more than its bound.
 *
 * Everything written is plain JSON (copied through JSON). Pure: no `vscode` import.
 */
import { isRecord } from './isRecord';

/** The version this release writes. */
export const STATE_VERSION = 1;

export type JsonObject = Record<string, unknown>;

/** Whether `value` is an envelope: an object with a whole `version` of 1 or more. */
export function isVersioned(value: unknown): value is JsonObject & { readonly version: number } {
  return isRecord(value) && Number.isSafeInteger(value.version) && (value.version as number) >= 1;
}

export interface Envelope {
  readonly version: number;
  readonly body: unknown;
  /** Top-level fields besides `version` and the body. */
  readonly extra: Readonly<JsonObject>;
}

/** The parts of an envelope (`value` must be versioned). */
export function openEnvelope(value: JsonObject & { readonly version: number }, bodyKey: string): Envelope {
  const extra = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'version' && key !== bodyKey));
  return { version: value.version, body: value[bodyKey], extra };
}

/** The envelope to store: the version never goes down; the extra fields are kept. Plain JSON. */
export function envelopeJson(version: number, bodyKey: string, body: unknown, extra: Readonly<JsonObject>): JsonObject {
  const rest = Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'version' && key !== bodyKey));
  return JSON.parse(
    JSON.stringify({ version: Math.max(version, STATE_VERSION), [bodyKey]: body, ...rest }),
  ) as JsonObject;
}

// ---------------------------------------------------------------------------------------------
// Lists: `{ "version": 1, "items": [...] }`, formerly a plain array.

export const ITEMS_KEY = 'items';

/** How a list's entry reads: its value, of this version's shape but wrong (dropped), or not understood (kept). */
export type EntryReading<T> = { readonly value: T } | 'invalid' | 'unknown';

export interface ListCodec<T> {
  read(entry: unknown): EntryReading<T>;
  /** A value's identity: two entries with the same key are one. */
  key(value: T): string;
  /** The entry to store for `value`, keeping what else the entry it was read from held (`stored`; undefined for a new one). */
  write(value: T, stored: unknown): unknown;
}

export interface KnownEntry<T> {
  readonly value: T;
  /** The entry as it was stored. */
  readonly stored: unknown;
}

export interface StoredList<T> {
  /** 0 for the plain array of the first release. */
  readonly version: number;
  /** The entries this version uses, in their order, distinct. */
  readonly known: readonly KnownEntry<T>[];
  /** The entries it does not understand, in their order, as stored. */
  readonly unknown: readonly unknown[];
  readonly extra: Readonly<JsonObject>;
}

const EMPTY: StoredList<never> = { version: 0, known: [], unknown: [], extra: {} };

/** A list from whatever is stored, at most `max` entries (known and unknown) read; anything unreadable is an empty list. */
export function readStoredList<T>(stored: unknown, codec: ListCodec<T>, max: number): StoredList<T> {
  let envelope: Envelope;
  if (Array.isArray(stored)) envelope = { version: 0, body: stored, extra: {} };
  else if (isVersioned(stored)) envelope = openEnvelope(stored, ITEMS_KEY);
  else return EMPTY;
  const known: KnownEntry<T>[] = [];
  const unknown: unknown[] = [];
  const seen = new Set<string>();
  for (const entry of Array.isArray(envelope.body) ? (envelope.body as unknown[]) : []) {
    if (known.length + unknown.length >= max) break;
    const reading = codec.read(entry);
    if (reading === 'invalid') continue;
    if (reading === 'unknown') {
      unknown.push(entry);
      continue;
    }
    const key = codec.key(reading.value);
    if (seen.has(key)) continue;
    seen.add(key);
    known.push({ value: reading.value, stored: entry });
  }
  return { version: envelope.version, known, unknown, extra: envelope.extra };
}

/** The values this version uses. */
export function listValues<T>(list: StoredList<T>): T[] {
  return list.known.map((entry) => entry.value);
}

/**
 * What to store once this version's values are `values` (in that order; each keeps the other
 * fields of its stored entry): them, then the unknown entries, at most `max` in all. Undefined
 * (remove the key) when nothing at all is left.
 */
export function storedListJson<T>(
  list: StoredList<T>,
  values: readonly T[],
  codec: ListCodec<T>,
  max: number,
): JsonObject | undefined {
  const storedByKey = new Map(list.known.map((entry) => [codec.key(entry.value), entry.stored]));
  const items = [
    ...values.map((value) => codec.write(value, storedByKey.get(codec.key(value)))),
    ...list.unknown,
  ].slice(0, max);
  if (items.length === 0 && Object.keys(list.extra).length === 0) return undefined;
  return envelopeJson(list.version, ITEMS_KEY, items, list.extra);
}
