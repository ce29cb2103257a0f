/**
 * The ids the status watch accepts, from a command argument, the input box or the saved state.
 * Pure (no `vscode`), tested in plain Node.
 *
 * The service does not document the id format (spec: "Its format is not shown"); the ids seen are
 * 12–16 lowercase letters and digits. A plausible id is 4–64 characters of ASCII letters, digits,
 * `-` and `_`: enough to refuse pasted text, URLs and whole log lines, without guessing more.
 */

export const MAX_ID_LENGTH = 64;
const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{4,64}$/;

/** At most this many transactions are watched at once (each has a status bar item). */
export const MAX_WATCHED = 30;

export function isPlausibleId(text: string): boolean {
  return PLAUSIBLE_ID.test(text);
}

/**
 * The id a command was called with: a string, or an object with an `id` string (a tree item, a
 * record, the lookup result), or an object with a `record` holding one. Surrounding space is
 * trimmed; anything else gives undefined.
 */
export function idFromArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() || undefined;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id: unknown = (arg as { id?: unknown }).id;
  if (typeof id === 'string') return id.trim() || undefined;
  const record: unknown = (arg as { record?: unknown }).record;
  if (typeof record !== 'object' || record === null) return undefined;
  const inner: unknown = (record as { id?: unknown }).id;
  return typeof inner === 'string' ? inner.trim() || undefined : undefined;
}

/**
 * The saved list of watched ids, read defensively: whatever the memento holds, the result is
 * unique plausible ids, in order, at most MAX_WATCHED.
 */
export function parseStoredIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item === 'string' && isPlausibleId(item) && !ids.includes(item)) ids.push(item);
    if (ids.length >= MAX_WATCHED) break;
  }
  return ids;
}
