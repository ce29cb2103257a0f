/**
 * "Set API Keys…", "Clear API Keys" and "Show API Key". The private key is taken from a password
 * input box or a PEM file, checked before anything is stored, and kept only in SecretStorage.
 * Every command also takes its answers as an argument (for tests and keybindings) so it can run
 * without prompts.
 */
import * as vscode from 'vscode';
import { ExchangeError, fingerprint, loadCredentials } from '../../api';
import type { CredentialStore } from './credentialStore';
import type { EnvironmentService } from '../environment/environmentService';
import type { Logger } from '../log';

export interface SetKeysArgs {
  /** The private key text (hex DER PKCS#8, PEM or base64 DER). */
  readonly privateKey?: string;
  /** The API key, checked against the one derived from the private key. */
  readonly apiKey?: string;
  /** Answer to "Switch to the live service?": true switches, false stays. */
  readonly switchToLive?: boolean;
}

export interface SetKeysResult {
  /** The derived API key (public), when keys were saved. */
  readonly apiKey?: string;
  /** Why nothing was saved, when that is the case. */
  readonly error?: string;
}

function keyError(error: unknown): string {
  return error instanceof ExchangeError ? error.message : vscode.l10n.t('The key could not be read.');
}

/** Checks key text for the input box: a message when unusable, undefined when fine. */
function validateKey(text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    loadCredentials(text);
    return undefined;
  } catch (error) {
    return keyError(error);
  }
}

async function askPrivateKey(): Promise<string | undefined> {
  const paste = { label: vscode.l10n.t('$(clippy) Paste the private key'), detail: vscode.l10n.t('Hex (as the service issues it), PEM or base64') };
  const file = { label: vscode.l10n.t('$(file) Choose a PEM file…'), detail: vscode.l10n.t('A file holding "BEGIN PRIVATE KEY" or "BEGIN RSA PRIVATE KEY"') };
  const choice = await vscode.window.showQuickPick([paste, file], { title: vscode.l10n.t('Set API Keys'), placeHolder: vscode.l10n.t('How do you want to give your private key?'), ignoreFocusOut: true });
  if (!choice) return undefined;
  if (choice === file) {
    const uris = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Use This Key'), filters: { [vscode.l10n.t('Private keys')]: ['pem', 'key', 'txt'], [vscode.l10n.t('All files')]: ['*'] } });
    const uri = uris?.[0];
    if (!uri) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Set API Keys (1/2): private key'),
    prompt: vscode.l10n.t('Paste your private key. It is stored only in VS Code\'s secret storage.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: validateKey,
  });
}

async function askApiKey(derived: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Set API Keys (2/2): API key (optional)'),
    prompt: vscode.l10n.t('The API key derived from this private key is {0}. Paste the API key the service gave you to check it, or press Enter to use the derived one.', fingerprint(derived)),
    ignoreFocusOut: true,
    validateInput: (text) => (!text.trim() || text.trim() === derived ? undefined : vscode.l10n.t('This API key does not match the private key (the derived one is {0}).', fingerprint(derived))),
  });
}

export function registerCredentialCommands(context: vscode.ExtensionContext, store: CredentialStore, environment: EnvironmentService, log: Logger): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.setApiKeys', async (args?: SetKeysArgs): Promise<SetKeysResult> => {
      const privateKey = args?.privateKey ?? (await askPrivateKey());
      if (privateKey === undefined) return { error: 'cancelled' };
      let derived: string;
      try {
        derived = loadCredentials(privateKey).apiKey;
      } catch (error) {
        const message = keyError(error);
        log.warn(`keys not saved: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Keys not saved: {0}', message));
        return { error: message };
      }
      const apiKey = args?.privateKey !== undefined ? args.apiKey : await askApiKey(derived);
      if (apiKey === undefined && args?.privateKey === undefined) return { error: 'cancelled' };
      try {
        const saved = await store.save(privateKey, apiKey);
        log.info(`keys saved (API key ${fingerprint(saved.apiKey)})`);
        void offerLive(environment, saved.apiKey, args?.switchToLive);
        return { apiKey: saved.apiKey };
      } catch (error) {
        const message = keyError(error);
        log.warn(`keys not saved: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Keys not saved: {0}', message));
        return { error: message };
      }
    }),
    vscode.commands.registerCommand('exchangeTx.clearApiKeys', async (args?: { confirm?: boolean }) => {
      if (!(await store.has())) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No API keys are saved.'));
        return false;
      }
      const clear = vscode.l10n.t('Clear Keys');
      const confirmed = args?.confirm ?? (await vscode.window.showWarningMessage(vscode.l10n.t('Remove the saved API keys from this machine? The extension goes back to the sandbox.'), { modal: true }, clear)) === clear;
      if (!confirmed) return false;
      await store.clear();
      log.info('keys cleared');
      void vscode.window.showInformationMessage(vscode.l10n.t('API keys cleared. Exchange Tx now uses the sandbox.'));
      return true;
    }),
    vscode.commands.registerCommand('exchangeTx.showApiKey', async (args?: { silent?: boolean }) => {
      const credentials = await store.get();
      if (!credentials) {
        const set = vscode.l10n.t('Set API Keys…');
        if (!args?.silent && (await vscode.window.showInformationMessage(vscode.l10n.t('No API keys are saved.'), set)) === set) await vscode.commands.executeCommand('exchangeTx.setApiKeys');
        return undefined;
      }
      if (!args?.silent) {
        const copy = vscode.l10n.t('Copy');
        const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Your API key (public, derived from your private key): {0}', credentials.apiKey), copy);
        if (choice === copy) await vscode.env.clipboard.writeText(credentials.apiKey);
      }
      return credentials.apiKey;
    }),
  );
}

async function offerLive(environment: EnvironmentService, apiKey: string, answer: boolean | undefined): Promise<void> {
  if (environment.chosen === 'live') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Keys saved (API key {0}).', fingerprint(apiKey)));
    return;
  }
  const live = vscode.l10n.t('Switch to Live');
  const choice = answer ?? ((await vscode.window.showInformationMessage(vscode.l10n.t('Keys saved (API key {0}). Switch from the sandbox to the live service?', fingerprint(apiKey)), live)) === live);
  if (choice) await environment.choose('live');
}
