/**
 * "Sandbox: New Transaction…": pair (from the sandbox's catalogue), float or fixed, amount (a
 * default within the pair's limits), payout and refund addresses (defaults the sandbox accepts),
 * then the real operations (addresses checked, estimate, create) with progress; the transaction is
 * then revealed in the Transactions view, ready to watch. A refusal (an amount out of range, an
 * address) says why and offers to edit exactly that, with everything typed kept. The questions
 * are newTransactionQuestions.ts; the prompts are an interface (newTransactionPrompts.ts), so tests
 * drive the same flow; a whole draft as the argument skips them. Its words are
 * newTransactionText.ts.
 */
import * as vscode from 'vscode';
import { AmountOutOfRangeError, CancelledError } from '../../api';
import type { CreatedTransaction } from '../../api/types';
import { ticker } from '../../shared/format';
import type { TransactionStore } from '../../store/transactionStore';
import type { EnvironmentChoice, EnvironmentKindSource, SandboxClients } from '../common/environmentDeps';
import type { Logger } from '../common/log';
import { REVEAL_COMMAND } from '../common/revealTransaction';
import type { RevealResult } from '../common/revealTransaction';
import { AddressRefusedError, createFromDraft } from './newTransactionCore';
import { windowPrompts } from './newTransactionPrompts';
import type { NewTransactionPrompts, Step } from './newTransactionPrompts';
import { NewTransactionQuestions } from './newTransactionQuestions';
import type { TypedDraft } from './newTransactionQuestions';
import { addressRefusedText, amountRefusedText, stepText } from './newTransactionText';
import type { PayinLimits, TransactionDraft } from './transactionDraft';
import type { TransactionType } from '../../api';
import { draftFromArgument, limitsOfError } from './transactionDraft';
import { errorText } from '../../shared/errorText';
import { withInteractiveProgress } from '../common/lateProgress';
import { safeText } from '../../shared/safeText';

export const NEW_TRANSACTION_COMMAND = 'exchangeTx.sandbox.newTransaction';

/** What the command did, for tests and callers. */
export interface NewTransactionResult {
  readonly id?: string;
  readonly status?: string;
  readonly type?: TransactionType;
  readonly revealed?: RevealResult;
  /** Why nothing was created: `not-sandbox`, `amount-out-of-range`, an address field, or another error's message. */
  readonly error?: string;
  readonly limits?: PayinLimits;
}

export interface NewTransactionDeps {
  readonly environment: EnvironmentKindSource & Pick<EnvironmentChoice, 'choose'>;
  /** The sandbox's client whatever the environment: never an account's. */
  readonly clients: SandboxClients;
  readonly store: TransactionStore;
  readonly log: Logger;
}

export class NewTransactionCommand {
  /** The prompts (tests script them). */
  prompts: NewTransactionPrompts = windowPrompts;

  constructor(private readonly deps: NewTransactionDeps) {}

