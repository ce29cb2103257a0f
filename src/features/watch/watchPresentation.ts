/** How a watched transaction looks in its status bar item; every service string is escaped. */
import * as vscode from 'vscode';
import { AuthenticationError } from '../../api';
import type { TransactionRecord } from '../../api';
import {
  clockTime,
  escapeMarkdown,
  formatTimeWithUtc,
  isoTextWithUtc,
  pairLabel,
  shortId,
  ticker,
} from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import { recordAmounts } from '../../shared/recordAmounts';
import type { TransactionStatus } from '../../shared/status';
import { statusIcon, statusLook } from '../common/statusPresentation';

export interface WatchView {
  readonly id: string;
  readonly record: TransactionRecord | undefined;
  readonly notFound: boolean;
  /** The last poll's failure, until a poll succeeds. */
  readonly error: Error | undefined;
  /** A request for it is under way and nothing is shown yet. */
  readonly loading: boolean;
  /** Clock ms of the last answer about it. */
  readonly checkedAt: number | undefined;
  /** Whether it is still polled (not final, not "not found"). */
  readonly polling: boolean;
  /** Clock ms of the next attempt after a failure. */
  readonly retryAt: number | undefined;
  /** Settled: when its item leaves the status bar (clock ms). */
  readonly leavesAt?: number;
}

export interface WatchLook {
  readonly text: string;
  readonly tooltip: vscode.MarkdownString;
  readonly backgroundColor: vscode.ThemeColor | undefined;
  readonly accessibilityLabel: string;
}

/** The commands a tooltip may link to (with the transaction id as argument). */
export const TOOLTIP_COMMANDS = [
  'exchangeTx.showDetails',
  'exchangeTx.copyId',
  'exchangeTx.stopWatching',
  'exchangeTx.switchEnvironment',
] as const;

function background(severity: 'none' | 'warning' | 'error'): vscode.ThemeColor | undefined {
  if (severity === 'warning') return new vscode.ThemeColor('statusBarItem.warningBackground');
  if (severity === 'error') return new vscode.ThemeColor('statusBarItem.errorBackground');
  return undefined;
}

function commandLink(title: string, command: (typeof TOOLTIP_COMMANDS)[number], id?: string): string {
  const args = id === undefined ? '' : `?${encodeURIComponent(JSON.stringify([id]))}`;
  return `[${title}](command:${command}${args})`;
}

function inSeconds(at: number, now: number): number {
  return Math.max(1, Math.round((at - now) / 1000));
}

function recordLines(record: TransactionRecord): string[] {
  const e = (text: string) => escapeMarkdown(text);
  const lines = [
    `${vscode.l10n.t('Pair')}: ${e(pairLabel(record))} (${e(record.type)})`,
    `${vscode.l10n.t('Created')}: ${e(formatTimeWithUtc(record.createdAt, userTimeStyle()))}`,
  ];
  // The same rule as the Transactions view's tooltip: a payout only once `amountTo` says one happened.
  const amounts = recordAmounts(record);
  if (amounts.received !== undefined)
    lines.push(`${vscode.l10n.t('Received')}: ${e(amounts.received)} ${e(ticker(record.currencyFrom))}`);
  if (amounts.paidOut !== undefined)
    lines.push(`${vscode.l10n.t('Payout')}: ${e(amounts.paidOut)} ${e(ticker(record.currencyTo))}`);
  else if (amounts.expectedPayout !== undefined)
    lines.push(
      `${vscode.l10n.t('Expected payout (not paid out)')}: ${e(amounts.expectedPayout)} ${e(ticker(record.currencyTo))}`,
    );
  if (record.status === 'waiting' && record.payinAddress !== '')
    lines.push(`${vscode.l10n.t('Pay in to')}: ${escapeMarkdown(record.payinAddress, 100)}`);
  if (record.payTill) lines.push(`${vscode.l10n.t('Pay till')}: ${e(isoTextWithUtc(record.payTill, userTimeStyle()))}`);
  if (record.payoutAddress !== '')
    lines.push(`${vscode.l10n.t('Payout address')}: ${escapeMarkdown(record.payoutAddress, 100)}`);
  return lines;
}

