/**
 * The watches in the workspace state: the watched ids, those announced, and where each is watched.
 * Written read-changed-written, so what this version does not understand stays.
 */
import { readStoredIds, storedIdsJson } from './watchIds';
import { isRecord } from '../../shared/isRecord';

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

/** Saves the watches under the three keys; a failed write is handed to `warn`. */
export function saveWatches(
  memento: WatchMemento,
  keys: { readonly watched: string; readonly announced: string; readonly targets: string },
  watches: readonly StoredWatch[],
  warn: (error: unknown) => void,
): void {
  const save = (key: string, values: readonly string[]) => {
    const stored = readStoredIds(memento.get<unknown>(key));
    void Promise.resolve(memento.update(key, storedIdsJson(stored, values))).then(undefined, warn);
  };
  save(
    keys.watched,
    watches.map((w) => w.id),
  );
  save(
    keys.announced,
    watches.filter((w) => w.announced).map((w) => w.id),
  );
  const targets: Record<string, string> = {};
  for (const watch of watches) targets[watch.id] = watch.target;
  void Promise.resolve(memento.update(keys.targets, targets)).then(undefined, warn);
}
