/**
 * The active filter of the Transactions view, kept per workspace (the workspace state, as
 * versioned plain JSON: see filterStorage.ts) and read back defensively: a field that no longer
 * reads is dropped; what this version does not know is kept when the filter is saved.
 */
import type * as vscode from 'vscode';
import { Emitter } from '../../shared/events';
import type { Event } from '../../shared/events';
import type { TransactionFilter } from './filterModel';
import { isEmptyFilter } from './filterModel';
import { readStoredFilter, storedFilterJson } from './filterStorage';

export const FILTER_STATE_KEY = 'exchangeTx.transactions.filter';

export class FilterState {
  private value: TransactionFilter;
  private readonly changed = new Emitter<TransactionFilter>();
  /** Fires with the new filter after it changed. */
  readonly onDidChange: Event<TransactionFilter> = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    this.value = readStoredFilter(memento.get<unknown>(FILTER_STATE_KEY)).filter;
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

  /** Applies and saves a filter (already checked: see parseFilter). */
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
