/**
 * What the environment service asks of the window: the user's answer before signed requests go to
 * an account's host (a modal question; tests replace it), and the workspace's trust.
 */
import * as vscode from 'vscode';

/** The questions the service asks the user; tests replace them. */
export interface AccountPrompts {
  /** "Send signed requests for account X to host Y?": true, false (never), undefined (dismissed). */
  confirmHost(accountName: string, host: string): Promise<boolean | undefined>;
}

export const modalPrompts: AccountPrompts = {
  async confirmHost(accountName, host) {
    const send = vscode.l10n.t('Send');
    const never = vscode.l10n.t('Never for This Host');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Send signed requests for account "{0}" to host {1}?', accountName, host),
      {
        modal: true,
        detail: vscode.l10n.t('Each request carries your API key and a signature of its body. Whoever runs {0} can replay a signed request against the service. Say yes only if {0} is the service you meant.', host),
      },
      send,
      never,
    );
    return choice === send ? true : choice === never ? false : undefined;
  },
};

/** Where a trust decision comes from; the workspace's by default. */
export interface WorkspaceTrust {
  readonly isTrusted: boolean;
  readonly onDidGrantWorkspaceTrust: vscode.Event<void>;
}
