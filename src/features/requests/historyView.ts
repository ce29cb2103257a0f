/**
 * The History view under the Exchange Tx container: the workspace's last exchanges, newest
 * first. Opening one shows its answer again; its context menu re-sends it, opens its request as
 * a document, or compares it with another (two selected, or one picked).
 */
import * as vscode from 'vscode';
import { relativeTime } from '../../shared/format';
import type { HistoryEntry } from './historyModel';
import type { HistoryStore } from './historyStore';
import { summarizeParams } from './historyModel';

export const HISTORY_VIEW = 'exchangeTx.history';

function paramsOf(request: string): unknown {
  try {
    const parsed: unknown = JSON.parse(request);
    return typeof parsed === 'object' && parsed !== null && 'params' in parsed ? parsed.params : undefined;
  } catch {
    return undefined;
  }
}

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

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    return element ? [] : this.store.entries;
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(entry.method, vscode.TreeItemCollapsibleState.None);
    item.id = entry.id;
    const params = summarizeParams(paramsOf(entry.request), 60);
    item.description = `${params ? `${params} · ` : ''}${entry.outcome} · ${entry.target} · ${relativeTime(entry.at * 1000)}`;
    const tooltip = new vscode.MarkdownString(undefined, false);
    tooltip.appendText(`${entry.method} → ${entry.outcome} (${entry.durationMs} ms)\n`);
    tooltip.appendText(`${entry.target} · ${entry.host} · ${new Date(entry.at).toLocaleString()}\n`);
    if (params) tooltip.appendCodeblock(summarizeParams(paramsOf(entry.request), 400), 'json');
    item.tooltip = tooltip;
    item.iconPath = entry.ok ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')) : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    item.contextValue = 'historyEntry';
    item.command = { title: vscode.l10n.t('Open Answer'), command: 'exchangeTx.history.openAnswer', arguments: [entry] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
