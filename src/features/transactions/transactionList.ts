/**
 * What the Transactions view shows, without the view: the records loaded through `getTransactions`
 * (page by page with `offset`), grouped by status in lifecycle order, the state of loading, and
 * the error of the last failed load (the records stay). Records changed elsewhere (a hover, a
 * watch) are updated in place. Grouping is one pass over the records (statusGroups.ts); nothing
 * here asks the service per node. Pure: no `vscode`, so it is unit-tested and benchmarked in plain Node.
 */
import type { RequestOptions } from '../../api/clientOptions';
import { CancelledError } from '../../api/exchangeErrors';
import { MAX_LIMIT } from '../../api/params';
import type { TransactionQuery, TransactionRecord } from '../../api/types';
import { Emitter } from '../../shared/events';
import type { Event } from '../../shared/events';
import type { TransactionFilter } from './filterModel';
import { filterQuery, matchesQuery } from './filterModel';
import type { ErrorNode, GroupNode, LoadMoreNode, TransactionNode, TreeNode } from './nodes';
import { StatusGroups } from './statusGroups';

/**
 * `idle`: nothing loaded (yet, or since the filter or environment changed); `loading`: the first
 * load is under way; `loaded`: records (maybe none) are shown; `error`: the load failed and there
 * is nothing to show.
 */
export type ListState = 'idle' | 'loading' | 'loaded' | 'error';

/** What changed: everything (`all`), or these transaction nodes in place. */
export interface ListChange {
  readonly all: boolean;
  readonly nodes: readonly TransactionNode[];
}

export interface TransactionListOptions {
  /** Runs a `getTransactions` query (through the store). */
  readonly query: (query: TransactionQuery, options: RequestOptions) => Promise<TransactionRecord[]>;
  /** Records per page, 1–100. */
  readonly pageSize: () => number;
  readonly filter: () => TransactionFilter;
  readonly now?: () => number;
  /** The ids of records in their status for longer than `ms` (the filter's `inStatusLongerThan`; src/agents/statusSince.ts); required for that filter. */
  readonly longerInStatus?: (
    records: readonly TransactionRecord[],
    ms: number,
    options: RequestOptions,
  ) => Promise<ReadonlySet<string>>;
}

/** The requests that reload the first `count` records: pages of up to 100. */
export function windowPages(count: number, pageSize: number): { offset: number; limit: number }[] {
  const total = Math.max(count, pageSize, 1);
  const pages: { offset: number; limit: number }[] = [];
  for (let offset = 0; offset < total; offset += MAX_LIMIT)
    pages.push({ offset, limit: Math.min(MAX_LIMIT, total - offset) });
  return pages;
}

export const LOAD_MORE: LoadMoreNode = { kind: 'loadMore' };

export class TransactionList {
  private readonly options: TransactionListOptions;
  private readonly now: () => number;
  private readonly byId = new Map<string, TransactionNode>();
  /** Loaded transactions in service order (newest first), each once. */
  private order: TransactionNode[] = [];
  private readonly grouping = new StatusGroups();
  /** Records the service has given for the current window (with duplicates): the next offset. */
  private served = 0;
  /** The query (filter, `since` resolved) of the last refresh: "Load more" pages on with it. */
  private base: TransactionQuery | undefined;
  /** The filter's `inStatusLongerThan` of the last refresh: the records shown are narrowed by it. */
  private longerThan: number | undefined;
  private generation = 0;
  private controller: AbortController | undefined;
  private current: Promise<void> | undefined;
  private readonly changed = new Emitter<ListChange>();
  private readonly stateChanged = new Emitter<void>();

  state: ListState = 'idle';
  /** Whether the service may have more records past the loaded ones. */
  hasMore = false;
  /** The operation under way, if any. */
  busy: 'refresh' | 'loadMore' | undefined;
  /** The last load's failure, until a load succeeds. */
  error: ErrorNode | undefined;
  /** Clock ms of the last successful load. */
  loadedAt: number | undefined;

