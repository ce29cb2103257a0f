/** The History view: the workspace's last exchanges, newest first; opening one shows its answer again. */
import * as vscode from 'vscode';
import { timeWithUtc } from '../../shared/format';
import { entryLooks, paramsOf, summarizeParams } from './historyModel';
import type { EntryLook, HistoryEntry } from './historyModel';
import type { HistoryStore } from './historyStore';
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
  /** The looks of the entries last listed (alike ones are numbered, so they depend on each other). */
  private looks = new Map<string, EntryLook>();

  constructor(private readonly store: HistoryStore) {
    this.subscription = store.onDidChange(() => this.changed.fire(undefined));
  }

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
    item.description = look?.description ?? '';
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.appendText(`${entry.method} → ${entry.outcome} (${entry.durationMs} ms)\n`);
    tooltip.appendText(`${entry.target} · ${entry.host} · ${timeWithUtc(entry.at, userTimeStyle())}\n`);
    const params = summarizeParams(paramsOf(entry.request), 400);
    if (params) tooltip.appendCodeblock(params, 'json');
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
