/** The Transactions tree's rows, tooltips made on hover; changes batched, groups kept as the user left them. */
import * as vscode from 'vscode';
import type { TransactionStatus } from '../../shared/status';
import type { TransactionNode, TreeNode } from './nodes';
import type { ListChange, TransactionList } from './transactionList';
import { transactionTooltip } from './tooltip';
import { treeItem } from './treeItems';

/** How long the tree's first ask waits for the first page (then the rows follow by a change event). */
const FIRST_ROWS_WAIT_MS = 1_000;
/** How long changes are gathered before the tree is told. */
const BATCH_MS = 15;

export class TransactionsProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly expanded = new Map<TransactionStatus, boolean>();
  private readonly subscription: { dispose(): void };
  private pendingAll = false;
  private readonly pendingNodes = new Set<TransactionNode>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly list: TransactionList,
    private readonly pageSize: () => number,
    /** The clock that dated the records (the sandbox's for sandbox records): ages are measured on it. */
    private readonly now: () => number = Date.now,
  ) {
    this.subscription = list.onDidChange((change) => this.queue(change));
  }

  /** Waits (at most `ms`) for the first page: told by a change event instead, VS Code asks again ~200 ms later. */
  async loaded(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
    try {
      // A load superseded by another (a restart) ends early: the next one is waited for.
      for (
        let load = this.list.pending, last: Promise<void> | undefined;
        this.list.state === 'loading' && load && load !== last;
      ) {
        const done = load.then(
          () => 'done',
          () => 'done',
        );
        if ((await Promise.race([done, late])) === 'late') return;
        last = load;
        load = this.list.pending;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) await this.loaded(FIRST_ROWS_WAIT_MS);
    return this.children(node);
  }

  children(node?: TreeNode): TreeNode[] {
    if (!node) return this.list.roots();
    return node.kind === 'group' ? node.children : [];
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    // The page size is a setting (costly to read): only "Load more…" says it, so only it reads it.
    return treeItem(node, {
      expanded: node.kind === 'group' ? this.expanded.get(node.status) : undefined,
      pageSize: node.kind === 'loadMore' ? this.pageSize() : 0,
      nowMs: this.now(),
    });
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.list.parentOf(node);
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node.kind === 'transaction') item.tooltip = transactionTooltip(node.record, this.now());
    return item;
  }

  setExpanded(node: TreeNode, expanded: boolean): void {
    if (node.kind === 'group') this.expanded.set(node.status, expanded);
  }

  isExpanded(status: TransactionStatus): boolean | undefined {
    return this.expanded.get(status);
  }

  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pendingAll) this.changed.fire(undefined);
    else if (this.pendingNodes.size > 0) this.changed.fire([...this.pendingNodes]);
    this.pendingAll = false;
    this.pendingNodes.clear();
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.subscription.dispose();
    this.changed.dispose();
  }

  private queue(change: ListChange): void {
    if (change.all) {
      this.pendingAll = true;
      this.pendingNodes.clear();
    } else if (!this.pendingAll) {
      for (const node of change.nodes) this.pendingNodes.add(node);
    }
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }
}
