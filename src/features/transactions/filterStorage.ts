/**
 * How the Transactions view's filter is stored in the workspace state:
 * `{ "version": 1, "filter": { "status": ["waiting"], "since": { "preset": "day" }, … } }` (see
 * src/shared/storedState.ts). The plain filter object of the first release still reads. Each
 * field reads on its own: one that does not read is left out of the filter, not the whole filter.
 * What this version does not use (fields it does not know, fields whose value it cannot read, maybe
 * a newer release's shape, and top-level fields besides the version and the filter) is kept as
 * stored when the filter is written back, unless the new filter sets that field. Pure: no `vscode`.
 */
import { envelopeJson, isVersioned, openEnvelope } from '../../shared/storedState';
import type { JsonObject } from '../../shared/storedState';
import { FILTER_FIELDS, filterJson, readFilterFields } from './filterModel';
import type { TransactionFilter } from './filterModel';
import { isRecord } from '../../shared/isRecord';

const FILTER_KEY = 'filter';

export interface StoredFilter {
  /** 0 for the plain object of the first release. */
  readonly version: number;
  /** The fields this version knows and could read. */
  readonly filter: TransactionFilter;
  /** The filter's fields this version does not use, as stored: unknown ones, and known ones it could not read. */
  readonly keptFields: Readonly<JsonObject>;
  /** Top-level fields besides the version and the filter, as stored. */
  readonly extra: Readonly<JsonObject>;
}

/** The stored filter from whatever the workspace state holds; anything unreadable is no filter. */
export function readStoredFilter(stored: unknown, nowMs: number = Date.now()): StoredFilter {
  const envelope = isVersioned(stored) ? openEnvelope(stored, FILTER_KEY) : { version: 0, body: stored, extra: {} };
  const body = isRecord(envelope.body) ? envelope.body : {};
  const { filter, unread } = readFilterFields(body, nowMs);
  const used = new Set<string>(FILTER_FIELDS.filter((field) => !unread.includes(field)));
  return {
    version: envelope.version,
    filter,
    keptFields: Object.fromEntries(Object.entries(body).filter(([field]) => !used.has(field))),
    extra: envelope.extra,
  };
}

/**
 * What to store for `filter`, keeping what `previous` held that this version does not know.
 * Undefined (remove the key) when there is nothing to keep.
 */
export function storedFilterJson(filter: TransactionFilter, previous: StoredFilter): JsonObject | undefined {
  const body = { ...previous.keptFields, ...filterJson(filter) };
  if (Object.keys(body).length === 0 && Object.keys(previous.extra).length === 0) return undefined;
  return envelopeJson(previous.version, FILTER_KEY, body, previous.extra);
}
