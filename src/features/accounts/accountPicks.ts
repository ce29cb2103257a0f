/** The pick of an account for the account commands: quick pick rows of the accounts, and the question. */
import * as vscode from 'vscode';
import { fingerprint } from '../../api';
import type { EnvironmentService } from './environmentService';
import type { Account } from '../common/accounts';
import { hostOf } from '../common/accounts';

interface AccountPick extends vscode.QuickPickItem {
  readonly id: string;
}

/** Quick pick rows of the accounts: name, host and key fingerprint. */
export async function accountItems(
  environment: EnvironmentService,
  accounts: readonly Account[],
): Promise<AccountPick[]> {
  return Promise.all(
    accounts.map(async (account) => {
      const keys = await environment.accounts.keys(account.id);
      const key = keys.credentials
        ? vscode.l10n.t('API key {0}', fingerprint(keys.credentials.apiKey))
        : keys.state === 'unusable'
          ? vscode.l10n.t('saved key unreadable')
          : vscode.l10n.t('no keys');
      return {
        id: account.id,
        label: `$(cloud) ${account.name}`,
        description: hostOf(account.baseUrl),
        detail: `${key}${environment.chosen === account.id ? ` · ${vscode.l10n.t('in use')}` : ''}`,
      };
    }),
  );
}

export async function pickAccount(environment: EnvironmentService, title: string): Promise<Account | undefined> {
  const accounts = environment.accounts.accounts;
  if (accounts.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('There are no accounts yet. Add one with "Exchange Tx: Add Account…".'),
    );
    return undefined;
  }
  const chosen = environment.accounts.get(environment.chosen);
  if (accounts.length === 1 && chosen) return chosen;
  const picked = await vscode.window.showQuickPick(await accountItems(environment, accounts), {
    title,
    placeHolder: vscode.l10n.t('Choose an account'),
  });
  return picked ? environment.accounts.get(picked.id) : undefined;
}
