/** One poll's request: the records of the watched ids through the store's batched refresh. */
import { InvalidParameterError } from '../../api';
import type { TransactionRecord } from '../../api';

export type Refresh = (ids: readonly string[]) => Promise<Map<string, TransactionRecord>>;

function refusedId(error: unknown): boolean {
  return error instanceof InvalidParameterError && error.param === 'id';
}

/** The records of `ids`; when the service refuses an id of a batch, each is asked alone. */
export async function fetchWatched(refresh: Refresh, ids: readonly string[]): Promise<Map<string, TransactionRecord>> {
  try {
    return await refresh(ids);
  } catch (error) {
    if (!refusedId(error)) throw error;
    const found = new Map<string, TransactionRecord>();
    if (ids.length === 1) return found;
    for (const id of ids) {
      try {
        for (const [key, record] of await refresh([id])) found.set(key, record);
      } catch (single) {
        if (!refusedId(single)) throw single;
      }
    }
    return found;
  }
}