  async run(arg?: unknown): Promise<NewTransactionResult | undefined> {
    const { environment } = this.deps;
    if (environment.kind !== 'sandbox') {
      const use = vscode.l10n.t('Use the Sandbox');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('New transactions are made in the built-in sandbox; an account is in use now.'),
        use,
      );
      if (choice !== use) return { error: 'not-sandbox' };
      await environment.choose('sandbox');
      if ((environment.kind as string) !== 'sandbox') return { error: 'not-sandbox' };
    }
    const given = draftFromArgument(arg);
    if (given) return this.create(given, undefined);
    try {
      return await this.ask({}, 'pair');
    } catch (error) {
      if (error instanceof CancelledError) return undefined;
      const text = safeText(errorText(error), 300);
      this.deps.log.warn(`new transaction: ${text}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The sandbox could not be asked: {0}', text));
      return { error: text };
    }
  }

  /** The questions from `step` on, with what was typed before as the defaults; then the creation. */
  private async ask(typed: TypedDraft, step: Step): Promise<NewTransactionResult | undefined> {
    const answer = await new NewTransactionQuestions(this.prompts, this.deps.clients).ask(typed, step);
    return answer ? this.create(answer.draft, answer.typed) : undefined;
  }

  /** Creates the draft; on a refusal, offers to edit what was refused (when it came from the prompts). */
  private async create(
    draft: TransactionDraft,
    typed: TypedDraft | undefined,
  ): Promise<NewTransactionResult | undefined> {
    const { log } = this.deps;
    const pairText = `${ticker(draft.from)} → ${ticker(draft.to)}`;
    let created: CreatedTransaction;
    try {
      const client = await this.deps.clients.sandboxClient();
      // Quick on the sandbox: no notification over the result unless it takes more than a second.
      created = await withInteractiveProgress(
        vscode.l10n.t('Sandbox: new {0} transaction {1}', draft.type, pairText),
        (signal, report) => createFromDraft(client, draft, (step) => report(stepText(step)), signal),
      );
    } catch (error) {
      if (error instanceof CancelledError) return undefined;
      return this.refused(error, draft, typed);
    }
    log.info(
      `created the sandbox transaction ${created.id} (${created.type}, ${draft.amount} ${draft.from} → ${draft.to})`,
    );
    const revealed = await this.show(created.id);
    await Promise.resolve(vscode.commands.executeCommand('exchangeTx.watch', created.id)).catch((error: unknown) =>
      log.warn(`could not watch ${created.id}: ${String(error)}`),
    );
    const pay = vscode.l10n.t('Simulate Payment');
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          'Created the sandbox transaction {0}: {1} {2}, {3} rate, watched while it waits for its payin.',
          created.id,
          draft.amount,
          pairText,
          draft.type,
        ),
        pay,
      )
      .then((choice) =>
        choice === pay ? vscode.commands.executeCommand('exchangeTx.sandbox.simulatePayment', created.id) : undefined,
      );
    return { id: created.id, status: created.status, type: created.type, revealed };
  }

  /** The Transactions view loads the new transaction and selects it (when it shows the sandbox's). */
  private async show(id: string): Promise<RevealResult | undefined> {
    if (this.deps.environment.kind !== 'sandbox') return undefined;
    try {
      await this.deps.store.lookup(id);
      await vscode.commands.executeCommand('exchangeTx.transactions.refresh');
      return await vscode.commands.executeCommand<RevealResult | undefined>(REVEAL_COMMAND, id);
    } catch (error) {
      this.deps.log.warn(`could not show ${id} in the Transactions view: ${errorText(error)}`);
      return undefined;
    }
  }

  private async refused(
    error: unknown,
    draft: TransactionDraft,
    typed: TypedDraft | undefined,
  ): Promise<NewTransactionResult | undefined> {
    const { log } = this.deps;
    if (error instanceof AmountOutOfRangeError) {
      const limits = limitsOfError(error.limits);
      const message = amountRefusedText(draft, limits);
      log.info(`new transaction refused: ${safeText(error.serviceMessage)}`);
      if (typed && (await this.prompts.refused(message, vscode.l10n.t('Edit Amount'))))
        return this.ask({ ...typed, limits: { ...typed.limits, ...limits } }, 'amount');
      if (!typed) void vscode.window.showErrorMessage(message);
      return { error: 'amount-out-of-range', limits };
    }
    if (error instanceof AddressRefusedError) {
      const why = error.serviceMessage
        ? safeText(error.serviceMessage, 120)
        : vscode.l10n.t('required for a fixed rate');
      const message = addressRefusedText(error.field, error.currency, why);
      log.info(`new transaction refused: the ${error.field} (${why})`);
      const step: Step = error.field === 'address' || error.field === 'extraId' ? 'address' : 'refund';
      if (typed && (await this.prompts.refused(message, vscode.l10n.t('Edit Address')))) return this.ask(typed, step);
      if (!typed) void vscode.window.showErrorMessage(message);
      return { error: error.field };
    }
    const text = safeText(errorText(error), 300);
    log.warn(`new transaction failed: ${text}`);
    const message = vscode.l10n.t('The sandbox transaction was not created: {0}', text);
    if (typed && (await this.prompts.refused(message, vscode.l10n.t('Retry')))) return this.create(draft, typed);
    if (!typed) void vscode.window.showErrorMessage(message);
    return { error: text };
  }
}