  /** Fires when what the tree shows changed. */
  readonly onDidChange: Event<ListChange> = this.changed.event;
  /** Fires when `state`, `busy` or `error` changed. */
  readonly onDidChangeState: Event<void> = this.stateChanged.event;

  constructor(options: TransactionListOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.order.length;
  }

  get(id: string): TransactionNode | undefined {
    return this.byId.get(id);
  }

  /** Loaded records, service order. */
  records(): TransactionRecord[] {
    return this.order.map((node) => node.record);
  }

  /** Non-empty groups in lifecycle order (one pass over the records, cached until a change). */
  groups(): GroupNode[] {
    return this.grouping.of(this.order);
  }

  /** The top level: the error of the last load (when records are shown), the groups, "Load more…". */
  roots(): TreeNode[] {
    if (this.order.length === 0) return [];
    const roots: TreeNode[] = [];
    if (this.error) roots.push(this.error);
    roots.push(...this.groups());
    if (this.hasMore) roots.push(LOAD_MORE);
    return roots;
  }

  /** The group a transaction node is shown in. */
  parentOf(node: TreeNode): GroupNode | undefined {
    if (node.kind !== 'transaction' || this.byId.get(node.id) !== node) return undefined;
    this.groups();
    return this.grouping.nodeOf(node.record.status);
  }

  /**
   * Reloads the records shown (at least a page; as many as are loaded, 100 per request) with the
   * current filter. A failure keeps the records and sets `error`. `ifIdle`: do nothing while
   * another load is under way (automatic refreshes).
   */
  refresh(options: { ifIdle?: boolean } = {}): Promise<void> {
    if (options.ifIdle && this.current) return this.current;
    this.cancel();
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    this.busy = 'refresh';
    if (this.state !== 'loaded') this.state = 'loading';
    this.stateChanged.fire();
    const run = this.runRefresh(generation, controller.signal);
    this.current = run;
    return run;
  }

  /** The load under way, if any. */
  get pending(): Promise<void> | undefined {
    return this.current;
  }

  /** Loads the next page after the records shown. While another load is under way it waits for that one instead. */
  loadMore(): Promise<void> {
    if (this.current) return this.current;
    if (this.state !== 'loaded' || !this.base) return this.refresh();
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    this.busy = 'loadMore';
    this.stateChanged.fire();
    const run = this.runLoadMore(generation, controller.signal, this.base);
    this.current = run;
    return run;
  }

  /** Drops every record and stops any load (the filter or the environment changed). */
  reset(): void {
    this.cancel();
    this.order = [];
    this.byId.clear();
    this.grouping.changed();
    this.served = 0;
    this.base = undefined;
    this.longerThan = undefined;
    this.hasMore = false;
    this.error = undefined;
    this.loadedAt = undefined;
    this.state = 'idle';
    this.stateChanged.fire();
    this.changed.fire({ all: true, nodes: [] });
  }

  /**
   * A record changed elsewhere (the store fired): a loaded one is updated in place, moved to its
   * new group, or dropped when it no longer matches the filter. Others are not added: where they
   * belong in the service's order is unknown until the next refresh.
   */
  applyRecord(record: TransactionRecord): void {
    const node = this.byId.get(record.id);
    if (!node || node.record === record) return;
    // In a status for longer than D: a new status has just begun.
    const restarted = this.longerThan !== undefined && node.record.status !== record.status;
    if ((this.base && !matchesQuery(record, this.base)) || restarted) {
      this.byId.delete(record.id);
      this.order = this.order.filter((n) => n !== node);
      // The service's list lost it too: the next page starts one earlier, or a record is skipped.
      this.served = Math.max(0, this.served - 1);
      this.grouping.changed();
      this.changed.fire({ all: true, nodes: [] });
      return;
    }
    const moved = node.record.status !== record.status;
    node.record = record;
    if (moved) {
      this.grouping.changed();
      this.changed.fire({ all: true, nodes: [] });
    } else {
      this.changed.fire({ all: false, nodes: [node] });
    }
  }

  dispose(): void {
    this.cancel();
    this.changed.dispose();
    this.stateChanged.dispose();
  }

