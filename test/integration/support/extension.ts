/** Shared helpers of the integration suites: the extension's API and a clean environment. */
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { AccountPrompts, MoneyMovingRequest, ResendChoice } from '../../../src/features/common/accountQuestions';

export { eventually } from './eventually';

export const EXTENSION_ID = 'exchange-tx.exchange-tx';

export async function extensionApi(): Promise<ExchangeTxApi> {
  const extension = vscode.extensions.getExtension<ExchangeTxApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

/** The questions "Send signed requests for account X to host Y?" asked so far, answered yes. */
export const hostQuestions: { account: string; host: string }[] = [];

/** The "creates a real transaction" questions asked so far (each answered from `moneyAnswers`, else no). */
export const moneyQuestions: MoneyMovingRequest[] = [];
/** The answers the next money-moving questions get, in order (none left: no). */
export const moneyAnswers: boolean[] = [];
/** The "Send Again: where?" questions asked so far (each answered from `resendAnswers`, else cancelled). */
export const resendQuestions: ResendChoice[] = [];
export const resendAnswers: ('entry' | 'current' | undefined)[] = [];

/** The questions of the money-moving confirmation and of Send Again, recorded and answered as the test set them. */
export const recordedSendPrompts: Pick<AccountPrompts, 'confirmMoneyMoving' | 'chooseResendTarget'> = {
  confirmMoneyMoving: (request) => {
    moneyQuestions.push(request);
    return Promise.resolve(moneyAnswers.shift() ?? false);
  },
  chooseResendTarget: (choice) => {
    resendQuestions.push(choice);
    return Promise.resolve(resendAnswers.shift());
  },
};

/** Answers the host question yes (a modal would block the test host), recording it; the other questions as recordedSendPrompts. */
export function allowHosts(api: ExchangeTxApi): void {
  api.questions.prompts = {
    ...recordedSendPrompts,
    confirmHost: (account, host) => {
      hostQuestions.push({ account, host });
      return Promise.resolve(true);
    },
  };
}

/** Removes every account (and its keys). */
export async function removeAccounts(api: ExchangeTxApi): Promise<void> {
  for (const account of api.environment.accounts.accounts) await api.environment.accounts.remove(account.id);
}

/** Back to the state a new user starts in: no accounts, default settings, the sandbox. */
export async function resetEnvironment(api: ExchangeTxApi): Promise<void> {
  allowHosts(api);
  moneyQuestions.length = 0;
  moneyAnswers.length = 0;
  resendQuestions.length = 0;
  resendAnswers.length = 0;
  await api.environment.choose('sandbox');
  await removeAccounts(api);
  await vscode.workspace.getConfiguration('exchangeTx').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  await api.environment.refresh();
  api.sandboxHost.sandbox?.setFaults({});
}

export interface TestAccount {
  readonly account?: string;
  readonly apiKey?: string;
  readonly error?: string;
}

/** Adds an account through the command (its test-mode arguments), optionally switching to it. */
export function addAccount(args: {
  name: string;
  baseUrl: string;
  privateKey: string;
  apiKey?: string;
  activate?: boolean;
}): Thenable<TestAccount> {
  return vscode.commands.executeCommand<TestAccount>('exchangeTx.addAccount', { activate: false, ...args });
}

/**
 * A screenshot of the whole workbench as it is now, into media/screenshots/<name>.png, when the
 * run was asked for them (EXCHANGE_TX_SCREENSHOTS=1 in the server host); otherwise nothing.
 */
export async function screenshot(name: string): Promise<void> {
  const { screenshotOf } = await import('./workbench');
  await screenshotOf(`screenshots/${name}`);
}

/** Runs `work` with the extension's quick picks answered by label and its input boxes by text, in turn. */
export async function answering<T>(
  answers: { readonly picks?: readonly string[]; readonly inputs?: readonly string[] },
  work: () => Thenable<T>,
): Promise<T> {
  // The tests share the extension's `vscode` object: what they set here, the extension calls.
  const window = vscode.window as { showQuickPick: unknown; showInputBox: unknown };
  const { showQuickPick, showInputBox } = window;
  const picks = [...(answers.picks ?? [])];
  const inputs = [...(answers.inputs ?? [])];
  window.showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
    const label = picks.shift();
    return (await items).find((item) => item.label === label);
  };
  window.showInputBox = () => Promise.resolve(inputs.shift());
  try {
    return await work();
  } finally {
    window.showQuickPick = showQuickPick;
    window.showInputBox = showInputBox;
  }
}
