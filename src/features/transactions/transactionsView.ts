/** The Transactions tree view: progress, filter text, welcome and menu context keys, refreshing while visible. */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import { recordClockNow } from '../common/recordClock';
import type { Logger } from '../common/log';
import type { FilterState } from './filterState';
import { filterDescription, filterSummary } from './filterText';
import type { TreeNode } from './nodes';
import { Scheduler } from '../common/scheduler';
import type { RunOutcome } from '../common/scheduler';
import type { TransactionList } from './transactionList';
import { TransactionsProvider } from './transactionsProvider';
import { loadErrorText } from './treeItems';
import { readSetting } from '../common/settings';
import { describeFaults } from '../common/faultPresets';
import { errorText } from '../../shared/errorText';
import type { RevealResult } from '../common/revealTransaction';

const VIEW_ID = 'exchangeTx.transactions';

/** Which welcome content applies (the view shows it while the tree is empty). */
export type WelcomeState =
  'sandbox' | 'not-loaded' | 'loading' | 'unreachable' | 'no-match' | 'sandbox-empty' | 'empty' | undefined;

export function pageSizeSetting(): number {
  return readSetting('exchangeTx.transactions.pageSize');
}

/** The automatic refresh's interval in ms (at least 1 s), or 0: off. */
function refreshIntervalSetting(): number {
  const value = readSetting('exchangeTx.transactions.refreshSeconds');
  return value > 0 ? Math.max(1, value) * 1000 : 0;
}

export interface TransactionsViewDeps {
  readonly list: TransactionList;
  readonly filter: FilterState;
  readonly store: TransactionStore;
  readonly environment: EnvironmentService;
  /** The built-in sandbox: its faults (said in the view) and its clock (the records' ages). */
  readonly sandboxHost: SandboxHost;
  readonly log: Logger;
}

export class TransactionsView implements vscode.Disposable {
  readonly provider: TransactionsProvider;
  readonly view: vscode.TreeView<TreeNode>;
  readonly scheduler: Scheduler;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly context = new Map<string, unknown>();
  private pendingReveal: string | undefined;

  constructor(private readonly deps: TransactionsViewDeps) {
    const { list, filter, store, environment } = deps;
    // Sandbox records are dated by the sandbox's clock (which tests and Skip Time move ahead).
    this.provider = new TransactionsProvider(list, pageSizeSetting, () =>
      recordClockNow(environment, deps.sandboxHost),
    );
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true });
    this.scheduler = new Scheduler({
      run: () => this.autoRefresh(),
      intervalMs: refreshIntervalSetting(),
      visible: false,
    });
    this.disposables.push(
      this.view,
      this.provider,
      { dispose: () => this.scheduler.dispose() },
      this.view.onDidExpandElement((e) => this.provider.setExpanded(e.element, true)),
      this.view.onDidCollapseElement((e) => this.provider.setExpanded(e.element, false)),
      this.view.onDidChangeVisibility(() => this.visibilityChanged()),
      list.onDidChangeState(() => this.updateState()),
      filter.onDidChange(() => this.restart()),
      store.onDidChangeRecord((record) => list.applyRecord(record)),
      store.onDidClear(() => this.restart()),
      environment.onDidChange(() => {
        // Faults turned on or off change the message.
        this.updateState();
        if (this.deps.list.state === 'idle' && this.view.visible) void this.refresh();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('exchangeTx.transactions.refreshSeconds'))
          this.scheduler.setInterval(refreshIntervalSetting());
      }),
    );
    this.updateState();
    this.visibilityChanged();
  }

  get welcome(): WelcomeState {
    const { list, filter, environment } = this.deps;
    if (list.size > 0) return undefined;
    switch (list.state) {
      case 'idle':
        return environment.kind === 'sandbox' ? 'sandbox' : 'not-loaded';
      case 'loading':
        return 'loading';
      case 'error':
        return 'unreachable';
      case 'loaded':
        if (filter.active) return 'no-match';
        return environment.kind === 'sandbox' ? 'sandbox-empty' : 'empty';
    }
  }

  contextValue(key: string): unknown {
    return this.context.get(key);
  }

  /** An explicit reload: starts the sandbox if need be. */
  refresh(): Promise<void> {
    return this.withProgress(this.deps.list.refresh());
  }

  loadMore(): Promise<void> {
    return this.withProgress(this.deps.list.loadMore());
  }

  /** Selects a loaded transaction now if visible, else when the view next shows. */
  async reveal(id: string): Promise<RevealResult> {
    const node = this.deps.list.get(id);
    if (!node) return 'not-loaded';
    if (!this.view.visible) {
      this.pendingReveal = id;
      return 'deferred';
    }
    this.pendingReveal = undefined;
    this.provider.flush();
    await this.view.reveal(node, { select: true, focus: false, expand: false });
    return 'revealed';
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private async autoRefresh(): Promise<RunOutcome> {
    if (!this.view.visible) return 'skipped';
    await this.withProgress(this.deps.list.refresh({ ifIdle: true }));
    return this.deps.list.error ? 'failed' : 'ok';
  }

  private async withProgress(run: Promise<void>): Promise<void> {
    await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => run);
  }

  private visibilityChanged(): void {
    const visible = this.view.visible;
    this.scheduler.setVisible(visible);
    if (!visible) return;
    if (this.deps.list.state === 'idle') void this.refresh();
    const pending = this.pendingReveal;
    if (pending !== undefined) void this.reveal(pending).catch(() => undefined);
  }

  private restart(): void {
    this.deps.list.reset();
    this.scheduler.forget();
    if (this.view.visible) void this.refresh();
  }

  private lastState: string | undefined;

  private updateState(): void {
    const { list, filter, log } = this.deps;
    // A few words beside the title; the whole filter is the message above records (never above a welcome).

    this.view.description = filterSummary(filter.current);
    // A failed refresh over older records says why here too: its row in the tree has room for little.
    const error =
      list.state === 'error' && list.error
        ? loadErrorText(list.error.error)
        : list.error?.operation === 'refresh' && list.busy === undefined
          ? vscode.l10n.t('Could not refresh: {0} The records shown are older.', loadErrorText(list.error.error))
          : undefined;
    const shown =
      error ??
      (filter.active && list.size > 0 ? vscode.l10n.t('Filter: {0}', filterDescription(filter.current)) : undefined);
    // Injected faults explain failures and gaps: the view says they are on, first.
    const environment = this.deps.environment;
    const faults = environment.kind === 'sandbox' ? describeFaults(this.deps.sandboxHost.sandbox?.faults ?? {}) : [];
    const faultText = faults.length > 0 ? vscode.l10n.t('Sandbox faults on: {0}.', faults.join(', ')) : undefined;
    const message = [faultText, shown].filter((part): part is string => part !== undefined).join(' ');
    this.view.message = message === '' ? undefined : message;
    this.setContext('exchangeTx.transactions.state', list.state);
    this.setContext('exchangeTx.transactions.filtered', filter.active);
    const state = `${list.state}|${list.busy ?? ''}|${list.error ? 'error' : ''}`;
    if (state === this.lastState) return;
    this.lastState = state;
    if (list.error && list.busy === undefined) {
      const error = list.error.error;
      log.warn(`${list.error.operation} failed: ${errorText(error)}`);
    }
    if (list.busy === undefined && list.state !== 'idle' && list.state !== 'loading')
      this.scheduler.refreshed(list.error ? 'failed' : 'ok');
  }

  private setContext(key: string, value: unknown): void {
    if (this.context.get(key) === value) return;
    this.context.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