  private cancel(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
    this.current = undefined;
    this.busy = undefined;
  }

  private async runRefresh(generation: number, signal: AbortSignal): Promise<void> {
    try {
      const filter = this.options.filter();
      const base = filterQuery(filter, this.now());
      const records: TransactionRecord[] = [];
      let full = false;
      // Narrowed by time in status, the window is what the service gave, not what is shown.
      const shown = this.longerThan !== undefined ? this.served : this.order.length;
      for (const page of windowPages(shown, this.pageSize())) {
        const answer = await this.options.query({ ...base, ...page }, { signal });
        if (generation !== this.generation) return;
        records.push(...answer);
        full = answer.length >= page.limit;
        if (!full) break;
      }
      const kept = await this.narrow(records, filter.inStatusLongerThan, signal);
      if (generation !== this.generation) return;
      this.base = base;
      this.longerThan = filter.inStatusLongerThan;
      this.served = records.length;
      this.hasMore = full;
      this.replace(kept);
      this.succeeded();
    } catch (error) {
      this.failed(generation, error, 'refresh');
    } finally {
      this.finished(generation);
    }
  }

  private async runLoadMore(generation: number, signal: AbortSignal, base: TransactionQuery): Promise<void> {
    try {
      const limit = this.pageSize();
      const page = await this.options.query({ ...base, offset: this.served, limit }, { signal });
      if (generation !== this.generation) return;
      const kept = await this.narrow(page, this.longerThan, signal);
      if (generation !== this.generation) return;
      this.served += page.length;
      this.hasMore = page.length >= limit;
      for (const record of kept) {
        const known = this.byId.get(record.id);
        if (known) {
          known.record = record;
          continue;
        }
        const node: TransactionNode = { kind: 'transaction', id: record.id, record };
        this.byId.set(record.id, node);
        this.order.push(node);
      }
      this.grouping.changed();
      this.succeeded();
    } catch (error) {
      this.failed(generation, error, 'loadMore');
    } finally {
      this.finished(generation);
    }
  }

  /** The records in their status for longer than `ms` (all of them without it). */
  private async narrow(
    records: TransactionRecord[],
    ms: number | undefined,
    signal: AbortSignal,
  ): Promise<TransactionRecord[]> {
    const pick = this.options.longerInStatus;
    if (ms === undefined || !pick || records.length === 0) return records;
    const ids = await pick(records, ms, { signal });
    return records.filter((record) => ids.has(record.id));
  }

  private pageSize(): number {
    const size = Math.floor(this.options.pageSize());
    return Number.isFinite(size) ? Math.min(MAX_LIMIT, Math.max(1, size)) : 50;
  }

  /** The records of a refresh, each once, reusing the node of every id already shown. */
  private replace(records: readonly TransactionRecord[]): void {
    const order: TransactionNode[] = [];
    const seen = new Map<string, TransactionNode>();
    for (const record of records) {
      if (seen.has(record.id)) continue;
      const node = this.byId.get(record.id) ?? { kind: 'transaction', id: record.id, record };
      node.record = record;
      seen.set(record.id, node);
      order.push(node);
    }
    this.byId.clear();
    for (const [id, node] of seen) this.byId.set(id, node);
    this.order = order;
    this.grouping.changed();
  }

  private succeeded(): void {
    this.error = undefined;
    this.loadedAt = this.now();
    this.state = 'loaded';
  }

  private failed(generation: number, error: unknown, operation: ErrorNode['operation']): void {
    if (generation !== this.generation) return;
    if (error instanceof CancelledError) {
      if (this.state === 'loading') this.state = 'idle';
      return;
    }
    this.error = { kind: 'error', error, operation, at: this.now() };
    this.state = this.order.length > 0 ? 'loaded' : 'error';
  }

  private finished(generation: number): void {
    if (generation !== this.generation) return;
    this.controller = undefined;
    this.current = undefined;
    this.busy = undefined;
    this.stateChanged.fire();
    this.changed.fire({ all: true, nodes: [] });
  }
}
