/**
 * The ids the status watch accepts from the saved state. Pure (no `vscode`), tested in plain
 * Node; the id rules themselves are in src/shared/transactionId.ts.
 */

import { isPlausibleId } from '../../shared/transactionId';

/** At most this many transactions are watched at once (each has a status bar item). */
export const MAX_WATCHED = 30;

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
