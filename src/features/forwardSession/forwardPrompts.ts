/** The questions "Forward Status Changes…" asks; tests replace them (a modal would block). */
import * as vscode from 'vscode';
import { checkHookUrl, DEFAULT_HOOK_URL, HookTargetError } from '../../forward/target';
import { errorText } from '../../shared/errorText';

export interface ForwardPrompts {
  askUrl(): Promise<string | undefined>;
  confirmHost(host: string): Promise<boolean>;
  /** Shows the secret once (with a way to copy it); not awaited by the caller. */
  showSecret(secret: string, url: string): void;
  confirmStop(waiting: number, failed: number): Promise<boolean>;
}

/** What the input box says of a URL as it is typed: nothing when it is usable (maybe after the host question). */
export function urlProblem(text: string): string | undefined {
  try {
    checkHookUrl(text);
    return undefined;
  } catch (error) {
    if (error instanceof HookTargetError && error.reason === 'host') return undefined;
    return errorText(error);
  }
}

export const forwardPrompts: ForwardPrompts = {
  async askUrl() {
    return vscode.window.showInputBox({
      title: vscode.l10n.t('Forward Status Changes'),
      prompt: vscode.l10n.t(
        'Where to POST each status change (a signed JSON event). This machine by default; another host needs https and your confirmation.',
      ),
      value: DEFAULT_HOOK_URL,
      ignoreFocusOut: true,
      validateInput: (text) => urlProblem(text),
    });
  },
  async confirmHost(host) {
    const send = vscode.l10n.t('Send Events to {0}', host);
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Send status-change events to {0}?', host),
      {
        modal: true,
        detail: vscode.l10n.t(
          '{0} is not this machine. Every status change of the transactions in use (addresses, amounts) will be sent there.',
          host,
        ),
      },
      send,
    );
    return choice === send;
  },
  async confirmStop(waiting, failed) {
    const stop = vscode.l10n.t('Stop Forwarding');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} events wait for the receiver and {1} failed. Stop forwarding?', waiting, failed),
      {
        modal: true,
        detail: vscode.l10n.t(
          'They are kept ({0} in all) and sent when you forward from this account again.',
          waiting + failed,
        ),
      },
      stop,
    );
    return choice === stop;
  },
  showSecret(secret, url) {
    const copy = vscode.l10n.t('Copy Secret');
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          'Forwarding status changes to {0}. The signing secret (a Standard Webhooks whsec_ secret), shown only now and kept until you rotate it: give it to your receiver: {1}',
          url,
          secret,
        ),
        copy,
      )
      .then((choice) => {
        if (choice === copy) void vscode.env.clipboard.writeText(secret);
      });
  },
};
