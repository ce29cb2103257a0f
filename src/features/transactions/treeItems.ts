/** How each element of the Transactions tree looks (a transaction's tooltip is made on hover). */
import * as vscode from 'vscode';
import { ExchangeError, TransportError } from '../../api/exchangeErrors';
import { clockTime, escapeMarkdown, pairLabel, relativeTime } from '../../shared/format';
import { compactAge } from '../../shared/compactAge';
import { userTimeStyle } from '../common/timeStyle';
import { statusLook, themeIcon } from '../common/statusPresentation';
import type { ErrorNode, GroupNode, TransactionNode, TreeNode } from './nodes';
import { contextTokens, expandedByDefault, treeItemId } from './nodes';
import { errorText } from '../../shared/errorText';
import { safeText } from '../../shared/safeText';

/** A failed load in one sentence, by the error's class (never by its message). */
export function loadErrorText(error: unknown): string {
  if (!(error instanceof ExchangeError)) return vscode.l10n.t('Unexpected error: {0}', safeText(errorText(error), 120));
  switch (error.kind) {
    case 'authentication':
      return vscode.l10n.t('The service refused the API keys.');
    case 'rate-limit':
      return vscode.l10n.t("The service's rate limit was reached.");
    case 'timeout':
      return vscode.l10n.t('The service did not answer in time.');
    case 'transport': {
      const status = error instanceof TransportError ? error.status : undefined;
      return status === undefined
        ? vscode.l10n.t('Could not reach the service.')
        : vscode.l10n.t('The service answered HTTP {0}.', status);
    }
    case 'protocol':
      return vscode.l10n.t("The service's answer could not be read.");
    case 'internal':
      return vscode.l10n.t('The service reported an internal error.');
    case 'invalid-parameter':
      return vscode.l10n.t('The service refused the filter: {0}', safeText(error.message, 120));
    default:
      return safeText(error.message, 160);
  }
}

export interface ItemOptions {
  /** Whether the user left this group expanded (undefined: never touched). */
  readonly expanded?: boolean;
  readonly pageSize: number;
  readonly nowMs?: number;
}

function groupItem(node: GroupNode, options: ItemOptions): vscode.TreeItem {
  const look = statusLook(node.status);
  const expanded = options.expanded ?? expandedByDefault(node.status);
  const item = new vscode.TreeItem(
    look.short,
    expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
  );
  const count = node.children.length;
  item.description = String(count);
  item.iconPath = themeIcon(look);
  // l10n has no plural forms: one string for one, another for the rest.
  item.tooltip =
    count === 1
      ? vscode.l10n.t('{0}: 1 loaded transaction', look.label)
      : vscode.l10n.t('{0}: {1} loaded transactions', look.label, count);
  item.contextValue = `group status:${node.status}`;
  item.accessibilityInformation = {
    label:
      count === 1
        ? vscode.l10n.t('{0}, 1 transaction', look.short)
        : vscode.l10n.t('{0}, {1} transactions', look.short, count),
  };
  return item;
}

function transactionItem(node: TransactionNode, options: ItemOptions): vscode.TreeItem {
  const record = node.record;
  const look = statusLook(record.status, record.rawStatus);
  const item = new vscode.TreeItem(safeText(pairLabel(record), 80), vscode.TreeItemCollapsibleState.None);
  const locale = userTimeStyle().locale;
  const age = relativeTime(record.createdAt, options.nowMs, locale);
  // Only the narrow age fits the default sidebar beside the pair; the tooltip and label have the rest.

  item.description = compactAge(record.createdAt, options.nowMs, locale);
  item.iconPath = themeIcon(look);
  item.contextValue = contextTokens(record);
  item.accessibilityInformation = {
    label: vscode.l10n.t(
      '{0}, {1}, {2}, created {3}',
      safeText(pairLabel(record), 80),
      look.short,
      safeText(record.id, 64),
      age,
    ),
  };
  return item;
}

function errorItem(node: ErrorNode): vscode.TreeItem {
  // Short enough for the sidebar at its default width: why is in the tooltip and, for a refresh, in the view's message.
  const item = new vscode.TreeItem(
    node.operation === 'refresh' ? vscode.l10n.t('Could not refresh') : vscode.l10n.t('Could not load more'),
    vscode.TreeItemCollapsibleState.None,
  );
  const text = loadErrorText(node.error);
  if (node.operation === 'loadMore') item.description = text;
  item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  const tooltip = new vscode.MarkdownString('', true);
  tooltip.isTrusted = false;
  tooltip.supportHtml = false;
  tooltip.appendMarkdown(
    `$(warning) ${escapeMarkdown(text)}\n\n${escapeMarkdown(vscode.l10n.t('At {0}. Click to try again; the log has the details.', clockTime(node.at, userTimeStyle())))}`,
  );
  item.tooltip = tooltip;
  item.contextValue = 'error';
  item.command = {
    command: node.operation === 'refresh' ? 'exchangeTx.transactions.refresh' : 'exchangeTx.transactions.loadMore',
    title: vscode.l10n.t('Try Again'),
  };
  return item;
}

function loadMoreItem(options: ItemOptions): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('fold-down');
  item.tooltip =
    options.pageSize === 1
      ? vscode.l10n.t('Load the next transaction')
      : vscode.l10n.t('Load the next {0} transactions', options.pageSize);
  item.contextValue = 'loadMore';
  item.command = { command: 'exchangeTx.transactions.loadMore', title: vscode.l10n.t('Load more…') };
  return item;
}

export function treeItem(node: TreeNode, options: ItemOptions): vscode.TreeItem {
  const item =
    node.kind === 'group'
      ? groupItem(node, options)
      : node.kind === 'transaction'
        ? transactionItem(node, options)
        : node.kind === 'error'
          ? errorItem(node)
          : loadMoreItem(options);
  item.id = treeItemId(node);
  return item;
}
