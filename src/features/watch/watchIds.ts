/**
 * How the watch stores its lists of ids: a versioned list of id strings (see shared/storedState).
 * The first release's plain arrays still read; an implausible id is dropped.
 */

import { listValues, readStoredList, storedListJson } from '../../shared/storedState';
import type { JsonObject, ListCodec, StoredList } from '../../shared/storedState';
import { isPlausibleId } from '../../shared/transactionId';

/** At most this many transactions are watched at once (each has a status bar item). */
export const MAX_WATCHED = 30;

/** Workspace-state keys: versioned lists of ids. */
export const WATCHED_KEY = 'exchangeTx.watch.ids';
/** Ids whose final status was already announced (not announced again after a reload). */
export const ANNOUNCED_KEY = 'exchangeTx.watch.announced';
/** Where each watched id is watched: `{ "<id>": "sandbox" | "<account id>" }`. */
export const TARGETS_KEY = 'exchangeTx.watch.targets';
/** The first poll after a restore waits this long, so activation does no network work. */
export const RESTORE_DELAY_MS = 2000;

export const idCodec: ListCodec<string> = {
  read: (entry) => (typeof entry !== 'string' ? 'unknown' : isPlausibleId(entry) ? { value: entry } : 'invalid'),
  key: (id) => id,
  write: (id) => id,
};

/** A stored list of ids, at most MAX_WATCHED entries read (unknown ones included). */
export function readStoredIds(value: unknown): StoredList<string> {
  return readStoredList(value, idCodec, MAX_WATCHED);
}

/** The saved watched ids, read defensively: unique plausible ids, in order, at most MAX_WATCHED. */
export function parseStoredIds(value: unknown): string[] {
  return listValues(readStoredIds(value));
}

/** What to store for `ids`, keeping the entries and fields of `stored` this version does not understand. */
export function storedIdsJson(stored: StoredList<string>, ids: readonly string[]): JsonObject | undefined {
  return storedListJson(stored, ids, idCodec, MAX_WATCHED);
}
