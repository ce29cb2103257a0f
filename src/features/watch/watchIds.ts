/** The watches in the workspace state, written read-changed-written to keep what this version ignores. */
import { isRecord } from '../../shared/isRecord';
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

export interface WatchMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface StoredWatch {
  readonly id: string;
  readonly target: string;
  readonly announced: boolean;
}

/** The saved targets of watched ids, read defensively (anything but id → string is ignored). */
export function readStoredTargets(stored: unknown): ReadonlyMap<string, string> {
  const targets = new Map<string, string>();
  if (isRecord(stored))
    for (const [id, target] of Object.entries(stored))
      if (typeof target === 'string' && target.length <= 200) targets.set(id, target);
  return targets;
}

/** Saves the watches; a failed write is handed to `warn`. */
export function saveWatches(
  memento: WatchMemento,
  watches: readonly StoredWatch[],
  warn: (error: unknown) => void,
): void {
  const save = (key: string, values: readonly string[]) => {
    const stored = readStoredIds(memento.get<unknown>(key));
    void Promise.resolve(memento.update(key, storedIdsJson(stored, values))).then(undefined, warn);
  };
  save(
    WATCHED_KEY,
    watches.map((w) => w.id),
  );
  save(
    ANNOUNCED_KEY,
    watches.filter((w) => w.announced).map((w) => w.id),
  );
  const targets: Record<string, string> = {};
  for (const watch of watches) targets[watch.id] = watch.target;
  void Promise.resolve(memento.update(TARGETS_KEY, targets)).then(undefined, warn);
}
