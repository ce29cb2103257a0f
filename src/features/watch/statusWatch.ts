/** Watches transactions in the status bar, polled through the store until final or unknown. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStatus } from '../../shared/status';
import { isFinalStatus } from '../../shared/status';
import { fetchWatched } from './watchFetch';
import { PollScheduler } from './pollScheduler';
import { backoffDelay } from '../../shared/timers';
import type { PollOutcome } from './pollScheduler';
import { isPlausibleId } from '../../shared/transactionId';
import { FinalLinger } from './finalLinger';
import {
  ANNOUNCED_KEY,
  MAX_WATCHED,
  parseStoredIds,
  readStoredTargets,
  RESTORE_DELAY_MS,
  saveWatches,
  TARGETS_KEY,
  WATCHED_KEY,
} from './watchIds';
import { notifyFinal, readItem } from './watchPresentation';
import { isDone, patch, showEntry, UNPOLLED, watchItem } from './watchEntry';
import type { Entry } from './watchEntry';
import type { Announcement, StatusWatchDeps, WatchItemSnapshot, WatchResult } from './watchTypes';
import { errorText } from '../../shared/errorText';

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
  /** Settled watches leave the status bar a minute after they settled. */
  readonly linger = new FinalLinger((id) => this.stop(id));

  constructor(private readonly deps: StatusWatchDeps) {
    this.scheduler = this.makeScheduler(deps.intervalMs);
    this.disposables.push(
      deps.store.onDidChangeRecord((record) => this.onRecord(record)),
      deps.environment.onDidReset(() => this.onReset()),
    );
  }

  get ids(): string[] {
    return [...this.entries.keys()];
  }

  get announcements(): readonly Announcement[] {
    return this.announced;
  }

  /** The poll timing: failed polls in a row, the current wait and when the next poll is due. */
  get backoff(): { readonly failures: number; readonly delayMs: number; readonly nextPollAt: number | undefined } {
    return {
      failures: this.scheduler.failures,
      delayMs: this.scheduler.currentDelayMs,
      nextPollAt: this.scheduler.nextPollAt,
    };
  }

  items(): WatchItemSnapshot[] {
    return [...this.entries.values()].map((entry) => ({
      id: entry.id,
      ...readItem(entry.item),
      polling: !isDone(entry),
      ...(entry.record ? { status: entry.record.status } : {}),
      ...(this.linger.settledAt(entry.id) === undefined ? {} : { settledAt: this.linger.settledAt(entry.id) }),
    }));
  }

  /** Restores the watched ids from the workspace state; the first poll is on a timer. */
  restore(): void {
    const ids = parseStoredIds(this.deps.memento.get<unknown>(WATCHED_KEY));
    const announced = new Set(parseStoredIds(this.deps.memento.get<unknown>(ANNOUNCED_KEY)));
    const targets = readStoredTargets(this.deps.memento.get<unknown>(TARGETS_KEY));
    // A watch saved before watches had a target is watched where requests go now.
    for (const id of ids)
      if (!this.entries.has(id)) this.add(id, announced.has(id), targets.get(id) ?? this.deps.environment.target);
    if (ids.length > 0) {
      this.deps.log.info(
        `restored ${ids.length === 1 ? '1 watched transaction' : `${ids.length} watched transactions`}`,
      );
      this.scheduler.schedule(RESTORE_DELAY_MS);
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
      // Watching it again checks it again, even if it was settled or not found, where requests go now.
      existing.notFound = false;
      if (existing.target !== this.deps.environment.target) {
        existing.target = this.deps.environment.target;
        patch(existing, { record: undefined, error: undefined, checkedAt: undefined });
        this.persist();
      }
      await this.pollNow();
      return 'already';
    }
    if (this.entries.size >= MAX_WATCHED) return 'full';
    this.add(id, false, this.deps.environment.target);
    this.persist();
    this.deps.log.info(`watching ${id}`);
    await this.pollNow();
    return 'added';
  }

  stop(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    entry.item.dispose();
    this.entries.delete(id);
    this.linger.forget(id);
    this.updateContext();
    this.persist();
    this.deps.log.info(`stopped watching ${id}`);
    return true;
  }

  stopAll(): void {
    for (const id of this.ids) this.stop(id);
  }

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
    this.linger.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private makeScheduler(intervalMs: number): PollScheduler {
    return new PollScheduler({
      run: () => this.poll(),
      intervalMs,
      onError: (error) => this.deps.log.error(`poll failed unexpectedly: ${errorText(error)}`),
    });
  }

  private add(id: string, announced: boolean, target: string): Entry {
    // Left-aligned, after the environment item, in the order they were added.
    const item = watchItem(id, -1 - ++this.order / 1000);
    const entry: Entry = { id, target, item, announced, ...UNPOLLED };
    this.entries.set(id, entry);
    // A record the store already holds (of the target in use) shows at once (a final one settles the watch at once).
    const cached = target === this.deps.environment.target ? this.deps.store.peek(id) : undefined;
    if (cached) this.apply(entry, cached);
    else this.render(entry);
    item.show();
    this.updateContext();
    return entry;
  }

  private clearEntries(): void {
    for (const entry of this.entries.values()) {
      entry.item.dispose();
      this.linger.forget(entry.id);
    }
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
    for (const entry of due) {
      if (!entry.record && !entry.error) {
        entry.loading = true;
        this.render(entry);
      }
    }
    // One request per target: the one in use through the store, each other one on its own.
    const targets = [...new Set(due.map((entry) => entry.target))];
    const outcomes = await Promise.all(
      targets.map((target) =>
        this.pollTarget(
          target,
          due.filter((entry) => entry.target === target),
        ),
      ),
    );
    if (outcomes.includes('failed')) return 'failed';
    return [...this.entries.values()].some((entry) => !isDone(entry)) ? 'ok' : 'idle';
  }

  private async pollTarget(target: string, due: readonly Entry[]): Promise<PollOutcome> {
    const epoch = this.epoch;
    const { environment } = this.deps;
    const current = () => due.filter((entry) => this.entries.get(entry.id) === entry && entry.target === target);
    try {
      // Background polling keeps its own pace: its calls are not held to an interactive deadline.
      const background = { deadlineMs: Number.POSITIVE_INFINITY };
      const fetch =
        target === environment.target
          ? (ids: readonly string[]) => this.deps.store.refresh(ids, background)
          : (ids: readonly string[]) => environment.recordsOn(target, ids, background);
      const found = await fetchWatched(
        fetch,
        due.map((entry) => entry.id),
      );
      if (epoch !== this.epoch) return 'ok';
      const at = Date.now();
      for (const entry of current()) {
        patch(entry, { loading: false, error: undefined, retryAt: undefined, checkedAt: at });
        const record = found.get(entry.id);
        if (record) this.apply(entry, record);
        else {
          entry.notFound = true;
          entry.record = undefined;
          this.deps.log.info(`${entry.id} is not known to ${environment.targetLabel(target)}: no longer polled`);
          this.render(entry);
        }
      }
      return 'ok';
    } catch (caught) {
      if (epoch !== this.epoch) return 'ok';
      const error = caught instanceof Error ? caught : new Error(String(caught));
      // The wait the scheduler sets once this failure is counted.
      const retryAt = Date.now() + backoffDelay(this.scheduler.interval, this.scheduler.failures + 1);
      for (const entry of current()) {
        patch(entry, { loading: false, error, retryAt });
        this.render(entry);
      }
      this.deps.log.warn(
        `could not update ${due.length === 1 ? '1 watched transaction' : `${due.length} watched transactions`} on ${environment.targetLabel(target)}: ${error.message}`,
      );
      return 'failed';
    }
  }

  private onRecord(record: TransactionRecord): void {
    const entry = this.entries.get(record.id);
    // The store holds the records of the target in use: not those of a watch made elsewhere.
    if (!entry || entry.target !== this.deps.environment.target) return;
    const wasDone = isDone(entry);
    patch(entry, { error: undefined, retryAt: undefined, loading: false, checkedAt: Date.now() });
    this.apply(entry, record);
    // A record from elsewhere may bring a settled one back to life (another environment).
    if (wasDone && !isDone(entry)) this.scheduler.schedule(this.scheduler.currentDelayMs);
  }

  private apply(entry: Entry, record: TransactionRecord): void {
    entry.record = record;
    entry.notFound = false;
    if (isFinalStatus(record.status)) this.linger.settle(entry.id);
    else this.linger.forget(entry.id);
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
      patch(entry, UNPOLLED);
      this.render(entry);
    }
    if (this.entries.size > 0) void this.pollNow();
  }

  private render(entry: Entry): void {
    if (this.disposed) return;
    showEntry(entry, this.linger.leavesAt(entry.id), this.deps.environment.targetLabel(entry.target));
  }

  private persist(): void {
    saveWatches(this.deps.memento, [...this.entries.values()], (error) =>
      this.deps.log.warn(`could not save the watched transactions: ${String(error)}`),
    );
  }
}