/** The item's text, background and tooltip; `target` names where it is watched. */
export function describeWatch(view: WatchView, target: string, now: number = Date.now()): WatchLook {
  const short = shortId(view.id);
  const where = escapeMarkdown(target, 60);
  const record = view.record;
  const look = record ? statusLook(record.status, record.rawStatus) : undefined;
  const paragraphs: string[] = [];

  let text: string;
  let backgroundColor: vscode.ThemeColor | undefined;
  let accessibilityLabel: string;
  if (view.error && record && look) {
    // The last known status stays in the bar; the warning icon says it could not be updated.
    text = `$(warning) ${short} ${look.short}`;
    accessibilityLabel = vscode.l10n.t(
      'Transaction {0}: could not be updated; last known status: {1}',
      view.id,
      look.label,
    );
  } else if (view.error) {
    text = `$(warning) ${short} ${vscode.l10n.t('Update failed')}`;
    accessibilityLabel = vscode.l10n.t('Transaction {0}: could not be updated', view.id);
  } else if (view.notFound) {
    text = `$(question) ${short} ${vscode.l10n.t('Not found')}`;
    accessibilityLabel = vscode.l10n.t('Transaction {0}: not found', view.id);
  } else if (record && look) {
    text = `${statusIcon(look)} ${short} ${look.short}`;
    backgroundColor = background(look.severity);
    accessibilityLabel = vscode.l10n.t('Transaction {0}: {1}', view.id, look.label);
  } else {
    text = view.loading ? `$(loading~spin) ${short}` : `$(eye) ${short}`;
    accessibilityLabel = vscode.l10n.t('Transaction {0}: checking', view.id);
  }

  if (record && look) {
    const label =
      record.status === 'unknown'
        ? vscode.l10n.t('Unknown status "{0}"', escapeMarkdown(record.rawStatus, 40))
        : escapeMarkdown(look.label);
    paragraphs.push(`${statusIcon(look, false)} **${label}** · ${where}`);
  } else if (view.notFound) {
    paragraphs.push(`$(question) **${vscode.l10n.t('Not found')}** · ${where}`);
  } else {
    paragraphs.push(`$(eye) **${vscode.l10n.t('Checking…')}** · ${where}`);
  }
  paragraphs.push(
    `${vscode.l10n.t('Transaction')} ${escapeMarkdown(view.id)} · ${vscode.l10n.t('watched on {0}', where)}`,
  );

  if (view.error) {
    const retry =
      view.retryAt === undefined ? '' : ` ${vscode.l10n.t('Next attempt in {0} s.', inSeconds(view.retryAt, now))}`;
    paragraphs.push(
      `$(warning) ${vscode.l10n.t('Could not update: {0}', escapeMarkdown(view.error.message, 300))}${retry}`,
    );
    if (view.error instanceof AuthenticationError)
      paragraphs.push(commandLink(vscode.l10n.t('Switch Account…'), 'exchangeTx.switchEnvironment'));
    if (record) paragraphs.push(vscode.l10n.t('Last known status: {0}', escapeMarkdown(look?.label ?? '')));
  }
  if (view.notFound)
    paragraphs.push(
      vscode.l10n.t(
        '{0} does not know this ID. It is not checked again unless the environment changes or you watch it again.',
        where,
      ),
    );
  if (record) paragraphs.push(recordLines(record).join('  \n'));

  const state: string[] = [];
  if (view.checkedAt !== undefined)
    state.push(vscode.l10n.t('Checked at {0}.', clockTime(view.checkedAt, userTimeStyle())));
  if (!view.polling && record) state.push(vscode.l10n.t('The status is final: no longer checked.'));
  if (view.leavesAt !== undefined)
    state.push(vscode.l10n.t('This item leaves the status bar at {0}.', clockTime(view.leavesAt, userTimeStyle())));
  if (state.length > 0) paragraphs.push(state.join(' '));

  paragraphs.push(
    [
      commandLink(vscode.l10n.t('Show Details'), 'exchangeTx.showDetails', view.id),
      commandLink(vscode.l10n.t('Copy ID'), 'exchangeTx.copyId', view.id),
      commandLink(vscode.l10n.t('Stop Watching'), 'exchangeTx.stopWatching', view.id),
    ].join(' · '),
  );

  const tooltip = new vscode.MarkdownString(paragraphs.join('\n\n'), true);
  tooltip.isTrusted = { enabledCommands: [...TOOLTIP_COMMANDS] };
  tooltip.supportHtml = false;
  return { text, tooltip, backgroundColor, accessibilityLabel };
}

/** What an item shows, read back from the real StatusBarItem (for tests and pickers). */
export function readItem(item: vscode.StatusBarItem): {
  text: string;
  tooltip: string;
  backgroundColor?: string;
  command?: string;
} {
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
  const command = typeof item.command === 'string' ? item.command : item.command?.command;
  const backgroundColor = item.backgroundColor?.id;
  return { text: item.text, tooltip, ...(backgroundColor ? { backgroundColor } : {}), ...(command ? { command } : {}) };
}

/** Tells once that a watch reached a final status, by its severity; resolves with the action. */
export async function notifyFinal(id: string, status: TransactionStatus): Promise<'details' | 'stop' | undefined> {
  const look = statusLook(status);
  const details = vscode.l10n.t('Show Details');
  const stop = vscode.l10n.t('Stop Watching');
  const message = vscode.l10n.t(
    'Transaction {0}: {1}. The status is final: it is no longer checked and leaves the status bar in a minute.',
    shortId(id),
    look.label,
  );
  const show =
    look.severity === 'error'
      ? vscode.window.showErrorMessage
      : look.severity === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showInformationMessage;
  const choice = await show(message, details, stop);
  return choice === details ? 'details' : choice === stop ? 'stop' : undefined;
}
