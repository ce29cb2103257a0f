/** The view's filter per workspace, versioned: a field that no longer reads is dropped alone, unknown ones kept. */
import type * as vscode from 'vscode';
import { Emitter } from '../../shared/events';
import type { Event } from '../../shared/events';
import { envelopeJson, isVersioned, openEnvelope } from '../../shared/storedState';
import type { JsonObject } from '../../shared/storedState';
import { isRecord } from '../../shared/isRecord';
import { FILTER_FIELDS, filterJson, isEmptyFilter, readFilterFields } from './filterModel';
import type { TransactionFilter } from './filterModel';

export const FILTER_STATE_KEY = 'exchangeTx.transactions.filter';

interface StoredFilter {
  readonly version: number;
  readonly filter: TransactionFilter;
  /** Stored fields this version does not use: unknown ones, and known ones it could not read. */

  readonly keptFields: Readonly<JsonObject>;
  readonly extra: Readonly<JsonObject>;
}

/** The stored filter from whatever the workspace state holds; anything unreadable is no filter. */
export function readStoredFilter(stored: unknown, nowMs: number = Date.now()): StoredFilter {
  const envelope = isVersioned(stored) ? openEnvelope(stored, 'filter') : { version: 0, body: stored, extra: {} };
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

/** What to store for `filter`, keeping what `previous` held that this version does not know; undefined: nothing. */
export function storedFilterJson(filter: TransactionFilter, previous: StoredFilter): JsonObject | undefined {
  const body = { ...previous.keptFields, ...filterJson(filter) };
  if (Object.keys(body).length === 0 && Object.keys(previous.extra).length === 0) return undefined;
  return envelopeJson(previous.version, 'filter', body, previous.extra);
}

export class FilterState {
  private value: TransactionFilter;
  private readonly changed = new Emitter<TransactionFilter>();
  readonly onDidChange: Event<TransactionFilter> = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    this.value = this.saved();
  }

  get current(): TransactionFilter {
    return this.value;
  }

  /** The filter as saved in the workspace state: what the view starts with in the next window. */
  saved(): TransactionFilter {
    return readStoredFilter(this.memento.get<unknown>(FILTER_STATE_KEY)).filter;
  }

  get active(): boolean {
    return !isEmptyFilter(this.value);
  }

  async set(filter: TransactionFilter): Promise<void> {
    this.value = filter;
    const previous = readStoredFilter(this.memento.get<unknown>(FILTER_STATE_KEY));
    await this.memento.update(FILTER_STATE_KEY, storedFilterJson(filter, previous));
    this.changed.fire(filter);
  }

  clear(): Promise<void> {
    return this.set({});
  }

  dispose(): void {
    this.changed.dispose();
  }
}
