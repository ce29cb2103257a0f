/** The Forwarded Events view, from the delivery's own queue: waiting and failed first, then delivered. */
import * as vscode from 'vscode';
import type { QueueEntry } from '../../forward/deliveryTypes';
import { isGapEvent } from '../../shared/statusEvents';
import { terminalText } from '../../shared/safeText';

export interface EventNode {
  readonly eventId: string | undefined;
  readonly item: vscode.TreeItem;
  readonly children: readonly EventNode[];
}

const ICONS = { waiting: 'clock', failed: 'error', delivered: 'check' } as const;

function stateWord(entry: QueueEntry): string {
  if (entry.state === 'delivered') return vscode.l10n.t('delivered');
  if (entry.state === 'failed') return vscode.l10n.t('failed');
  return vscode.l10n.t('waiting');
}

function answerOf(entry: QueueEntry): string {
  if (entry.attempts === 0) return vscode.l10n.t('not sent yet');
  const answer = entry.lastAnswer?.trim() ? ` ${terminalText(entry.lastAnswer.trim(), 40)}` : '';
  return entry.lastStatus !== undefined
    ? `HTTP ${entry.lastStatus}${answer}`
    : terminalText(entry.lastError ?? vscode.l10n.t('no answer'));
}

function detail(label: string): EventNode {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.tooltip = label;
  return { eventId: undefined, item, children: [] };
}

/** The view's top level: every entry of the queue, waiting and failed first. */
export function eventNode(entry: QueueEntry): EventNode {
  const event = entry.event;
  const change = isGapEvent(event)
    ? vscode.l10n.t('gap: resynchronise ({0})', terminalText(event.reason, 40))
    : `${event.from === null ? vscode.l10n.t('(new)') : terminalText(event.from, 20)} → ${terminalText(event.to, 20)}`;
  const item = new vscode.TreeItem(
    `${stateWord(entry)}: ${change}`,
    entry.state === 'delivered' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
  );
  item.id = `${event.id}#${entry.seq}`;
  item.iconPath = new vscode.ThemeIcon(
    ICONS[entry.state],
    entry.state === 'failed' ? new vscode.ThemeColor('errorForeground') : undefined,
  );
  item.contextValue = `forwardedEvent ${entry.state}`;
  const time = entry.lastAtMs === undefined ? undefined : new Date(entry.lastAtMs).toLocaleTimeString();
  item.tooltip = [
    `${stateWord(entry)}: ${change}`,
    isGapEvent(event) ? '' : vscode.l10n.t('Transaction: {0}', terminalText(entry.lane)),
    vscode.l10n.t('Event id: {0}', event.id),
    vscode.l10n.t('Answer: {0}', answerOf(entry)),
    vscode.l10n.t('Attempts: {0}', entry.attempts),
    time === undefined ? '' : vscode.l10n.t('Last attempt: {0}', time),
  ]
    .filter((line) => line !== '')
    .join('\n');
  const children = [
    ...(isGapEvent(event) ? [] : [detail(terminalText(entry.lane, 32))]),
    detail(answerOf(entry)),
    detail(vscode.l10n.t('{0} attempts', entry.attempts)),
    ...(time === undefined ? [] : [detail(time)]),
  ];
  return { eventId: event.id, item, children };
}
