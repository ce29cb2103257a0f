/**
 * The Transactions view suites' fixture: the extension's API in its built-in sandbox, automatic
 * refreshes off (a test that wants them turns them on), and after each test the filter cleared,
 * the list emptied, the settings, faults, opener and prompts restored and the groups back to
 * their default expansion, so the suites after these find the view as a new user would. Readers of the tree
 * (through the real provider) and of the sandbox's request log.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { TransactionsApi } from '../../../src/features/transactions';
import type { LoadSummary } from '../../../src/features/transactions/transactionCommands';
import type { GroupNode, TransactionNode, TreeNode } from '../../../src/features/transactions/nodes';
import type { RequestLogEntry, Sandbox } from '../../../packages/sandbox/src';
import { ALL_STATUSES, isFinalStatus } from '../../../src/shared/status';
import type { KnownStatus } from '../../../src/shared/status';
import { eventually } from './extension';
import { lookupApi, useBuiltInSandbox } from './lookupHelpers';

const config = () => vscode.workspace.getConfiguration('exchangeTx.transactions');

/** Sets a setting of the view (undefined: back to the default). */
export async function setViewSetting(name: 'pageSize' | 'refreshSeconds', value: number | undefined): Promise<void> {
  await config().update(name, value, vscode.ConfigurationTarget.Global);
}

/** `getTransactions` params as the sandbox read them. */
export interface SeenParams {
  readonly status?: string[];
  readonly currency?: string[];
  readonly address?: string[];
  readonly payoutAddress?: string[];
  readonly extraId?: string;
  readonly since?: number;
  readonly limit?: number;
  readonly offset?: number;
  readonly id?: unknown;
}

/** A plan for `ledger.create` that has reached `status` at once (created now). */
function planTo(status: KnownStatus): { status: KnownStatus; afterMs: number }[] {
  const path: Record<KnownStatus, KnownStatus[]> = {
    waiting: ['waiting'],
    confirming: ['waiting', 'confirming'],
    exchanging: ['waiting', 'confirming', 'exchanging'],
    sending: ['waiting', 'confirming', 'exchanging', 'sending'],
    hold: ['waiting', 'confirming', 'hold'],
    finished: ['waiting', 'confirming', 'exchanging', 'sending', 'finished'],
    failed: ['waiting', 'confirming', 'failed'],
    refunded: ['waiting', 'confirming', 'exchanging', 'refunded'],
    overdue: ['waiting', 'overdue'],
    expired: ['waiting', 'expired'],
  };
  return path[status].map((s) => ({ status: s, afterMs: 0 }));
}

export interface CreateOptions {
  readonly from?: string;
  readonly to?: string;
  readonly amountExpectedFrom?: string;
  readonly payinAddress?: string;
  readonly payinExtraId?: string | null;
  readonly payoutAddress?: string;
  /** Default: the sandbox's draw (an extra id for most payouts of a currency that has one). */
  readonly payoutExtraId?: string | null;
  /** An explicit plan instead of reaching the status at once. */
  readonly plan?: readonly { readonly status: KnownStatus; readonly afterMs: number }[];
}

export interface TransactionsFixture {
  readonly api: ExchangeTxApi;
  /** The extension's running sandbox. */
  readonly sandbox: Sandbox;
  readonly tx: TransactionsApi;
  /** Shows the view (as a click on its icon would) and waits until it is visible and not loading. */
  show(): Promise<void>;
  /** Shows the Explorer instead (the view is hidden) and waits until it is. */
  hide(): Promise<void>;
  /** Runs the Refresh command. */
  refresh(): Promise<LoadSummary>;
  /** Waits until no load is under way and something was loaded (or failed). */
  settled(): Promise<void>;
  /** The sequence number of the last request the sandbox saw. */
  mark(): number;
  /** The view's `getTransactions` requests (no `id` param) after `mark`. */
  treeRequests(after?: number): RequestLogEntry[];
  /** A new sandbox transaction that is in `status` now (the newest, so on the first page). */
  create(status: KnownStatus, options?: CreateOptions): string;
  /** The tree item the provider gives for a node (what the view shows). */
  item(node: TreeNode): vscode.TreeItem;
  /** The group nodes shown. */
  groups(): GroupNode[];
  /** The loaded node of an id. */
  node(id: string): TransactionNode;
}

