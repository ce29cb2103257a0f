/**
 * The Transactions view: recent transactions grouped by status, with filters and paging, in the
 * "Exchange Tx" activity-bar container. At activation, one call makes the tree view (over a relay
 * provider) and registers the view's commands; the view's code (transactionsPart.ts: the
 * list, the filter, the rows) loads when the view first asks for
 * its rows or one of its commands first runs.
 */
import * as vscode from 'vscode';
import { lazyModule } from '../common/lazyModule';
import type { TreeNode } from './nodes';
import type { TransactionsApi, TransactionsDeps } from './transactionsPart';
import type { TransactionsProvider } from './transactionsProvider';
import { VIEW_ID } from './viewId';

export type { WelcomeState } from './transactionsView';
export type { TransactionsApi, TransactionsDeps } from './transactionsPart';

/** How long the view's first ask for its rows waits for the first page (then the rows follow by a change event). */
const FIRST_ROWS_WAIT_MS = 1_000;

/** The view's commands (package.json), registered at activation; their work loads with the view's code. */
export const TRANSACTION_COMMANDS: readonly string[] = [
  'exchangeTx.transactions.refresh',
  'exchangeTx.transactions.loadMore',
  'exchangeTx.transactions.filter',
  'exchangeTx.transactions.clearFilter',
  'exchangeTx.transactions.copyPayinAddress',
  'exchangeTx.transactions.openPayout',
  'exchangeTx.transactions.openRefund',
  'exchangeTx.transactions.reveal',
];

/** The Transactions view as activation holds it: loaded on first use. */
export interface TransactionsHandle {
  /** The view's parts, once loaded (undefined before). */
  readonly current: TransactionsApi | undefined;
  /** Loads the view's code (once). */
  load(): Promise<TransactionsApi>;
}

export function register(context: vscode.ExtensionContext, deps: TransactionsDeps): TransactionsHandle {
  const handlers = new Map<string, (arg?: unknown) => unknown>();
  const changed = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined | void>();
  let provider: TransactionsProvider | undefined;
  let current: TransactionsApi | undefined;
  const load = lazyModule(async () => {
    const { startTransactions } = await import('./transactionsPart');
    current = startTransactions(context, deps, {
      createView: (made) => {
        provider = made;
        context.subscriptions.push(made.onDidChangeTreeData((node) => changed.fire(node)));
        return view;
      },
      register: (command, handler) => {
        if (!TRANSACTION_COMMANDS.includes(command)) throw new Error(`${command}: not registered at activation`);
        handlers.set(command, handler);
        return { dispose: () => handlers.delete(command) };
      },
    });
    return current;
  });
  const loaded = (): TransactionsProvider => {
    if (!provider) throw new Error('the Transactions view asked for an item before its rows');
    return provider;
  };
  // The relay: the view's rows come from the provider of the code loaded on the first ask.
  const relay: vscode.TreeDataProvider<TreeNode> = {
    onDidChangeTreeData: changed.event,
    getChildren: async (node?: TreeNode) => {
      await load();
      if (!node) await loaded().loaded(FIRST_ROWS_WAIT_MS);
      return loaded().getChildren(node);
    },
    getTreeItem: (node: TreeNode) => loaded().getTreeItem(node),
    getParent: (node: TreeNode) => loaded().getParent(node),
    resolveTreeItem: (item: vscode.TreeItem, node: TreeNode) => loaded().resolveTreeItem(item, node),
  };
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: relay, showCollapseAll: true });
  context.subscriptions.push(
    view,
    changed,
    ...TRANSACTION_COMMANDS.map((command) =>
      vscode.commands.registerCommand(command, async (arg?: unknown) => {
        await load();
        const handler = handlers.get(command);
        if (!handler) throw new Error(`${command} has no handler`);
        return handler(arg);
      }),
    ),
  );
  return {
    get current() {
      return current;
    },
    load,
  };
}
