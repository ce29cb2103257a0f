/**
 * The active filter of the Transactions view, kept per workspace (the workspace state, as plain
 * JSON) and read back defensively: a value that no longer reads as a filter counts as none.
 */
import type * as vscode from 'vscode';
import { Emitter } from '../../shared/events';
import type { Event } from '../../shared/events';
import type { TransactionFilter } from './filterModel';
import { filterJson, isEmptyFilter, readSavedFilter } from './filterModel';

export const FILTER_STATE_KEY = 'exchangeTx.transactions.filter';

export class FilterState {
  private value: TransactionFilter;
  private readonly changed = new Emitter<TransactionFilter>();
  /** Fires with the new filter after it changed. */
  readonly onDidChange: Event<TransactionFilter> = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    this.value = readSavedFilter(memento.get<unknown>(FILTER_STATE_KEY));
  }

  get current(): TransactionFilter {
    return this.value;
  }

  /** The filter as saved in the workspace state: what the view starts with in the next window. */
  saved(): TransactionFilter {
    return readSavedFilter(this.memento.get<unknown>(FILTER_STATE_KEY));
  }

  get active(): boolean {
    return !isEmptyFilter(this.value);
  }

  /** Applies and saves a filter (already checked: see parseFilter). */
  async set(filter: TransactionFilter): Promise<void> {
    this.value = filter;
    await this.memento.update(FILTER_STATE_KEY, isEmptyFilter(filter) ? undefined : filterJson(filter));
    this.changed.fire(filter);
  }

  clear(): Promise<void> {
    return this.set({});
  }

  dispose(): void {
    this.changed.dispose();
  }
}