export function paramsOf(entry: RequestLogEntry | undefined): SeenParams {
  assert.ok(entry, 'a request was seen');
  return entry.params as SeenParams;
}

/** Registers the suite's hooks; the fixture is usable from the first test on. */
export function useTransactionsFixture(): TransactionsFixture {
  let api: ExchangeTxApi | undefined;
  let original: TransactionsApi['actions']['open'] | undefined;
  const ready = (): ExchangeTxApi => {
    assert.ok(api, 'the fixture is set up');
    return api;
  };
  const sandbox = (): Sandbox => {
    const running = ready().sandboxHost.sandbox;
    assert.ok(running, 'the sandbox is running');
    return running;
  };
  const tx = () => ready().transactions;

  before(async () => {
    api = await lookupApi();
    original = api.transactions.actions.open;
    await setViewSetting('refreshSeconds', 0);
    await useBuiltInSandbox(api);
  });
  afterEach(async () => {
    const { actions, filter, view } = tx();
    if (original) actions.open = original;
    actions.prompts = undefined;
    ready().sandboxHost.sandbox?.setFaults({});
    await setViewSetting('pageSize', undefined);
    await setViewSetting('refreshSeconds', 0);
    if (filter.active) await filter.clear();
    // Every test starts from an empty list: nothing loaded, nothing under way.
    tx().list.reset();
    for (const status of ALL_STATUSES)
      if (view.provider.isExpanded(status) !== undefined) restoreExpansion(view.provider, status);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await setViewSetting('refreshSeconds', undefined);
  });

  const fixture: TransactionsFixture = {
    get api() {
      return ready();
    },
    get sandbox() {
      return sandbox();
    },
    get tx() {
      return tx();
    },
    async show() {
      await vscode.commands.executeCommand('exchangeTx.transactions.focus');
      await eventually(() => tx().view.view.visible, 'the Transactions view to show');
      // Showing an empty view loads it: let that load end, so requests after this are the test's.
      await eventually(() => tx().list.busy === undefined, 'the load on showing to end', 15_000);
    },
    async hide() {
      await vscode.commands.executeCommand('workbench.view.explorer');
      await eventually(() => !tx().view.view.visible, 'the Transactions view to hide');
    },
    refresh: async () => await vscode.commands.executeCommand<LoadSummary>('exchangeTx.transactions.refresh'),
    async settled() {
      const { list } = tx();
      await eventually(
        () => list.busy === undefined && (list.state === 'loaded' || list.state === 'error'),
        'the list to settle',
        15_000,
      );
    },
    mark: () => sandbox().requests.at(-1)?.seq ?? 0,
    treeRequests: (after = 0) =>
      sandbox().requests.filter(
        (r) =>
          r.seq > after && r.method === 'getTransactions' && (r.params as SeenParams | undefined)?.id === undefined,
      ),
    create(status, options = {}) {
      const { plan, ...rest } = options;
      const type = status === 'expired' ? 'fixed' : 'float';
      return sandbox().ledger.create({ ...rest, type, plan: plan ?? planTo(status) }).id;
    },
    item: (node) => tx().view.provider.getTreeItem(node),
    groups: () => tx().list.groups(),
    node(id) {
      const found = tx().list.get(id);
      assert.ok(found, `${id} is loaded in the view`);
      return found;
    },
  };
  return fixture;
}

/** Back to what a group shows by default (in progress: expanded; settled: collapsed). */
function restoreExpansion(provider: TransactionsApi['view']['provider'], status: GroupNode['status']): void {
  provider.setExpanded({ kind: 'group', status, children: [] }, !isFinalStatus(status));
}
