/** The account commands' prompts, each checked as typed; Escape answers undefined. */
import * as vscode from 'vscode';
import { ExchangeError, fingerprint, loadCredentials } from '../../api';

/** Bigger files are no key. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

export function keyError(error: unknown): string {
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

export interface StepTitle {
  readonly title: string;
  readonly step?: number;
  readonly totalSteps?: number;
}

function titled(step: StepTitle): string {
  return step.step !== undefined && step.totalSteps !== undefined
    ? `${step.title} (${step.step}/${step.totalSteps})`
    : step.title;
}

export async function askName(
  step: StepTitle,
  value: string,
  check: (name: string) => string | undefined,
): Promise<string | undefined> {
  const name = await vscode.window.showInputBox({
    title: titled(step),
    prompt: vscode.l10n.t('A name for this account, e.g. "Production" or "Staging partner".'),
    value,
    ignoreFocusOut: true,
    validateInput: check,
  });
  return name?.trim();
}

export async function askBaseUrl(
  step: StepTitle,
  value: string,
  check: (url: string) => string | undefined,
): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: titled(step),
    prompt: vscode.l10n.t("The service's address (https; plain http only to this machine). Requests go to its /v2."),
    value,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t("Give the service's address.") : check(text)),
  });
  return url?.trim();
}

export async function askPrivateKey(step: StepTitle): Promise<string | undefined> {
  const paste = {
    label: vscode.l10n.t('$(clippy) Paste the private key'),
    detail: vscode.l10n.t('Hex (as the service issues it), PEM or base64'),
  };
  const file = {
    label: vscode.l10n.t('$(file) Choose a PEM file…'),
    detail: vscode.l10n.t('A file holding "BEGIN PRIVATE KEY" or "BEGIN RSA PRIVATE KEY"'),
  };
  const choice = await vscode.window.showQuickPick([paste, file], {
    title: titled(step),
    placeHolder: vscode.l10n.t('How do you want to give the private key?'),
    ignoreFocusOut: true,
  });
  if (!choice) return undefined;
  if (choice === file) {
    const uris = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: vscode.l10n.t('Use This Key'),
      filters: { [vscode.l10n.t('Private keys')]: ['pem', 'key', 'txt'], [vscode.l10n.t('All files')]: ['*'] },
    });
    const uri = uris?.[0];
    if (!uri) return undefined;
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_KEY_FILE_BYTES) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('That file is too large to be a private key ({0} bytes).', stat.size),
      );
      return undefined;
    }
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }
  return vscode.window.showInputBox({
    title: titled(step),
    prompt: vscode.l10n.t("Paste the private key. It is stored only in VS Code's secret storage."),
    password: true,
    ignoreFocusOut: true,
    validateInput: validateKey,
  });
}

/** The API key to check the private key against; '' to use the derived one. */
export async function askApiKey(step: StepTitle, derived: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: titled(step),
    prompt: vscode.l10n.t(
      'The API key derived from this private key is {0}. Paste the API key the service gave you to check it, or press Enter to use the derived one.',
      fingerprint(derived),
    ),
    ignoreFocusOut: true,
    validateInput: (text) =>
      !text.trim() || text.trim() === derived
        ? undefined
        : vscode.l10n.t('This API key does not match the private key (the derived one is {0}).', fingerprint(derived)),
  });
}

/** Asks for a private key (and optionally checks it against an API key); undefined when cancelled. */
export async function askKeys(
  title: string,
  firstStep: number,
  totalSteps: number,
): Promise<{ privateKey: string; apiKey: string } | undefined> {
  const privateKey = await askPrivateKey({ title, step: firstStep, totalSteps });
  if (privateKey === undefined) return undefined;
  let derived: string;
  try {
    derived = loadCredentials(privateKey).apiKey;
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Keys not saved: {0}', keyError(error)));
    return undefined;
  }
  const apiKey = await askApiKey({ title, step: firstStep + 1, totalSteps }, derived);
  if (apiKey === undefined) return undefined;
  return { privateKey, apiKey };
}
