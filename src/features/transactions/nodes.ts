/** The tree's elements as plain data; the same object stands for the same thing across refreshes. */
import type { TransactionRecord } from '../../api/types';
import type { TransactionStatus } from '../../shared/status';
import { ALL_STATUSES, isFinalStatus } from '../../shared/status';

export interface GroupNode {
  readonly kind: 'group';
  readonly status: TransactionStatus;
  children: TransactionNode[];
}

export interface TransactionNode {
  readonly kind: 'transaction';
  readonly id: string;
  record: TransactionRecord;
}

export interface LoadMoreNode {
  readonly kind: 'loadMore';
}

export interface ErrorNode {
  readonly kind: 'error';
  readonly error: unknown;
  /** A refresh (the records shown are older) or loading the next page. */
  readonly operation: 'refresh' | 'loadMore';
  readonly at: number;
}

export type TreeNode = GroupNode | TransactionNode | LoadMoreNode | ErrorNode;

/** Stable tree item ids: the tree keeps expansion and selection by them. */
export function treeItemId(node: TreeNode): string {
  switch (node.kind) {
    case 'group':
      return `group:${node.status}`;
    case 'transaction':
      return `transaction:${node.id}`;
    case 'loadMore':
      return 'loadMore';
    case 'error':
      return 'error';
  }
}

/** A link the user may open: http or https only, nothing else a hostile record could carry. */
export function safeLink(link: string | null): string | undefined {
  if (link === null || link.length > 2000) return undefined;
  try {
    const url = new URL(link.trim());
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
      return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/** A transaction node's `contextValue`: tokens menus match with `viewItem =~ /\btoken\b/`. */
export function contextTokens(record: TransactionRecord): string {
  const tokens = ['transaction', `status:${record.status}`, isFinalStatus(record.status) ? 'final' : 'active'];
  if (record.payinAddress.trim() !== '') tokens.push('payin-address');
  if (safeLink(record.payoutHashLink)) tokens.push('payout-link');
  if (safeLink(record.refundHashLink)) tokens.push('refund-link');
  return tokens.join(' ');
}

/** Groups of statuses still moving start expanded, settled ones collapsed. */
export function expandedByDefault(status: TransactionStatus): boolean {
  return !isFinalStatus(status);
}

/** The loaded transactions by status, in lifecycle order: one pass, cached until the records change. */
export class StatusGroups {
  private readonly nodes = new Map<TransactionStatus, GroupNode>();
  private cache: GroupNode[] | undefined;

  of(order: readonly TransactionNode[]): GroupNode[] {
    if (this.cache) return this.cache;
    const buckets = new Map<TransactionStatus, TransactionNode[]>();
    for (const node of order) {
      const bucket = buckets.get(node.record.status);
      if (bucket) bucket.push(node);
      else buckets.set(node.record.status, [node]);
    }
    const groups: GroupNode[] = [];
    for (const status of ALL_STATUSES) {
      const children = buckets.get(status);
      if (!children) continue;
      let group = this.nodes.get(status);
      if (!group) {
        group = { kind: 'group', status, children };
        this.nodes.set(status, group);
      }
      group.children = children;
      groups.push(group);
    }
    this.cache = groups;
    return groups;
  }

  nodeOf(status: TransactionStatus): GroupNode | undefined {
    return this.nodes.get(status);
  }

  /** Records were added, dropped, reordered or moved to another status. */

  changed(): void {
    this.cache = undefined;
  }
}
