/**
 * What the environment service asks of the window: the user's answer before signed requests go to
 * an account's host (a modal question; tests replace it), and the workspace's trust.
 */
import * as vscode from 'vscode';
import { echo } from '../../shared/echo';

/** A request that creates something on an account (a transaction, a subaccount…), about to be signed for it: what is asked. */
export interface MoneyMovingRequest {
  /** The method in the bytes sent. */
  readonly method: string;
  /** Whether it creates a transaction (money moves once it is paid), not only something else on the account. */
  readonly movesMoney: boolean;
  readonly accountName: string;
  readonly host: string;
  /** `name: value` lines of the params as sent (moneyMoving.ts). */
  readonly lines: readonly string[];
}

/** Where "Send Again" of a History entry goes when requests go elsewhere now. */
export interface ResendChoice {
  readonly method: string;
  /** Where the entry went ("Sandbox" or the account's name, with its host). */
  readonly entryTarget: string;
  /** Where requests go now. */
  readonly currentTarget: string;
  /** Whether the entry's own target can still be used (the sandbox, or an account that still exists). */
  readonly entryAvailable: boolean;
}

/** The questions the service asks the user; tests replace them. */
export interface AccountPrompts {
  /** "Send signed requests for account X to host Y?": true, false (never), undefined (dismissed). */
  confirmHost(accountName: string, host: string): Promise<boolean | undefined>;
  /** Asked every time a request that creates something on an account is about to go to it: true to send. */
  confirmMoneyMoving(request: MoneyMovingRequest): Promise<boolean>;
  /** "Send Again" of an entry made elsewhere: to the entry's target, the current one, or not at all. */
  chooseResendTarget(choice: ResendChoice): Promise<'entry' | 'current' | undefined>;
}

export const modalPrompts: AccountPrompts = {
  async confirmHost(accountName, host) {
    const send = vscode.l10n.t('Send');
    const never = vscode.l10n.t('Never for This Host');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Send signed requests for account "{0}" to host {1}?', accountName, host),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Each request carries your API key and a signature of its body. Whoever runs {0} can replay a signed request against the service. Say yes only if {0} is the service you meant.',
          host,
        ),
      },
      send,
      never,
    );
    return choice === send ? true : choice === never ? false : undefined;
  },
  async confirmMoneyMoving(request) {
    const send = request.movesMoney
      ? vscode.l10n.t('Create on {0}', request.accountName)
      : vscode.l10n.t('Send to {0}', request.accountName);
    const question = request.movesMoney
      ? vscode.l10n.t(
          'Send {0} to the account "{1}" ({2})? It creates a real transaction.',
          echo(request.method),
          request.accountName,
          request.host,
        )
      : vscode.l10n.t(
          'Send {0} to the account "{1}" ({2})? It creates or changes something on that account.',
          echo(request.method),
          request.accountName,
          request.host,
        );
    const after = request.movesMoney
      ? [vscode.l10n.t('Coins paid to its payin address are exchanged and paid out to the address above.')]
      : [vscode.l10n.t('The service keeps it: it cannot be undone from here.')];
    const choice = await vscode.window.showWarningMessage(
      question,
      {
        modal: true,
        detail: [
          vscode.l10n.t('As it will be sent:'),
          ...(request.lines.length > 0 ? request.lines : [vscode.l10n.t('(no parameters)')]),
          '',
          ...after,
        ].join('\n'),
      },
      send,
    );
    return choice === send;
  },
  async chooseResendTarget(choice) {
    const toEntry = vscode.l10n.t('Send to {0}', choice.entryTarget);
    const toCurrent = vscode.l10n.t('Send to {0}', choice.currentTarget);
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        'This {0} was sent to {1}; requests now go to {2}.',
        choice.method,
        choice.entryTarget,
        choice.currentTarget,
      ),
      {
        modal: true,
        detail: choice.entryAvailable
          ? vscode.l10n.t('Send it again where it went before, or to where requests go now?')
          : vscode.l10n.t(
              '{0} is no longer available. Send it to {1} instead?',
              choice.entryTarget,
              choice.currentTarget,
            ),
      },
      ...(choice.entryAvailable ? [toEntry, toCurrent] : [toCurrent]),
    );
    return answer === toEntry ? 'entry' : answer === toCurrent ? 'current' : undefined;
  },
};

/** The questions in use: the modal ones, or those a test put in their place. */
export interface AccountQuestions {
  prompts: AccountPrompts;
}

/** Where a trust decision comes from; the workspace's by default. */
export interface WorkspaceTrust {
  readonly isTrusted: boolean;
  readonly onDidGrantWorkspaceTrust: vscode.Event<void>;
}
