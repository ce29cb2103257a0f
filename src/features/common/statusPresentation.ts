/** How each status looks everywhere in the UI: one table of label, icon, colour and spin. */
import * as vscode from 'vscode';
import type { KnownStatus, TransactionStatus } from '../../shared/status';
import { ATTENTION_STATUSES, isFinalStatus, isKnownStatus } from '../../shared/status';

export interface StatusLook {
  /** A sentence-like label (tooltips, notifications, the hover). */
  readonly label: string;
  /** One or two words, where space is short (the status bar). */
  readonly short: string;
  /** Codicon id, without `$()`. */
  readonly icon: string;
  /** Theme colour id for icons. */
  readonly color: string;
  readonly inProgress: boolean;
  /** `warning` or `error` for statuses that need attention. */
  readonly severity: 'none' | 'warning' | 'error';
}

/** Each known status's label, short label, codicon and theme colour. */
const LOOKS: Readonly<Record<KnownStatus, () => readonly [string, string, string, string]>> = {
  waiting: () => [vscode.l10n.t('Waiting for payment'), vscode.l10n.t('Waiting'), 'clock', 'charts.yellow'],
  confirming: () => [vscode.l10n.t('Confirming payment'), vscode.l10n.t('Confirming'), 'sync', 'charts.blue'],
  exchanging: () => [vscode.l10n.t('Exchanging'), vscode.l10n.t('Exchanging'), 'arrow-swap', 'charts.blue'],
  sending: () => [vscode.l10n.t('Sending payout'), vscode.l10n.t('Sending'), 'rocket', 'charts.blue'],
  hold: () => [vscode.l10n.t('On hold (AML/KYC check)'), vscode.l10n.t('On hold'), 'warning', 'list.warningForeground'],
  finished: () => [vscode.l10n.t('Finished'), vscode.l10n.t('Finished'), 'pass-filled', 'testing.iconPassed'],
  failed: () => [vscode.l10n.t('Failed'), vscode.l10n.t('Failed'), 'error', 'list.errorForeground'],
  refunded: () => [vscode.l10n.t('Refunded'), vscode.l10n.t('Refunded'), 'reply', 'charts.purple'],
  overdue: () => [
    vscode.l10n.t('Overdue (payment not sent in time)'),
    vscode.l10n.t('Overdue'),
    'watch',
    'list.warningForeground',
  ],
  expired: () => [
    vscode.l10n.t('Expired (fixed rate not paid in time)'),
    vscode.l10n.t('Expired'),
    'history',
    'list.errorForeground',
  ],
};

export function statusLook(status: TransactionStatus, rawStatus?: string): StatusLook {
  if (status === 'unknown' || !isKnownStatus(status))
    return {
      label: vscode.l10n.t('Unknown status "{0}"', rawStatus ?? status),
      short: vscode.l10n.t('Unknown status'),
      icon: 'question',
      color: 'descriptionForeground',
      inProgress: false,
      severity: 'none',
    };
  const [label, short, icon, color] = LOOKS[status]();
  const inProgress = !isFinalStatus(status) && status !== 'hold';
  const severity = !ATTENTION_STATUSES.has(status)
    ? 'none'
    : status === 'hold' || status === 'overdue'
      ? 'warning'
      : 'error';
  return { label, short, icon, color, inProgress, severity };
}

/** `$(icon)` or `$(icon~spin)` for labels that render codicons. */
export function statusIcon(look: StatusLook, spin = true): string {
  return `$(${look.icon}${spin && look.inProgress ? '~spin' : ''})`;
}

export function themeIcon(look: StatusLook): vscode.ThemeIcon {
  return new vscode.ThemeIcon(look.icon, new vscode.ThemeColor(look.color));
}
