/**
 * The elements of the Transactions tree, as plain data: a group per status, a node per
 * transaction (carrying `id`, so the lookup, details and watch commands take it as their
 * argument), "Load more…" and the error of the last failed load. The same object stands for the
 * same thing across refreshes, so the tree can refresh one element and keeps its expansion.
 * Pure: no `vscode`.
 */
import type { TransactionRecord } from '../../api/types';
import type { TransactionStatus } from '../../shared/status';
import { isFinalStatus } from '../../shared/status';

export interface GroupNode {
  readonly kind: 'group';
  readonly status: TransactionStatus;
  /** The group's transactions, service order (newest first). */
  children: TransactionNode[];
}

export interface TransactionNode {
  readonly kind: 'transaction';
  /** The transaction id (commands read it from their argument). */
  readonly id: string;
  record: TransactionRecord;
}

export interface LoadMoreNode {
  readonly kind: 'loadMore';
}

export interface ErrorNode {
  readonly kind: 'error';
  readonly error: unknown;
  /** What failed: a refresh (records shown are older) or loading the next page. */
  readonly operation: 'refresh' | 'loadMore';
  /** Clock ms of the failure. */
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

/**
 * The `contextValue` of a transaction node: space-separated tokens that menus match with
 * `viewItem =~ /\btoken\b/`: `transaction`, `status:<status>`, `final` or `active`, and
 * `payin-address`, `payout-link`, `refund-link` where the record has them (links only when safe).
 */
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
