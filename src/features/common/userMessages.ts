/** Messages as data, and their presenter, which shows a notification and returns at once. */
import * as vscode from 'vscode';
import { safeText } from '../../shared/safeText';

/** A button on a notification: the command it runs, with its arguments. */
export interface MessageAction {
  readonly title: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

export type MessageSeverity = 'info' | 'warning' | 'error';

/** A notification as data, so tests can check exactly what the user would see. */
export interface UserMessage {
  readonly severity: MessageSeverity;
  readonly text: string;
  readonly actions: readonly MessageAction[];
}

/** Text made safe for a notification: bounded, no control characters, no link syntax. */
export function plainText(text: string, max = 300): string {
  return safeText(text, max).replace(/\[/g, '(').replace(/\]/g, ')');
}

const action = (title: string, command: string, args: readonly unknown[] = []): MessageAction => ({
  title,
  command,
  args,
});

export const actions = {
  retry: (command: string, args: readonly unknown[]) => action(vscode.l10n.t('Retry'), command, args),
  showLog: () => action(vscode.l10n.t('Show Log'), 'exchangeTx.showLog'),
  setKeys: () => action(vscode.l10n.t('Set API Keys…'), 'exchangeTx.setApiKeys'),
  switchEnvironment: () => action(vscode.l10n.t('Switch Account…'), 'exchangeTx.switchEnvironment'),
  editAccount: () => action(vscode.l10n.t('Edit Account…'), 'exchangeTx.editAccount'),
  watch: (id: string) => action(vscode.l10n.t('Watch in Status Bar'), 'exchangeTx.watch', [id]),
  showDetails: (id: string) => action(vscode.l10n.t('Show Details'), 'exchangeTx.showDetails', [id]),
  copyId: (id: string) => action(vscode.l10n.t('Copy ID'), 'exchangeTx.copyId', [id]),
  openAsRequest: (id: string) => action(vscode.l10n.t('Open as Request'), 'exchangeTx.openAsRequest', [id]),
  /** Short titles for a notification's buttons, which VS Code cuts after about a dozen characters. */
  watchShort: (id: string) => action(vscode.l10n.t('Watch'), 'exchangeTx.watch', [id]),
  detailsShort: (id: string) => action(vscode.l10n.t('Details'), 'exchangeTx.showDetails', [id]),
  /** "More…": a quick pick of `moreTransactionActions`. */
  more: (id: string) => action(vscode.l10n.t('More…'), 'exchangeTx.transactionActions', [id]),
};

export function moreTransactionActions(id: string): MessageAction[] {
  return [actions.copyId(id), actions.openAsRequest(id)];
}

/** Shows a notification without waiting for it; a chosen action runs its command. */
export function showUserMessage(message: UserMessage): void {
  const titles = message.actions.map((a) => a.title);
  const shown =
    message.severity === 'error'
      ? vscode.window.showErrorMessage(message.text, ...titles)
      : message.severity === 'warning'
        ? vscode.window.showWarningMessage(message.text, ...titles)
        : vscode.window.showInformationMessage(message.text, ...titles);
  void shown.then(
    (choice) => {
      const action = message.actions.find((a) => a.title === choice);
      if (action)
        void Promise.resolve(vscode.commands.executeCommand(action.command, ...action.args)).catch(() => undefined);
    },
    () => undefined,
  );
}

/** Shows command messages and keeps the last, so tests check what the user saw. */
export class MessagePresenter {
  private last: UserMessage | undefined;

  get lastMessage(): UserMessage | undefined {
    return this.last;
  }

  present(message: UserMessage, options: { readonly silent?: boolean } = {}): void {
    this.last = message;
    if (!options.silent) showUserMessage(message);
  }
}
