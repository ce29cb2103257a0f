/**
 * The Transactions tree's groups: the loaded transactions bucketed by status, in lifecycle order,
 * in one pass over the records, cached until the records change. Each status keeps its one group
 * node for the life of the list, so the tree sees the same element (and keeps its expansion)
 * across refreshes. Pure: no `vscode`.
 */
import { ALL_STATUSES } from '../../shared/status';
import type { TransactionStatus } from '../../shared/status';
import type { GroupNode, TransactionNode } from './nodes';

export class StatusGroups {
  private readonly nodes = new Map<TransactionStatus, GroupNode>();
  private cache: GroupNode[] | undefined;

  /** Non-empty groups of `order` in lifecycle order (the cached ones until {@link changed}). */
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

  /** The group node of `status`, once a grouping has had one. */
  nodeOf(status: TransactionStatus): GroupNode | undefined {
    return this.nodes.get(status);
  }

  /** The records changed (added, dropped, reordered, or one moved to another status): group again when asked. */
  changed(): void {
    this.cache = undefined;
  }
}
