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

/** Adds an account through Add Account's dialogs (the key pasted), using it now when `activate`. */
export function addAccount(args: {
  name: string;
  baseUrl: string;
  privateKey: string;
  apiKey?: string;
  activate?: boolean;
}): Promise<TestAccount> {
  const answers: Answers = {
    inputs: [args.name, args.baseUrl, args.privateKey, args.apiKey ?? ''],
    picks: [PASTE_KEY],
    buttons: [args.activate === true ? 'Use It Now' : undefined],
  };
  return answering(answers, () => vscode.commands.executeCommand<TestAccount>('exchangeTx.addAccount'));
}

/** The key prompt's choice to paste the key. */
export const PASTE_KEY = '$(clippy) Paste the private key';

/** Resets the built-in sandbox through its question, keeping the user's own transactions or not. */
export async function resetSandbox(api: ExchangeTxApi, keepOwn = false): Promise<boolean | undefined> {
  const own = (await api.sandboxHost.start()).sandbox.ledger.ownTransactions().length;
  const button = own === 0 ? 'Reset' : keepOwn ? 'Reset, Keep Mine' : 'Reset Everything';
  return answering({ buttons: [button] }, () =>
    vscode.commands.executeCommand<boolean | undefined>('exchangeTx.sandbox.reset'),
  );
}

/** Clears the History through its question (nothing is asked when it is empty). */
export async function clearHistory(api: ExchangeTxApi): Promise<boolean> {
  const buttons = api.requests.history.entries.length > 0 ? ['Clear History'] : [];
  return answering({ buttons }, () => vscode.commands.executeCommand<boolean>('exchangeTx.history.clear'));
}

/**
 * A screenshot of the whole workbench as it is now, into media/screenshots/<name>.png, when the
 * run was asked for them (EXCHANGE_TX_SCREENSHOTS=1 in the server host); otherwise nothing.
 */
export async function screenshot(name: string): Promise<void> {
  const { screenshotOf } = await import('./workbench');
  await screenshotOf(`screenshots/${name}`);
}

/** Scripted answers, in turn; `undefined` is Escape. */
export interface Answers {
  /** Quick pick items, by label. */
  readonly picks?: readonly (string | undefined)[];
  /** Input box texts; each must pass the box's own check. */
  readonly inputs?: readonly (string | undefined)[];
  /** Filled in: each quick pick as it was shown, for a test to check what it offered. */
  readonly shown?: { readonly title?: string; readonly items: readonly vscode.QuickPickItem[] }[];
  /** Buttons of information and warning messages, by label: modal ones must have one, notifications take what is left. */
  readonly buttons?: readonly (string | undefined)[];
}

const STUBBED = ['showQuickPick', 'showInputBox', 'showInformationMessage', 'showWarningMessage'] as const;
type Stubbed = (typeof STUBBED)[number];
type MessageArg = string | vscode.MessageItem | vscode.MessageOptions;
type Answered = string | vscode.QuickPickItem | vscode.MessageItem | undefined;

/**
 * Runs `work` with the extension's quick picks, input boxes and message buttons answered as the
 * user would. An answer the dialog cannot take, a dialog with no answer left, or an answer left
 * over fails.
 */
export async function answering<T>(answers: Answers, work: () => Thenable<T>): Promise<T> {
  // The tests share the extension's `vscode` object: what they set here, the extension calls.
  const window = vscode.window as Record<Stubbed, unknown>;
  const kept = Object.fromEntries(STUBBED.map((name) => [name, window[name]]));
  const queues = {
    picks: [...(answers.picks ?? [])],
    inputs: [...(answers.inputs ?? [])],
    buttons: [...(answers.buttons ?? [])],
  };
  const problems: string[] = [];
  const next = (kind: keyof typeof queues, what: string): string | undefined => {
    if (queues[kind].length === 0) fail(`no answer left for ${what}`);
    return queues[kind].shift();
  };
  const fail = (problem: string): never => {
    problems.push(problem);
    throw new Error(problem);
  };
  const choose = <I extends Answered>(
    label: string | undefined,
    items: readonly I[],
    name: (item: I) => string | undefined,
    what: string,
  ): I | undefined => {
    if (label === undefined) return undefined;
    return items.find((item) => name(item) === label) ?? fail(`"${label}" is no choice of ${what}`);
  };
  window.showQuickPick = async (
    items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
    options?: vscode.QuickPickOptions,
  ) => {
    const what = `the quick pick "${options?.title ?? options?.placeHolder ?? ''}"`;
    if (options?.canPickMany === true) fail(`${what} picks many: not answered here`);
    const offered = await items;
    answers.shown?.push({ title: options?.title, items: offered });
    return choose(next('picks', what), offered, (item) => item.label, what);
  };
  window.showInputBox = async (options?: vscode.InputBoxOptions) => {
    const what = `the input box "${options?.title ?? options?.prompt ?? ''}"`;
    const text = next('inputs', what);
    if (text === undefined) return undefined;
    const refused = await options?.validateInput?.(text);
    const message = typeof refused === 'string' ? refused : refused?.message;
    if (message) fail(`${what} refuses the answer: ${message}`);
    return text;
  };
  const message =
    (original: (text: string, ...rest: MessageArg[]) => Thenable<unknown>) =>
    (text: string, ...rest: MessageArg[]) => {
      const items = rest.filter((arg) => typeof arg === 'string' || 'title' in arg);
      const modal = rest.some((arg) => typeof arg === 'object' && !('title' in arg) && arg.modal === true);
      // A notification the user may leave alone is answered only while answers are left.
      if (items.length === 0 || (!modal && queues.buttons.length === 0)) return original(text, ...rest);
      const what = `the message "${text}"`;
      return Promise.resolve(
        choose(next('buttons', what), items, (item) => (typeof item === 'string' ? item : item.title), what),
      );
    };
  window.showInformationMessage = message(vscode.window.showInformationMessage);
  window.showWarningMessage = message(vscode.window.showWarningMessage);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // A dialog that could not take its answer explains a failure better than what it caused.
    if (problems.length > 0) throw new Error(problems.join('; '), { cause: error });
    throw error;
  } finally {
    Object.assign(window, kept);
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  // Counts only: an input may be a key.
  const left = Object.entries(queues).filter(([, queue]) => queue.length > 0);
  if (left.length > 0)
    throw new Error(`answers never asked for: ${left.map(([k, q]) => `${q.length} ${k}`).join(', ')}`);
  return result;
}
