/** "Simulate Payment" and "Move to Status…": local to the sandbox, so any caller may give arguments. */
import * as vscode from 'vscode';
import type { ControlClient } from '../../api/controlClient';
import { ControlError } from '../../api/controlError';
import type { ControlTransaction, ScheduleStep } from '../../shared/controlProtocol';
import { movableStatuses } from '../../shared/controlProtocol';
import { clockTime, ticker } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import type { KnownStatus } from '../../shared/status';
import type { Logger } from '../common/log';
import type { Services } from '../common/services';
import { statusLook } from '../common/statusPresentation';
import { commandIdOf, paymentAmountOf, paymentKind, paymentProblem, commandStatusOf } from './paymentText';
import { errorText } from '../../shared/errorText';
import { safeText } from '../../shared/safeText';

export interface PayAndMoveResult {
  readonly id?: string;
  readonly status?: KnownStatus;
  /** The status the sandbox clock moves it to next, if any. */
  readonly next?: KnownStatus;
  readonly error?: string;
}

export type PayAndMoveDeps = Pick<Services, 'environment' | 'sandboxHost' | 'store' | 'choices'> & {
  readonly log: Logger;
};

function nextText(next: ScheduleStep | null): string {
  if (!next) return vscode.l10n.t('It stays there until moved.');
  return vscode.l10n.t('Next: {0} at {1}.', statusLook(next.status).short, clockTime(next.atMs, userTimeStyle()));
}

export class PayAndMove {
  /** The last transaction acted on or created: the palette's default id. */
  lastId = '';

  constructor(private readonly deps: PayAndMoveDeps) {}

  async simulatePayment(arg?: unknown, second?: unknown): Promise<PayAndMoveResult | undefined> {
    return this.act(arg, async (control, tx) => {
      const title = vscode.l10n.t('Simulate Payment of {0}', tx.id);
      let amount = paymentAmountOf(arg, second);
      if (amount === undefined) {
        const expected = tx.amountExpectedFrom;
        const unit = ticker(tx.currencyFrom);
        const pay = {
          label: vscode.l10n.t('Pay the expected amount: {0} {1}', expected, unit),
          detail: vscode.l10n.t('The transaction goes through to finished, step by step on the sandbox clock.'),
        };
        const other = {
          label: vscode.l10n.t('Pay another amount…'),
          detail: vscode.l10n.t(
            "Less or more than expected, to see the service's reaction (failed, held, refunded or exchanged as received).",
          ),
        };
        const placeHolder = vscode.l10n.t('What arrives at the payin address');
        const choice = await vscode.window.showQuickPick([pay, other], { title, placeHolder });
        if (!choice) return undefined;
        amount =
          choice === pay
            ? expected
            : (
                await vscode.window.showInputBox({
                  title,
                  prompt: vscode.l10n.t('Amount that arrives, in {0} (expected: {1})', unit, expected),
                  value: expected,
                  validateInput: (text) =>
                    paymentProblem(text) ? vscode.l10n.t('A plain decimal above zero, such as 0.5.') : undefined,
                })
              )?.trim();
        if (amount === undefined) return undefined;
      }
      const paid = await control.pay(tx.id, amount);
      const kind = paymentKind(amount, tx.amountExpectedFrom);
      this.deps.log.info(
        `paid ${amount} ${tx.currencyFrom} into the sandbox transaction ${tx.id} (${kind ?? 'amount'}): now ${paid.status}`,
      );
      vscode.window.setStatusBarMessage(
        vscode.l10n.t(
          '$(check) Paid {0} {1} into {2}: {3}. {4}',
          amount,
          ticker(tx.currencyFrom),
          tx.id,
          statusLook(paid.status).short,
          nextText(paid.next),
        ),
        8000,
      );
      return paid;
    });
  }

  async moveToStatus(arg?: unknown, second?: unknown): Promise<PayAndMoveResult | undefined> {
    return this.act(arg, async (control, tx) => {
      let status = commandStatusOf(arg, second);
      if (!status) {
        // Where it stands now is said in the title, not offered as a move.
        const items = movableStatuses(tx.type)
          .filter((s) => s !== tx.status)
          .map((s) => {
            const look = statusLook(s);
            return { status: s, label: `$(${look.icon}) ${look.label}`, description: s };
          });
        status = (
          await vscode.window.showQuickPick(items, {
            title: vscode.l10n.t('Move {0} (now {1}) to Status', tx.id, statusLook(tx.status).short),
            placeHolder: vscode.l10n.t('The status to move the transaction to now'),
          })
        )?.status;
        if (!status) return undefined;
      }
      const moved = await control.move(tx.id, status);
      this.deps.log.info(`moved the sandbox transaction ${tx.id} to ${moved.status}`);
      vscode.window.setStatusBarMessage(
        vscode.l10n.t('$(check) Moved {0} to {1}. {2}', tx.id, statusLook(moved.status).short, nextText(moved.next)),
        8000,
      );
      return moved;
    });
  }

  /** Finds the transaction in the sandbox, runs the action, then reads it again into the store. */
  private async act(
    arg: unknown,
    action: (control: ControlClient, tx: ControlTransaction) => Promise<ControlTransaction | undefined>,
  ): Promise<PayAndMoveResult | undefined> {
    const { environment, store, log } = this.deps;
    if (environment.kind !== 'sandbox') {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Simulate Payment and Move to Status work on the built-in sandbox; an account is in use now.'),
      );
      return { error: 'not-sandbox' };
    }
    // The known transactions first (the selected one, watched, looked up, in the view; the last one acted on), then the input box.
    const value = this.lastId;
    const id =
      commandIdOf(arg) ??
      (await this.deps.choices.choose({
        title: vscode.l10n.t('A transaction of the built-in sandbox'),
        offered: value !== '' ? [{ id: value, source: 'recent' }] : [],
        ...(value !== '' ? { value } : {}),
      }));
    if (!id) return undefined;
    try {
      const control = (await this.deps.sandboxHost.start()).control;
      const tx = await control.get(id);
      this.lastId = id;
      const done = await action(control, tx);
      if (!done) return undefined;
      await store.refresh([id]).catch((error: unknown) => log.warn(`could not read ${id} again: ${errorText(error)}`));
      return { id, status: done.status, ...(done.next ? { next: done.next.status } : {}) };
    } catch (error) {
      const message =
        error instanceof ControlError && error.code === 'not-found'
          ? vscode.l10n.t('{0} is not a transaction of the built-in sandbox.', id)
          : error instanceof ControlError
            ? vscode.l10n.t('The sandbox refused: {0}', safeText(error.controlMessage, 200))
            : vscode.l10n.t('The sandbox could not be driven: {0}', safeText(errorText(error), 200));
      log.warn(message);
      void vscode.window.showErrorMessage(message);
      return { error: error instanceof ControlError ? error.code : message };
    }
  }
}
