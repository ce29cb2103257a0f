/** One watched transaction: its state and its status bar item. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import { shortId } from '../../shared/format';
import { isFinalStatus } from '../../shared/status';
import { describeWatch } from './watchPresentation';
import type { WatchView } from './watchPresentation';

export interface Entry {
  readonly id: string;
  /** Where it is watched: `sandbox` or the account's id, as when it was watched. */
  target: string;
  readonly item: vscode.StatusBarItem;
  record: TransactionRecord | undefined;
  notFound: boolean;
  error: Error | undefined;
  loading: boolean;
  checkedAt: number | undefined;
  retryAt: number | undefined;
  announced: boolean;
}

/** Sets some of an entry's state (type-checked, unlike a bare Object.assign). */
export function patch(entry: Entry, changes: Partial<Omit<Entry, 'id' | 'item' | 'target'>>): void {
  Object.assign(entry, changes);
}

export function isDone(entry: Entry): boolean {
  return entry.notFound || (entry.record !== undefined && isFinalStatus(entry.record.status));
}

/** The status bar item of a watch of `id` (left-aligned, at `priority`), its click the watch's actions. */
export function watchItem(id: string, priority: number): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(`exchangeTx.watch.${id}`, vscode.StatusBarAlignment.Left, priority);
  item.name = vscode.l10n.t('Exchange Tx: Watched Transaction {0}', shortId(id));
  item.command = {
    title: vscode.l10n.t('Watched Transaction Actions'),
    command: 'exchangeTx.watchActions',
    arguments: [id],
  };
  return item;
}

/** The state of a watch not yet polled, or after where requests go changed. */
export const UNPOLLED = {
  record: undefined,
  notFound: false,
  error: undefined,
  loading: false,
  checkedAt: undefined,
  retryAt: undefined,
} as const;

/** Shows the entry's state on its item (`leavesAt`: when a settled watch leaves the status bar). */
export function showEntry(entry: Entry, leavesAt: number | undefined, targetLabel: string): void {
  const view: WatchView = { ...entry, polling: !isDone(entry), leavesAt };
  const look = describeWatch(view, targetLabel);
  entry.item.text = look.text;
  entry.item.tooltip = look.tooltip;
  entry.item.backgroundColor = look.backgroundColor;
  entry.item.accessibilityInformation = { label: look.accessibilityLabel };
}
