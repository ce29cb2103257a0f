/**
 * The Transactions view's code, loaded on first use (index.ts, at activation, makes the tree view
 * and registers the commands, and loads this when the view first asks for its rows or a command
 * first runs): the list, the filter, the view and its commands.
 */
import type * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type {
  CurrentConnection,
  EnvironmentView,
  SandboxClockSource,
  SandboxRunning,
  SandboxStarter,
} from '../common/environmentDeps';
import type { Logger } from '../common/log';
import type { TransactionPicks } from '../common/transactionPicks';
import { FilterState } from './filterState';
import { registerTransactionCommands, TransactionActions } from './transactionCommands';
import type { CommandRegistrar } from './transactionCommands';
import type { TreeNode } from './nodes';
import type { TransactionsProvider } from './transactionsProvider';
import { TransactionList } from './transactionList';
import type { TransactionListOptions } from './transactionList';
import type { AccountSightings } from '../common/accountSightings';
import { pageSizeSetting, TransactionsView } from './transactionsView';
import type { RevealResult } from '../common/revealTransaction';

/** What activation made for the view before this code loaded. */
export interface TransactionsSeams {
  /** The tree view (made at activation), to show `provider`. */
  readonly createView: (provider: TransactionsProvider) => vscode.TreeView<TreeNode>;
  /** Registers a command's handler with activation's relay. */
  readonly register: CommandRegistrar;
}

export interface TransactionsDeps {
  readonly store: TransactionStore;
  readonly environment: EnvironmentView & CurrentConnection;
  /** The built-in sandbox: its faults and clock (the view), its control ("in status longer than"). */
  readonly sandboxHost: SandboxStarter & SandboxRunning & SandboxClockSource;
  readonly log: Logger;
  /** The known transactions commands offer: the selected one and the loaded ones are added to it. */
  readonly choices?: Pick<TransactionPicks, 'provide'>;
  /** The first sightings per account: "in status longer than" on an account reads them. */
  readonly sightings?: Pick<AccountSightings, 'of'>;
}

/**
 * The filter's "in status longer than" on the target in use, by the agents' own rule
 * (src/agents/statusSince.ts): on the sandbox exact from each schedule and on its clock, on an
 * account from the first sightings kept for it ("at least since").
 */
function longerInStatusOn(deps: TransactionsDeps): NonNullable<TransactionListOptions['longerInStatus']> {
  return async (records, ms, options) => {
    // Loaded with the first use of the filter (with its questions), not with the view.
    const { longerInStatus, timesContext } = await import('./filterFlow');
    return (
      await longerInStatus(
        await timesContext(deps.environment, deps.sandboxHost, deps.sightings, options.signal),
        records,
        ms,
      )
    ).matches;
  };
}

/** What the Transactions view hands to the test API. */
export interface TransactionsApi {
  readonly list: TransactionList;
  readonly view: TransactionsView;
  readonly filter: FilterState;
  /** The opener of explorer links and the filter flow's prompts, replaceable by tests. */
  readonly actions: TransactionActions;
  /** Selects a loaded transaction in the view (also the command `exchangeTx.transactions.reveal`). */
  reveal(id: string): Promise<RevealResult>;
}

export function startTransactions(
  context: vscode.ExtensionContext,
  deps: TransactionsDeps,
  seams: TransactionsSeams,
): TransactionsApi {
  const filter = new FilterState(context.workspaceState);
  const list = new TransactionList({
    query: (query, options) => deps.store.query(query, options),
    pageSize: pageSizeSetting,
    filter: () => filter.current,
    longerInStatus: longerInStatusOn(deps),
  });
  const view = new TransactionsView({
    list,
    filter,
    store: deps.store,
    environment: deps.environment,
    sandboxHost: deps.sandboxHost,
    log: deps.log,
    createView: seams.createView,
  });
  const actions = new TransactionActions();
  context.subscriptions.push(view, { dispose: () => list.dispose() }, filter);
  registerTransactionCommands(
    context,
    { view, list, filter, store: deps.store, log: deps.log, environment: deps.environment },
    actions,
    seams.register,
  );
  if (deps.choices) {
    context.subscriptions.push(
      deps.choices.provide('selected', () =>
        view.view.selection.flatMap((node) => (node.kind === 'transaction' ? [node.record.id] : [])),
      ),
      deps.choices.provide('view', () => list.records().map((record) => record.id)),
    );
  }
  return { list, view, filter, actions, reveal: (id) => view.reveal(id) };
}
