/** What the view shows, pure: the records page by page, grouped by status, the load state and last failure. */
import type { RequestOptions } from '../../api/clientOptions';
import { CancelledError } from '../../api/exchangeErrors';
import { MAX_LIMIT } from '../../api/params';
import type { TransactionQuery, TransactionRecord } from '../../api/types';
import { Emitter } from '../../shared/events';
import type { Event } from '../../shared/events';
import type { TransactionFilter } from './filterModel';
import { filterQuery, matchesQuery } from './filterModel';
import type { ErrorNode, GroupNode, LoadMoreNode, TransactionNode, TreeNode } from './nodes';
import { StatusGroups } from './nodes';

/** `idle`: nothing loaded since the filter or environment changed; `error`: the load failed with nothing to show. */
export type ListState = 'idle' | 'loading' | 'loaded' | 'error';

/** What changed: everything (`all`), or these transaction nodes in place. */
export interface ListChange {
  readonly all: boolean;
  readonly nodes: readonly TransactionNode[];
}

export interface TransactionListOptions {
  readonly query: (query: TransactionQuery, options: RequestOptions) => Promise<TransactionRecord[]>;
  readonly pageSize: () => number;
  readonly filter: () => TransactionFilter;
  readonly now?: () => number;
  /** The ids of records in their status for longer than `ms`; required for the filter's `inStatusLongerThan`. */
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
  hasMore = false;
  busy: 'refresh' | 'loadMore' | undefined;
  error: ErrorNode | undefined;
  loadedAt: number | undefined;

  readonly onDidChange: Event<ListChange> = this.changed.event;
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

  records(): TransactionRecord[] {
    return this.order.map((node) => node.record);
  }

  groups(): GroupNode[] {
    return this.grouping.of(this.order);
  }

  roots(): TreeNode[] {
    if (this.order.length === 0) return [];
    const roots: TreeNode[] = [];
    if (this.error) roots.push(this.error);
    roots.push(...this.groups());
    if (this.hasMore) roots.push(LOAD_MORE);
    return roots;
  }

  parentOf(node: TreeNode): GroupNode | undefined {
    if (node.kind !== 'transaction' || this.byId.get(node.id) !== node) return undefined;
    this.groups();
    return this.grouping.nodeOf(node.record.status);
  }

  /** Reloads as many records as are shown (at least a page); `ifIdle`: not while another load runs. */
  refresh(options: { ifIdle?: boolean } = {}): Promise<void> {
    if (options.ifIdle && this.current) return this.current;
    this.cancel();
    if (this.state !== 'loaded') this.state = 'loading';
    return this.start('refresh', (generation, signal) => this.runRefresh(generation, signal));
  }

  get pending(): Promise<void> | undefined {
    return this.current;
  }

  /** Loads the next page; while another load runs it waits for that one instead. */
  loadMore(): Promise<void> {
    if (this.current) return this.current;
    const base = this.base;
    if (this.state !== 'loaded' || !base) return this.refresh();
    return this.start('loadMore', (generation, signal) => this.runLoadMore(generation, signal, base));
  }

  private start(
    busy: 'refresh' | 'loadMore',
    load: (generation: number, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.busy = busy;
    this.stateChanged.fire();
    this.current = load(this.generation, controller.signal);
    return this.current;
  }

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

  /** A loaded record changed elsewhere: updated in place, regrouped, or dropped when the filter no longer matches. */
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
