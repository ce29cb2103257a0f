/** How each status looks everywhere in the UI: one table of label, icon, colour and spin. */
import * as vscode from 'vscode';
import type { TransactionStatus } from '../../shared/status';
import { ATTENTION_STATUSES, isFinalStatus, KNOWN_STATUSES } from '../../shared/status';

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

/** The looks made so far, one per status (and per raw text of an unknown one): the tree asks once per row. */
const looks = new Map<string, StatusLook>();
const icons = new WeakMap<StatusLook, vscode.ThemeIcon>();

export function statusLook(status: TransactionStatus, rawStatus?: string): StatusLook {
  const key = status === 'unknown' || !isKnownLook(status) ? `${status}\u0000${rawStatus ?? status}` : status;
  const found = looks.get(key);
  if (found) return found;
  const look = makeLook(status, rawStatus);
  if (looks.size >= 64) looks.clear();
  looks.set(key, look);
  return look;
}

const KNOWN_LOOKS: ReadonlySet<string> = new Set<string>(KNOWN_STATUSES);
const isKnownLook = (status: string) => KNOWN_LOOKS.has(status);

function makeLook(status: TransactionStatus, rawStatus?: string): StatusLook {
  const inProgress = !isFinalStatus(status) && status !== 'hold' && status !== 'unknown';
  const severity = !ATTENTION_STATUSES.has(status)
    ? 'none'
    : status === 'hold' || status === 'overdue'
      ? 'warning'
      : 'error';
  const look = (label: string, short: string, icon: string, color: string): StatusLook => ({
    label,
    short,
    icon,
    color,
    inProgress,
    severity,
  });
  switch (status) {
    case 'waiting':
      return look(vscode.l10n.t('Waiting for payment'), vscode.l10n.t('Waiting'), 'clock', 'charts.yellow');
    case 'confirming':
      return look(vscode.l10n.t('Confirming payment'), vscode.l10n.t('Confirming'), 'sync', 'charts.blue');
    case 'exchanging':
      return look(vscode.l10n.t('Exchanging'), vscode.l10n.t('Exchanging'), 'arrow-swap', 'charts.blue');
    case 'sending':
      return look(vscode.l10n.t('Sending payout'), vscode.l10n.t('Sending'), 'rocket', 'charts.blue');
    case 'hold':
      return look(
        vscode.l10n.t('On hold (AML/KYC check)'),
        vscode.l10n.t('On hold'),
        'warning',
        'list.warningForeground',
      );
    case 'finished':
      return look(vscode.l10n.t('Finished'), vscode.l10n.t('Finished'), 'pass-filled', 'testing.iconPassed');
    case 'failed':
      return look(vscode.l10n.t('Failed'), vscode.l10n.t('Failed'), 'error', 'list.errorForeground');
    case 'refunded':
      return look(vscode.l10n.t('Refunded'), vscode.l10n.t('Refunded'), 'reply', 'charts.purple');
    case 'overdue':
      return look(
        vscode.l10n.t('Overdue (payment not sent in time)'),
        vscode.l10n.t('Overdue'),
        'watch',
        'list.warningForeground',
      );
    case 'expired':
      return look(
        vscode.l10n.t('Expired (fixed rate not paid in time)'),
        vscode.l10n.t('Expired'),
        'history',
        'list.errorForeground',
      );
    default:
      return {
        label: vscode.l10n.t('Unknown status "{0}"', rawStatus ?? status),
        short: vscode.l10n.t('Unknown status'),
        icon: 'question',
        color: 'descriptionForeground',
        inProgress: false,
        severity: 'none',
      };
  }
}

/** `$(icon)` or `$(icon~spin)` for labels that render codicons. */
export function statusIcon(look: StatusLook, spin = true): string {
  return `$(${look.icon}${spin && look.inProgress ? '~spin' : ''})`;
}

export function themeIcon(look: StatusLook): vscode.ThemeIcon {
  let icon = icons.get(look);
  if (!icon) {
    icon = new vscode.ThemeIcon(look.icon, new vscode.ThemeColor(look.color));
    icons.set(look, icon);
  }
  return icon;
}
