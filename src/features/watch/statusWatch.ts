/**
 * Watches transactions in the status bar: an item per id, polled through the shared store (one
 * `getTransactions` per 10 ids, through the one limiter), one poll at a time, backing off on
 * errors. Polling stops at a final status (told once; the item keeps it until dismissed) or when
 * the id is not found. Records fetched elsewhere update the items at once. The ids are kept in
 * the workspace state and restored on activation, the first poll on a timer.
 */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import { shortId } from '../../shared/format';
import type { TransactionStatus } from '../../shared/status';
import { isFinalStatus } from '../../shared/status';
import type { TransactionStore } from '../../store/transactionStore';
import type { EnvironmentKind } from '../accounts/environmentService';
import type { Logger } from '../log';
import { fetchWatched } from './watchFetch';
import { PollScheduler, backoffDelay } from './pollScheduler';
import type { PollOutcome } from './pollScheduler';
import { isPlausibleId } from '../../shared/transactionId';
import { MAX_WATCHED, parseStoredIds, readStoredIds, storedIdsJson } from './watchIds';
import { describeWatch, notifyFinal, readItem } from './watchPresentation';
import type { WatchView } from './watchPresentation';
import type { Announcement, WatchItemSnapshot, WatchResult } from './watchTypes';

/** Workspace-state keys: versioned lists of ids (see watchIds.ts). */
export const WATCHED_KEY = 'exchangeTx.watch.ids';
/** Ids whose final status was already announced (not announced again after a reload). */
export const ANNOUNCED_KEY = 'exchangeTx.watch.announced';
/** The first poll after a restore waits this long, so activation does no network work. */
export const RESTORE_DELAY_MS = 2000;

export interface StatusWatchDeps {
  readonly store: Pick<TransactionStore, 'refresh' | 'peek' | 'onDidChangeRecord'>;
  readonly environment: { readonly kind: EnvironmentKind; readonly onDidReset: vscode.Event<unknown> };
  readonly memento: vscode.Memento;
  readonly log: Logger;
  readonly intervalMs: number;
  readonly restoreDelayMs?: number;
}

export type { Announcement, WatchItemSnapshot, WatchResult } from './watchTypes';

interface Entry {
  readonly id: string;
  readonly item: vscode.StatusBarItem;
  record: TransactionRecord | undefined;
  notFound: boolean;
  error: Error | undefined;
  loading: boolean;
  checkedAt: number | undefined;
  retryAt: number | undefined;
  announced: boolean;
}

/** Sets some of an entry's state (type-checked, unlike a bare Object.assign). */
function patch(entry: Entry, changes: Partial<Omit<Entry, 'id' | 'item'>>): void {
  Object.assign(entry, changes);
}

function isDone(entry: Entry): boolean {
  return entry.notFound || (entry.record !== undefined && isFinalStatus(entry.record.status));
}

