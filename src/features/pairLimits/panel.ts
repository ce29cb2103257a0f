/** One Pair Limits panel: each pair's limits from the estimates and getPairsParams; keys never reach the page. */
import type { EnvironmentService } from '../accounts/environmentService';
import * as vscode from 'vscode';
import { checkNewPair, pairKey } from '../../shared/currencyPairs';
import { rowHasLimits } from '../../shared/pairLimitsRows';
import type { HostMessage, ViewState, WebviewMessage } from '../../shared/pairLimitsProtocol';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import type { PairRow } from '../../shared/pairLimitsRows';
import type { Logger } from '../common/log';
import { LimitsMemory, loadLimits, summarize } from './loadLimits';
import type { LimitsReport } from './loadLimits';
import type { PairList } from './pairList';
import { copiedLimits, pairRow, pendingRow, refusedEverywhere } from './pairRows';
import { failureText, uiStrings, updatedText } from './pairLimitsText';
import { PageChannel, webviewOptions } from './pageChannel';
import { errorText } from '../../shared/errorText';

export interface PairLimitsPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly environment: Pick<EnvironmentService, 'kind' | 'state' | 'onDidChange' | 'onDidReset' | 'client'>;
  readonly list: PairList;
  readonly log: Logger;
  readonly onPost?: (message: HostMessage) => void;
}

