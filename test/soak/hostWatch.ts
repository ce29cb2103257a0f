/**
 * What the soak reads in the extension host while it runs: unhandled rejections, memory, and
 * whether a feature stopped showing data it had shown (the view's records, a watch's status, a
 * pair's limits).
 */
import type { ExchangeTxApi } from '../../src/extension';
import { statusLook } from '../../src/features/common/statusPresentation';
import type { Memory } from './figures';

/**
 * Rejections nobody handled, as Node reports them to the process (the extension host reports the
 * same ones in its log): counted when reported, forgotten when handled later after all.
 */
export function trackRejections(): { readonly unhandled: () => string[]; dispose(): void } {
  const pending = new Map<Promise<unknown>, string>();
  const onUnhandled = (reason: unknown, promise: Promise<unknown>) => {
    const text =
      reason instanceof Error
        ? `${reason.name}: ${reason.message} ${(reason.stack ?? '').split('\n').slice(1, 3).join(' ').trim()}`
        : String(reason);
    pending.set(promise, text);
  };
  const onHandled = (promise: Promise<unknown>) => pending.delete(promise);
  process.on('unhandledRejection', onUnhandled);
  process.on('rejectionHandled', onHandled);
  return {
    unhandled: () => [...pending.values()],
    dispose: () => {
      process.off('unhandledRejection', onUnhandled);
      process.off('rejectionHandled', onHandled);
    },
  };
}

export function memory(): Memory {
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
}

/** What each feature shows now, as counts and per item. */
export interface Shown {
  /** Records in the Transactions view. */
  readonly viewRecords: number;
  /** Watched ids whose status the item shows in the status bar (its text ends with it). */
  readonly watchStatuses: ReadonlyMap<string, string>;
  /** Pairs whose limits the panel shows. */
  readonly pairLimits: ReadonlySet<string>;
}

export function shownNow(api: ExchangeTxApi): Shown {
  const watchStatuses = new Map<string, string>();
  for (const item of api.watch.items()) {
    if (item.status === undefined) continue;
    if (item.text.endsWith(` ${statusLook(item.status).short}`)) watchStatuses.set(item.id, item.status);
  }
  const rows = api.pairLimits.controller.panel?.rows ?? [];
  return {
    viewRecords: api.transactions.list.size,
    watchStatuses,
    pairLimits: new Set(rows.filter((r) => r.state === 'limits').map((r) => `${r.from}/${r.to}`)),
  };
}

/** Data shown before and not now: each loss described once per check. */
export function losses(before: Shown, now: Shown): string[] {
  const lost: string[] = [];
  if (before.viewRecords > 0 && now.viewRecords === 0)
    lost.push(`the Transactions view went from ${before.viewRecords} records to none`);
  for (const [id, status] of before.watchStatuses) {
    if (!now.watchStatuses.has(id)) lost.push(`the watch of ${id} no longer shows its status (${status})`);
  }
  for (const pair of before.pairLimits) {
    if (!now.pairLimits.has(pair)) lost.push(`the panel no longer shows the limits of ${pair}`);
  }
  return lost;
}
