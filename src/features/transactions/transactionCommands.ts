/** The Transactions view's own commands and node actions; each returns what it did, for tests. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api/types';
import { idFromArgument } from '../../shared/transactionId';
import type { TransactionStore } from '../../store/transactionStore';
import type { Logger } from '../common/log';
import type { EnvironmentKind } from '../common/environmentDeps';
import { FilterError, parseFilter } from './filterModel';
import type { TransactionFilter } from './filterModel';
import { runFilterFlow, windowPrompts } from './filterFlow';
import type { FilterPrompts } from './filterFlow';
import type { FilterState } from './filterState';
import { problemText } from './filterText';
import { safeLink } from './nodes';
import type { TransactionList } from './transactionList';
import type { TransactionsView } from './transactionsView';
import type { RevealResult } from '../common/revealTransaction';
import { errorText } from '../../shared/errorText';
import { safeText } from '../../shared/safeText';

export interface LoadSummary {
  readonly state: TransactionList['state'];
  readonly count: number;
  readonly hasMore: boolean;
  readonly error?: string;
}

export interface TransactionCommandDeps {
  readonly view: TransactionsView;
  readonly list: TransactionList;
  readonly filter: FilterState;
  readonly store: TransactionStore;
  readonly log: Logger;
  /** Which service the records come from: the built-in sandbox makes its hashes up. */
  readonly environment: { readonly kind: EnvironmentKind };
}

/** The node actions that leave the editor, with the opener replaceable (tests never open a browser). */
export class TransactionActions {
  open: (uri: vscode.Uri) => Thenable<boolean> = (uri) => vscode.env.openExternal(uri);
  /** Whether to open a sandbox explorer link anyway (its hash is made up). */

  confirmMadeUp: (text: string) => Thenable<boolean> = async (text) => {
    const open = vscode.l10n.t('Open Anyway');
    return (await vscode.window.showWarningMessage(text, { modal: true }, open)) === open;
  };
  prompts: FilterPrompts | undefined;
}

export function registerTransactionCommands(
  context: vscode.ExtensionContext,
  deps: TransactionCommandDeps,
  actions: TransactionActions,
): void {
  const register = vscode.commands.registerCommand;
  const { view, list, filter, store, log } = deps;

  const summary = (): LoadSummary => ({
    state: list.state,
    count: list.size,
    hasMore: list.hasMore,
    ...(list.error ? { error: errorText(list.error.error) } : {}),
  });

  const recordOf = async (arg: unknown): Promise<TransactionRecord | undefined> => {
    const id = idFromArgument(arg);
    if (id === undefined) return undefined;
    return list.get(id)?.record ?? store.peek(id) ?? (await store.lookup(id).catch(() => undefined));
  };

  const openLink = async (arg: unknown, which: 'payout' | 'refund'): Promise<string | undefined> => {
    const record = await recordOf(arg);
    const link = record ? safeLink(which === 'payout' ? record.payoutHashLink : record.refundHashLink) : undefined;
    if (!record || !link) {
      void vscode.window.showWarningMessage(
        which === 'payout'
          ? vscode.l10n.t('This transaction has no payout explorer link.')
          : vscode.l10n.t('This transaction has no refund explorer link.'),
      );
      return undefined;
    }
    if (deps.environment.kind === 'sandbox') {
      // The sandbox makes its hashes up: a real explorer will not find them. Said before anything opens.
      const text =
        which === 'payout'
          ? vscode.l10n.t(
              'The built-in sandbox made up the payout hash of {0}: the block explorer will not find it.',
              record.id,
            )
          : vscode.l10n.t(
              'The built-in sandbox made up the refund hash of {0}: the block explorer will not find it.',
              record.id,
            );
      if (!(await actions.confirmMadeUp(text))) return undefined;
    }
    log.info(`opening the ${which} explorer link of ${record.id}`);
    await actions.open(vscode.Uri.parse(link, true));
    return link;
  };

  const applyFilter = async (next: TransactionFilter): Promise<TransactionFilter> => {
    await filter.set(next);
    return next;
  };

  context.subscriptions.push(
    register('exchangeTx.transactions.refresh', async (): Promise<LoadSummary> => {
      await view.refresh();
      return summary();
    }),
    register('exchangeTx.transactions.loadMore', async (): Promise<LoadSummary> => {
      await view.loadMore();
      return summary();
    }),
    register('exchangeTx.transactions.filter', async (arg?: unknown): Promise<TransactionFilter | undefined> => {
      if (arg !== undefined && arg !== null && !isTreeNodeArgument(arg)) {
        try {
          return await applyFilter(parseFilter(arg));
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
          void vscode.window.showErrorMessage(problemText(error.problem));
          return undefined;
        }
      }
      const next = await runFilterFlow(filter.current, actions.prompts ?? windowPrompts);
      return next === undefined ? undefined : applyFilter(next);
    }),
    register('exchangeTx.transactions.clearFilter', async (): Promise<TransactionFilter> => applyFilter({})),
    register('exchangeTx.transactions.copyPayinAddress', async (arg?: unknown): Promise<string | undefined> => {
      const record = await recordOf(arg);
      if (!record || record.payinAddress.trim() === '') return undefined;
      await vscode.env.clipboard.writeText(record.payinAddress);
      const extra = record.payinExtraId !== null && record.payinExtraId !== '';
      vscode.window.setStatusBarMessage(
        extra
          ? vscode.l10n.t(
              '$(check) Copied the payin address. It needs its extra ID too: {0}',
              safeText(record.payinExtraId ?? '', 80),
            )
          : vscode.l10n.t('$(check) Copied the payin address'),
        extra ? 8000 : 3000,
      );
      return record.payinAddress;
    }),
    register('exchangeTx.transactions.openPayout', (arg?: unknown) => openLink(arg, 'payout')),
    register('exchangeTx.transactions.openRefund', (arg?: unknown) => openLink(arg, 'refund')),
    register('exchangeTx.transactions.reveal', async (arg?: unknown): Promise<RevealResult | undefined> => {
      const id = idFromArgument(arg);
      return id === undefined ? undefined : view.reveal(id);
    }),
  );
}

/** A command run from the view's title passes nothing; from a node, the node: neither is a filter. */
function isTreeNodeArgument(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null && 'kind' in arg;
}
