/** The account commands; keys and addresses come only from the user's answers. */
import type { EnvironmentService } from './environmentService';
import * as vscode from 'vscode';
import { fingerprint } from '../../api';
import type { Logger } from '../common/log';
import type { Account } from '../common/accounts';
import { hostOf } from '../common/accounts';
import { pickAccount } from './accountPicks';
import { AccountInputError } from './accountStore';
import { legacyBaseUrl } from '../common/settings';
import { askBaseUrl, askKeys, askName, keyError } from './keyPrompts';
import { isRecord } from '../../shared/isRecord';

/** What an account command gives back; `error`: `cancelled`, or the message the user saw. */
interface AccountResult {
  readonly account?: string;
  /** The derived API key (public), when keys were saved. */
  readonly apiKey?: string;
  readonly error?: string;
}

const CANCELLED: AccountResult = { error: 'cancelled' };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function failure(log: Logger, what: string, error: unknown): AccountResult {
  const message = error instanceof AccountInputError ? error.message : keyError(error);
  log.warn(`${what}: ${message}`);
  void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', what, message));
  return { error: message };
}

export function registerAccountCommands(
  context: vscode.ExtensionContext,
  { environment, log }: { readonly environment: EnvironmentService; readonly log: Logger },
): void {
  const store = environment.accounts;

  const addAccount = async (): Promise<AccountResult> => {
    const title = vscode.l10n.t('Add Account');
    const name = await askName(
      { title, step: 1, totalSteps: 4 },
      store.accounts.length === 0 ? vscode.l10n.t('Production') : '',
      (text) => store.checkName(text),
    );
    if (name === undefined) return CANCELLED;
    const baseUrl = await askBaseUrl({ title, step: 2, totalSteps: 4 }, legacyBaseUrl(), (text) =>
      store.checkUrl(text),
    );
    if (baseUrl === undefined) return CANCELLED;
    const keys = await askKeys(title, 3, 4);
    if (!keys) return CANCELLED;
    let account: Account;
    let apiKey: string;
    try {
      const added = await store.add({ name, baseUrl, ...keys });
      account = added.account;
      apiKey = added.credentials.apiKey;
    } catch (error) {
      return failure(log, vscode.l10n.t('Account not added'), error);
    }
    log.info(`account "${account.name}" added (${hostOf(account.baseUrl)}, API key ${fingerprint(apiKey)})`);
    const use = vscode.l10n.t('Use It Now');
    const answer = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Account "{0}" added (API key {1}). Use it now instead of {2}?',
        account.name,
        fingerprint(apiKey),
        environment.kind === 'live' ? (environment.state.account?.name ?? '') : vscode.l10n.t('the sandbox'),
      ),
      use,
    );
    if (answer === use) await environment.choose(account.id);
    return { account: account.id, apiKey };
  };

  const handlers: Record<string, (args?: unknown) => Promise<unknown>> = {
    'exchangeTx.addAccount': addAccount,

    'exchangeTx.editAccount': async (args?: unknown): Promise<AccountResult> => {
      const given = typeof args === 'string' ? args : isRecord(args) ? str(args.account) : undefined;
      const account =
        given !== undefined ? store.get(given) : await pickAccount(environment, vscode.l10n.t('Edit Account'));
      if (!account) return given !== undefined ? { error: vscode.l10n.t('That account no longer exists.') } : CANCELLED;
      const title = vscode.l10n.t('Edit Account "{0}"', account.name);
      const rename = { label: vscode.l10n.t('$(edit) Rename…'), description: account.name };
      const address = { label: vscode.l10n.t('$(globe) Change Address…'), description: account.baseUrl };
      const keys = { label: vscode.l10n.t('$(key) Replace Keys…') };
      const clear = { label: vscode.l10n.t('$(trash) Clear Keys') };
      const choice = await vscode.window.showQuickPick([rename, address, keys, clear], { title });
      try {
        if (choice === rename) {
          const name = await askName({ title }, account.name, (text) => store.checkName(text, account.id));
          if (name === undefined) return CANCELLED;
          await store.update(account.id, { name });
        } else if (choice === address) {
          const baseUrl = await askBaseUrl({ title }, account.baseUrl, (text) => store.checkUrl(text));
          if (baseUrl === undefined) return CANCELLED;
          await store.update(account.id, { baseUrl });
        } else if (choice === keys) {
          return await vscode.commands.executeCommand<AccountResult>('exchangeTx.setApiKeys', { account: account.id });
        } else if (choice === clear) {
          return (await vscode.commands.executeCommand<boolean>('exchangeTx.clearApiKeys', { account: account.id }))
            ? { account: account.id }
            : CANCELLED;
        } else {
          return CANCELLED;
        }
      } catch (error) {
        return failure(log, vscode.l10n.t('Account not changed'), error);
      }
      return { account: account.id };
    },

    'exchangeTx.removeAccount': async (args?: unknown): Promise<boolean> => {
      const given = typeof args === 'string' ? args : isRecord(args) ? str(args.account) : undefined;
      const account =
        given !== undefined ? store.get(given) : await pickAccount(environment, vscode.l10n.t('Remove Account'));
      if (!account) return false;
      const remove = vscode.l10n.t('Remove Account');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Remove the account "{0}" ({1}) and its keys from this machine?',
          account.name,
          hostOf(account.baseUrl),
        ),
        { modal: true },
        remove,
      );
      if (answer !== remove) return false;
      await store.remove(account.id);
      log.info(`account "${account.name}" removed`);
      vscode.window.setStatusBarMessage(
        vscode.l10n.t('$(check) Removed the account "{0}" and its keys', account.name),
        5000,
      );
      return true;
    },

    'exchangeTx.setApiKeys': async (args?: unknown): Promise<AccountResult> => {
      // `account` (from Edit Account) defaults to the chosen one.
      const given = isRecord(args) ? str(args.account) : undefined;
      const accountId = given ?? (environment.chosen === 'sandbox' ? undefined : environment.chosen);
      let account = accountId !== undefined ? store.get(accountId) : undefined;
      if (!account) {
        if (store.accounts.length === 0 || accountId === undefined) {
          if (store.accounts.length === 0) return addAccount();
          const picked = await pickAccount(environment, vscode.l10n.t('Set API Keys'));
          if (!picked) return CANCELLED;
          account = picked;
        } else {
          return { error: vscode.l10n.t('That account no longer exists.') };
        }
      }
      const keys = await askKeys(vscode.l10n.t('Set API Keys for "{0}"', account.name), 1, 2);
      if (!keys) return CANCELLED;
      try {
        const credentials = await store.setKeys(account.id, keys.privateKey, keys.apiKey);
        log.info(`keys of "${account.name}" saved (API key ${fingerprint(credentials.apiKey)})`);
        if (environment.chosen === account.id) {
          void vscode.window.showInformationMessage(
            vscode.l10n.t('Keys of "{0}" saved (API key {1}).', account.name, fingerprint(credentials.apiKey)),
          );
        } else {
          const use = vscode.l10n.t('Use It Now');
          const answer = await vscode.window.showInformationMessage(
            vscode.l10n.t(
              'Keys of "{0}" saved (API key {1}). Use this account now?',
              account.name,
              fingerprint(credentials.apiKey),
            ),
            use,
          );
          if (answer === use) await environment.choose(account.id);
        }
        return { account: account.id, apiKey: credentials.apiKey };
      } catch (error) {
        return failure(log, vscode.l10n.t('Keys not saved'), error);
      }
    },

    'exchangeTx.clearApiKeys': async (args?: unknown): Promise<boolean> => {
      const given = isRecord(args) ? str(args.account) : undefined;
      const accountId = given ?? (environment.chosen === 'sandbox' ? undefined : environment.chosen);
      const account =
        accountId !== undefined
          ? store.get(accountId)
          : await pickAccount(environment, vscode.l10n.t('Clear API Keys'));
      if (!account || (await store.keys(account.id)).state === 'none') {
        void vscode.window.showInformationMessage(vscode.l10n.t('No API keys are saved for this account.'));
        return false;
      }
      const clear = vscode.l10n.t('Clear Keys');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Remove the saved keys of "{0}" from this machine? The account stays; requests go to the sandbox until it has keys again.',
          account.name,
        ),
        { modal: true },
        clear,
      );
      if (answer !== clear) return false;
      await store.clearKeys(account.id);
      log.info(`keys of "${account.name}" cleared`);
      void vscode.window.showInformationMessage(vscode.l10n.t('Keys of "{0}" cleared.', account.name));
      return true;
    },

    'exchangeTx.showApiKey': async (args?: unknown) => {
      const silent = isRecord(args) && args.silent === true;
      const id = environment.chosen;
      const credentials = id === 'sandbox' ? undefined : await store.credentials(id);
      if (!credentials) {
        const set = vscode.l10n.t('Set API Keys…');
        if (
          !silent &&
          (await vscode.window.showInformationMessage(vscode.l10n.t('The account in use has no API keys.'), set)) ===
            set
        )
          await vscode.commands.executeCommand('exchangeTx.setApiKeys');
        return undefined;
      }
      if (!silent) {
        const copy = vscode.l10n.t('Copy');
        const choice = await vscode.window.showInformationMessage(
          vscode.l10n.t(
            'The API key of "{0}" (public, derived from the private key): {1}',
            environment.state.account?.name ?? '',
            credentials.apiKey,
          ),
          copy,
        );
        if (choice === copy) await vscode.env.clipboard.writeText(credentials.apiKey);
      }
      return credentials.apiKey;
    },
  };
  for (const [command, handler] of Object.entries(handlers))
    context.subscriptions.push(vscode.commands.registerCommand(command, handler));
}