export class PairLimitsPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly rowsByKey = new Map<string, PairRow>();
  private loading = false;
  private error: string | null = null;
  private updated: string | null = null;
  /** Set by each load; a load whose generation is no longer current drops its result. */
  private generation = 0;
  private abort: AbortController | undefined;
  private running: Promise<void> = Promise.resolve();
  /** Whether the rows were fetched (or are being fetched) for the current environment. */
  private loaded = false;
  isDisposed = false;
  private readonly disposed_ = new vscode.EventEmitter<void>();
  readonly page: PageChannel;
  private memory = new LimitsMemory();

  readonly onDidDispose = this.disposed_.event;

  constructor(
    readonly webviewPanel: vscode.WebviewPanel,
    private readonly deps: PairLimitsPanelDeps,
  ) {
    const webview = webviewPanel.webview;
    webview.options = webviewOptions(deps.extensionUri);
    this.page = new PageChannel(webviewPanel, deps.extensionUri, deps.log, deps.onPost);
    webviewPanel.title = uiStrings().title;
    this.disposables.push(
      this.disposed_,
      webviewPanel.onDidDispose(() => this.dispose()),
      webview.onDidReceiveMessage((data: unknown) => {
        this.receive(data).catch((error: unknown) =>
          deps.log.error(`handling a message of the page failed: ${errorText(error)}`),
        );
      }),
      deps.environment.onDidReset(() => this.environmentReset()),
      deps.environment.onDidChange(() => this.postState()),
    );
    for (const pair of deps.list.pairs) this.rowsByKey.set(pairKey(pair), pendingRow(pair));
    this.page.render();
    // Fetched while the page loads: at `ready` it gets the state, loaded or still loading.

    if (webviewPanel.visible && deps.list.pairs.length > 0) void this.load();
  }

  get rows(): readonly PairRow[] {
    return this.deps.list.pairs.map((pair) => this.rowsByKey.get(pairKey(pair)) ?? pendingRow(pair));
  }

  get state(): ViewState {
    return {
      environment: this.deps.environment.kind,
      pairsParams: this.memory.pairsParamsGone ? 'gone' : 'available',
      loading: this.loading,
      rows: this.rows,
      recent: this.deps.list.suggestions,
      error: this.error,
      updated: this.updated,
    };
  }

  async whenIdle(): Promise<void> {
    for (;;) {
      const running = this.running;
      await running;
      if (running === this.running) return;
    }
  }

  /** Handles a message as if the page had sent it (the page's own come here too). */
  async receive(data: unknown): Promise<void> {
    if (this.isDisposed) return;
    const message = this.page.read(data);
    if (!message) return;
    await this.handle(message);
  }

  private async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.page.ready = true;
        this.page.post({ type: 'init', strings: uiStrings() });
        this.postState();
        if (!this.loaded && this.deps.list.pairs.length > 0) await this.load();
        return;
      case 'add':
        return this.add(message.from, message.to);
      case 'remove':
        return this.remove({ from: message.from, to: message.to });
      case 'refresh':
        return this.load();
      case 'copy':
        return this.copy({ from: message.from, to: message.to });
      case 'rendered':
        this.page.lastRendered = { rows: message.rows, failed: message.failed };
        return;
      case 'problem':
        this.page.noteProblem(message.text);
        return;
    }
  }

  private postState(): void {
    this.page.post({ type: 'state', state: this.state });
  }

  private async add(from: string, to: string): Promise<void> {
    const check = checkNewPair(from, to, this.deps.list.pairs);
    if ('problem' in check) {
      this.page.post({
        type: 'notice',
        severity: 'error',
        text: uiStrings()[`problem.${check.problem}`],
        ...(check.side ? { field: check.side } : {}),
      });
      return;
    }
    await this.deps.list.add(check.pair);
    this.rowsByKey.set(pairKey(check.pair), pendingRow(check.pair));
    this.deps.log.info(`added ${pairKey(check.pair)}`);
    await this.load();
  }

  private async remove(pair: CurrencyPairKey): Promise<void> {
    const key = pairKey({ from: pair.from.toLowerCase(), to: pair.to.toLowerCase() });
    const match = this.deps.list.pairs.find((p) => pairKey(p) === key);
    if (!match) return;
    await this.deps.list.remove(match);
    this.rowsByKey.delete(key);
    this.deps.log.info(`removed ${key}`);
    this.postState();
  }

  private async copy(pair: CurrencyPairKey): Promise<void> {
    // Only a row of the list as it is now (rows of pairs no longer in it are not the page's to ask for).
    const key = pairKey({ from: pair.from.toLowerCase(), to: pair.to.toLowerCase() });
    const row = this.rows.find((r) => pairKey(r) === key);
    if (!row || !rowHasLimits(row)) return;
    await vscode.env.clipboard.writeText(copiedLimits(row));
    this.page.post({
      type: 'notice',
      severity: 'info',
      text: vscode.l10n.t('Copied the limits of {0}.', `${row.from} → ${row.to}`),
    });
  }

  /** Fetches every pair of the list (one call when none is refused); a newer load supersedes it. */
  load(): Promise<void> {
    const next = this.loadNow();
    this.running = next;
    return next;
  }

  private async loadNow(): Promise<void> {
    const generation = ++this.generation;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const pairs = this.deps.list.pairs;
    this.loaded = true;
    if (pairs.length === 0) {
      this.loading = false;
      this.error = null;
      this.postState();
      return;
    }
    this.loading = true;
    this.postState();
    const environment = this.deps.environment.kind;
    const memory = this.memory;
    const started = performance.now();
    let report: LimitsReport | { readonly failure: unknown };
    try {
      const client = await this.deps.environment.client();
      const options = { signal: abort.signal };
      report = await loadLimits(
        {
          pairsParams: (group) => client.getPairsParams(group, options),
          exchangeAmount: (queries) => client.getExchangeAmount(queries, options),
          fixRate: (queries) => client.getFixRateForAmount(queries, options),
        },
        pairs,
        memory,
      );
    } catch (error) {
      report = { failure: error };
    }
    if (generation !== this.generation || this.isDisposed || memory !== this.memory) return;
    this.abort = undefined;
    this.loading = false;
    const loaded = 'float' in report ? report : undefined;
    for (const pair of pairs) {
      const key = pairKey(pair);
      const pairsParams = loaded?.pairsParams === 'gone' ? ('gone' as const) : loaded?.pairsParams.outcomes.get(key);
      const outcomes = { pairsParams, float: loaded?.float.outcomes.get(key), fixed: loaded?.fixed.outcomes.get(key) };
      this.rowsByKey.set(key, pairRow(pair, outcomes, this.rowsByKey.get(key), vscode.l10n));
    }
    // A pair every source refused (an unknown currency, a parameter) is not offered again as used before.
    if (loaded) {
      for (const pair of pairs) {
        const row = this.rowsByKey.get(pairKey(pair));
        if (row && refusedEverywhere(row) && (await this.deps.list.forgetUsed(pair)))
          this.deps.log.info(`${pairKey(pair)} refused by the service: not kept among the pairs used before`);
      }
      if (generation !== this.generation || this.isDisposed) return;
    }
    const ms = Math.round(performance.now() - started);
    if (loaded?.pairsParamsGoneNow)
      this.deps.log.info(
        'the service answered getPairsParams with "method not found": not asked again here; limits from the estimates alone',
      );
    const summary = loaded ? summarize(pairs, loaded) : '';
    if (report.failure === undefined) {
      this.error = null;
      this.updated = updatedText(new Date());
      this.deps.log.info(`${pairs.length} ${pairs.length === 1 ? 'pair' : 'pairs'} in ${ms} ms: ${summary}`);
    } else {
      this.error = failureText(report.failure, environment);
      const message = report.failure instanceof Error ? report.failure.message : JSON.stringify(report.failure);
      this.deps.log.warn(`loading the pair limits failed after ${ms} ms: ${message}; ${summary}`);
    }
    this.postState();
  }

  private environmentReset(): void {
    this.generation++;
    this.abort?.abort();
    this.abort = undefined;
    this.loading = false;
    this.error = null;
    this.updated = null;
    this.loaded = false;
    // Another service may still have getPairsParams, and its limits are its own.
    this.memory = new LimitsMemory();
    // No row of the old environment survives, not even of a pair that is out of the list now.
    this.rowsByKey.clear();
    for (const pair of this.deps.list.pairs) this.rowsByKey.set(pairKey(pair), pendingRow(pair));
    this.postState();
    if (this.page.ready && this.webviewPanel.visible && this.deps.list.pairs.length > 0) void this.load();
  }

  reveal(): void {
    this.webviewPanel.reveal();
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.page.close();
    this.generation++;
    this.abort?.abort();
    this.disposed_.fire();
    for (const d of this.disposables) d.dispose();
    this.webviewPanel.dispose();
  }
}
