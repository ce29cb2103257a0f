/**
 * The History view under the Exchange Tx container: the workspace's last exchanges, newest
 * first. Opening one shows its answer again; its context menu re-sends it, opens its request as
 * a document, or compares it with another (two selected, or one picked).
 */
import * as vscode from 'vscode';
import { timeWithUtc } from '../../shared/format';
import type { HistoryEntry } from './historyModel';
import type { HistoryStore } from './historyStore';
import { summarizeParams } from './historyModel';
import { entryLooks, paramsOf } from './historyLooks';
import type { EntryLook } from './historyLooks';
import { userTimeStyle } from '../common/timeStyle';

export const HISTORY_VIEW = 'exchangeTx.history';

/** The label of an entry in lists: "getStatus {"id":"…"}". */
export function entryLabel(entry: HistoryEntry): string {
  const params = summarizeParams(paramsOf(entry.request), 60);
  return params ? `${entry.method} ${params}` : entry.method;
}

export class HistoryTree implements vscode.TreeDataProvider<HistoryEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryEntry | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: HistoryStore) {
    this.subscription = store.onDidChange(() => this.changed.fire(undefined));
  }

  /** The looks of the entries last listed (labels depend on each other: alike ones are numbered). */
  private looks = new Map<string, EntryLook>();

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    if (element) return [];
    const entries = this.store.entries;
    this.looks = entryLooks(entries, userTimeStyle(), Date.now());
    return entries;
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const look = this.looks.get(entry.id) ?? entryLooks([entry], userTimeStyle(), Date.now()).get(entry.id);
    const item = new vscode.TreeItem(look?.label ?? entry.method, vscode.TreeItemCollapsibleState.None);
    item.id = entry.id;
    const params = summarizeParams(paramsOf(entry.request), 60);
    item.description = look?.description ?? '';
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.appendText(`${entry.method} → ${entry.outcome} (${entry.durationMs} ms)\n`);
    tooltip.appendText(`${entry.target} · ${entry.host} · ${timeWithUtc(entry.at, userTimeStyle())}\n`);
    if (params) tooltip.appendCodeblock(summarizeParams(paramsOf(entry.request), 400), 'json');
    item.tooltip = tooltip;
    item.iconPath = entry.ok
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    item.contextValue = 'historyEntry';
    item.command = {
      title: vscode.l10n.t('Open Answer'),
      command: 'exchangeTx.history.openAnswer',
      arguments: [entry],
    };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