export class StatusWatch implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly announced: Announcement[] = [];
  private scheduler: PollScheduler;
  /** Bumped by an environment reset: answers of polls started before it are dropped. */
  private epoch = 0;
  private order = 0;
  private disposed = false;
  private watchingContext: boolean | undefined;

  constructor(private readonly deps: StatusWatchDeps) {
    this.scheduler = this.makeScheduler(deps.intervalMs);
    this.disposables.push(
      deps.store.onDidChangeRecord((record) => this.onRecord(record)),
      deps.environment.onDidReset(() => this.onReset()),
    );
  }

  /** The watched ids, in the order they were added. */
  get ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Final statuses announced with a notification, oldest first. */
  get announcements(): readonly Announcement[] {
    return this.announced;
  }

  /** The poll timing: failed polls in a row, the current wait and when the next poll is due. */
  get backoff(): { readonly failures: number; readonly delayMs: number; readonly nextPollAt: number | undefined } {
    return { failures: this.scheduler.failures, delayMs: this.scheduler.currentDelayMs, nextPollAt: this.scheduler.nextPollAt };
  }

  items(): WatchItemSnapshot[] {
    return [...this.entries.values()].map((entry) => ({
      id: entry.id,
      ...readItem(entry.item),
      polling: !isDone(entry),
      ...(entry.record ? { status: entry.record.status } : {}),
    }));
  }

  /** Restores the watched ids from the workspace state; the first poll is on a timer. */
  restore(): void {
    const ids = parseStoredIds(this.deps.memento.get<unknown>(WATCHED_KEY));
    const announced = new Set(parseStoredIds(this.deps.memento.get<unknown>(ANNOUNCED_KEY)));
    for (const id of ids) if (!this.entries.has(id)) this.add(id, announced.has(id));
    if (ids.length > 0) {
      this.deps.log.info(`restored ${ids.length} watched transaction(s)`);
      this.scheduler.schedule(this.deps.restoreDelayMs ?? RESTORE_DELAY_MS);
    }
  }

  /** Drops every item and timer and restores from the workspace state, as a window reload does. */
  reload(): void {
    this.clearEntries();
    this.scheduler.dispose();
    this.scheduler = this.makeScheduler(this.scheduler.interval);
    this.restore();
  }

  /** Starts watching `id`; resolves once the first poll that includes it is done. */
  async watch(id: string): Promise<WatchResult> {
    if (this.disposed || !isPlausibleId(id)) return 'invalid';
    const existing = this.entries.get(id);
    if (existing) {
      // Watching it again checks it again, even if it was settled or not found.
      existing.notFound = false;
      await this.pollNow();
      return 'already';
    }
    if (this.entries.size >= MAX_WATCHED) return 'full';
    this.add(id, false);
    this.persist();
    this.deps.log.info(`watching ${id}`);
    await this.pollNow();
    return 'added';
  }

  /** Stops watching `id` and removes its item; false if it was not watched. */
  stop(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    entry.item.dispose();
    this.entries.delete(id);
    this.updateContext();
    this.persist();
    this.deps.log.info(`stopped watching ${id}`);
    return true;
  }

  stopAll(): void {
    for (const id of this.ids) this.stop(id);
  }

  /** Polls now (after the running poll, if any). Never rejects. */
  pollNow(): Promise<void> {
    return this.scheduler.pollNow();
  }

  setIntervalMs(intervalMs: number): void {
    this.scheduler.setInterval(intervalMs);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.dispose();
    this.clearEntries();
    for (const d of this.disposables) d.dispose();
  }

  private makeScheduler(intervalMs: number): PollScheduler {
    return new PollScheduler({
      run: () => this.poll(),
      intervalMs,
      onError: (error) => this.deps.log.error(`poll failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  private add(id: string, announced: boolean): Entry {
    // Left-aligned, after the environment item, in the order they were added.
    const item = vscode.window.createStatusBarItem(`exchangeTx.watch.${id}`, vscode.StatusBarAlignment.Left, -1 - ++this.order / 1000);
    item.name = vscode.l10n.t('Exchange Tx: Watched Transaction {0}', shortId(id));
    item.command = { title: vscode.l10n.t('Watched Transaction Actions'), command: 'exchangeTx.watchActions', arguments: [id] };
    const entry: Entry = { id, item, record: undefined, notFound: false, error: undefined, loading: false, checkedAt: undefined, retryAt: undefined, announced };
    this.entries.set(id, entry);
    // A record the store already holds shows at once (a final one settles the watch at once).
    const cached = this.deps.store.peek(id);
    if (cached) this.apply(entry, cached);
    else this.render(entry);
    item.show();
    this.updateContext();
    return entry;
  }

  private clearEntries(): void {
    for (const entry of this.entries.values()) entry.item.dispose();
    this.entries.clear();
    this.updateContext();
  }

  /** `exchangeTx.watching`: whether a transaction is watched (the walkthrough's watch step completes on it). */
  private updateContext(): void {
    const watching = this.entries.size > 0;
    if (watching === this.watchingContext) return;
    this.watchingContext = watching;
    void vscode.commands.executeCommand('setContext', 'exchangeTx.watching', watching).then(undefined, () => undefined);
  }

  private async poll(): Promise<PollOutcome> {
    const due = [...this.entries.values()].filter((entry) => !isDone(entry));
    if (due.length === 0) return 'idle';
    const epoch = this.epoch;
    for (const entry of due) {
      if (!entry.record && !entry.error) {
        entry.loading = true;
        this.render(entry);
      }
    }
    const current = () => due.filter((entry) => this.entries.get(entry.id) === entry);
    try {
      const found = await fetchWatched((ids) => this.deps.store.refresh(ids), due.map((entry) => entry.id));
      if (epoch !== this.epoch) return 'ok';
      const at = Date.now();
      for (const entry of current()) {
        patch(entry, { loading: false, error: undefined, retryAt: undefined, checkedAt: at });
        const record = found.get(entry.id);
        if (record) this.apply(entry, record);
        else {
          entry.notFound = true;
          entry.record = undefined;
          this.deps.log.info(`${entry.id} is not known to the ${this.deps.environment.kind}: no longer polled`);
          this.render(entry);
        }
      }
      return [...this.entries.values()].some((entry) => !isDone(entry)) ? 'ok' : 'idle';
    } catch (caught) {
      if (epoch !== this.epoch) return 'ok';
      const error = caught instanceof Error ? caught : new Error(String(caught));
      // The wait the scheduler sets once this failure is counted.
      const retryAt = Date.now() + backoffDelay(this.scheduler.interval, this.scheduler.failures + 1);
      for (const entry of current()) {
        patch(entry, { loading: false, error, retryAt });
        this.render(entry);
      }
      this.deps.log.warn(`could not update ${due.length} watched transaction(s): ${error.message}`);
      return 'failed';
    }
  }

  private onRecord(record: TransactionRecord): void {
    const entry = this.entries.get(record.id);
    if (!entry) return;
    const wasDone = isDone(entry);
    patch(entry, { error: undefined, retryAt: undefined, loading: false, checkedAt: Date.now() });
    this.apply(entry, record);
    // A record from elsewhere may bring a settled one back to life (another environment).
    if (wasDone && !isDone(entry)) this.scheduler.schedule(this.scheduler.currentDelayMs);
  }

  private apply(entry: Entry, record: TransactionRecord): void {
    entry.record = record;
    entry.notFound = false;
    this.render(entry);
    if (isFinalStatus(record.status) && !entry.announced) this.announce(entry, record.status);
  }

  private announce(entry: Entry, status: TransactionStatus): void {
    entry.announced = true;
    this.announced.push({ id: entry.id, status });
    this.persist();
    this.deps.log.info(`${entry.id} reached ${status}: no longer polled`);
    void notifyFinal(entry.id, status)
      .then(async (choice) => {
        if (choice === 'details') await vscode.commands.executeCommand('exchangeTx.showDetails', entry.id);
        else if (choice === 'stop') this.stop(entry.id);
      })
      .then(undefined, (error: unknown) => this.deps.log.warn(`notification action failed: ${String(error)}`));
  }

  private onReset(): void {
    this.epoch++;
    this.scheduler.resetBackoff();
    for (const entry of this.entries.values()) {
      patch(entry, { record: undefined, notFound: false, error: undefined, retryAt: undefined, loading: false, checkedAt: undefined });
      this.render(entry);
    }
    if (this.entries.size > 0) void this.pollNow();
  }

  private render(entry: Entry): void {
    if (this.disposed) return;
    const view: WatchView = { ...entry, polling: !isDone(entry) };
    const look = describeWatch(view, this.deps.environment.kind);
    entry.item.text = look.text;
    entry.item.tooltip = look.tooltip;
    entry.item.backgroundColor = look.backgroundColor;
    entry.item.accessibilityInformation = { label: look.accessibilityLabel };
  }

  private persist(): void {
    const ids = this.ids;
    const announced = [...this.entries.values()].filter((entry) => entry.announced).map((entry) => entry.id);
    const log = (error: unknown) => this.deps.log.warn(`could not save the watched transactions: ${String(error)}`);
    // Read, changed, written: what this version does not understand in the stored lists stays.
    const save = (key: string, values: readonly string[]) => {
      const stored = readStoredIds(this.deps.memento.get<unknown>(key));
      void Promise.resolve(this.deps.memento.update(key, storedIdsJson(stored, values))).then(undefined, log);
    };
    save(WATCHED_KEY, ids);
    save(ANNOUNCED_KEY, announced);
  }
}
