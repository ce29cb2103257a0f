/** The account commands, registered at activation; their work loads on first use. */
import type { AccountsEnvironment } from './accountsEnvironment';
import * as vscode from 'vscode';
import type { Logger } from '../common/log';
import type { AccountCommandHandlers } from './accountCommandNames';
import { ACCOUNT_COMMANDS } from './accountCommandNames';

export function registerAccountCommands(
  context: vscode.ExtensionContext,
  { environment, log }: { readonly environment: AccountsEnvironment; readonly log: Logger },
): void {
  let loading: Promise<AccountCommandHandlers> | undefined;
  const load = (): Promise<AccountCommandHandlers> => {
    const started = (loading ??= import('./accountCommands').then((code) =>
      code.accountCommandHandlers(context, environment, log),
    ));
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
  context.subscriptions.push(
    ...ACCOUNT_COMMANDS.map((command) =>
      vscode.commands.registerCommand(command, async (args?: unknown) => (await load())[command](args)),
    ),
  );
}
