/** What the environment service asks of the window: the host question and the workspace's trust. */
import * as vscode from 'vscode';
import { echo } from '../../shared/echo';
import type { AccountPrompts } from '../common/accountQuestions';

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
