/** Looking a transaction up: "Get Transaction Status…", the hover over an id, "Copy Transaction ID", "More…". */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { moreTransactionActions } from '../common/userMessages';
import { revealTransaction } from '../common/revealTransaction';
import { idFromArgument } from '../../shared/transactionId';
import { HOVER_SELECTOR, IdHoverProvider } from './hoverProvider';
import { LookupCommand } from './lookupCommand';
import type { LookupCommandOptions } from './lookupCommand';

export interface LookupHandle {
  /** "Get Transaction Status…". */
  readonly lookup: LookupCommand;
  readonly hover: IdHoverProvider;
}

export function register(context: vscode.ExtensionContext, services: Services): LookupHandle {
  const log = tagged(services.log, 'lookup');
  const lookup = new LookupCommand({ ...services, log });
  const hover = new IdHoverProvider({ ...services, log });
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.getStatus', async (arg?: unknown, options?: LookupCommandOptions) => {
      const result = await lookup.run(arg, options);
      // Found: the Transactions view selects it if it holds it.
      if (result.record && result.id !== undefined) revealTransaction(result.id, log);
      return result;
    }),
    vscode.commands.registerCommand('exchangeTx.copyId', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Copied transaction ID {0}', id), 3000);
      return id;
    }),
    // "More…" of the status notification: the actions that did not fit as buttons.
    vscode.commands.registerCommand('exchangeTx.transactionActions', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      const items = moreTransactionActions(id).map((action) => ({ label: action.title, action }));
      const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Transaction {0}', id) });
      if (!picked) return undefined;
      await vscode.commands.executeCommand(picked.action.command, ...picked.action.args);
      return picked.action.command;
    }),
    vscode.languages.registerHoverProvider(HOVER_SELECTOR, hover),
  );
  return { lookup, hover };
}
