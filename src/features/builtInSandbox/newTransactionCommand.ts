/** "Sandbox: New Transaction…": the pair, the amount within its limits, then the real operations. */
import * as vscode from 'vscode';
import { showUserMessage } from '../common/userMessages';
import { AmountOutOfRangeError, CancelledError } from '../../api';
import type { TransactionType } from '../../api';
import type { CreatedTransaction } from '../../api/types';
import { errorText } from '../../shared/errorText';
import { ticker } from '../../shared/format';
import { safeText } from '../../shared/safeText';
import { withInteractiveProgress } from '../common/lateProgress';
import type { Logger } from '../common/log';
import type { Services } from '../common/services';
import { REVEAL_COMMAND } from '../common/revealTransaction';
import type { RevealResult } from '../common/revealTransaction';
import { exampleAddress } from './exampleAddresses';
import { AddressRefusedError, createFromDraft, loadPairsFrom, loadPayins, probeLimits } from './newTransactionCore';
import type { PairChoice, SandboxOperations } from './newTransactionCore';
import { currencyItems, pairItems, windowPrompts } from './newTransactionPrompts';
import type { NewTransactionPrompts } from './newTransactionPrompts';
import { amountProblemText, amountRefusedText, addressRefusedText, range, stepText } from './newTransactionText';
import { amountProblem, draftFromArgument, limitsOfError, requestText } from './transactionDraft';
import type { TransactionDraft } from './transactionDraft';
import { defaultAmount, isDecimal } from '../common/payinAmount';
import type { PayinLimits } from '../common/payinAmount';

export interface NewTransactionResult {
  readonly id?: string;
  readonly status?: string;
  readonly type?: TransactionType;
  readonly revealed?: RevealResult;
  readonly request?: vscode.Uri;
  /** Why nothing was created: `not-sandbox`, `amount-out-of-range`, an address field, or another error's message. */
  readonly error?: string;
  readonly limits?: PayinLimits;
}

export type NewTransactionDeps = Pick<Services, 'environment' | 'clients' | 'store' | 'openRequest'> & {
  readonly log: Logger;
};

/** Asks the amount again after a refusal (with the limits the refusal gave), when it came from the questions. */
type Again = (limits: PayinLimits) => Promise<NewTransactionResult | undefined>;

/** A load between two questions: a notification (without Cancel) only when it takes more than a second. */
const quietly = <T>(title: string, work: () => Promise<T>): Promise<T> =>
  withInteractiveProgress(title, work, { cancellable: false });

/** The draft of `amount` for the pair: floating rate, the example payout and refund addresses. */
function exampleDraft(pair: PairChoice, amount: string): TransactionDraft {
  const payout = exampleAddress(pair.to, pair.toCurrency?.blockchain);
  const refund = exampleAddress(pair.from, pair.fromCurrency?.blockchain);
  return {
    from: pair.from,
    to: pair.to,
    type: 'float',
    amount,
    address: payout?.address ?? '',
    ...(payout?.extraId ? { extraId: payout.extraId } : {}),
    ...(refund ? { refundAddress: refund.address } : {}),
    ...(refund?.extraId ? { refundExtraId: refund.extraId } : {}),
  };
}

export class NewTransactionCommand {
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
      // The sandbox's own client: a switch to an account meanwhile never gets this flow's requests.
      const client = await this.deps.clients.sandboxClient();
      const pair = await this.askPair(client);
      if (!pair) return undefined;
      const limits = await quietly(vscode.l10n.t("Reading the pair's limits…"), () =>
        probeLimits(client, pair.from, pair.to),
      );
      return await this.askAmount(pair, limits, defaultAmount(limits));
    } catch (error) {
      if (error instanceof CancelledError) return undefined;
      const text = safeText(errorText(error), 300);
      this.deps.log.warn(`new transaction: ${text}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The sandbox could not be asked: {0}', text));
      return { error: text };
    }
  }

  private async askPair(client: SandboxOperations): Promise<PairChoice | undefined> {
    const title = vscode.l10n.t('Sandbox: New Transaction');
    const { currencies, payins } = await quietly(vscode.l10n.t("Reading the sandbox's currencies…"), () =>
      loadPayins(client),
    );
    const from = await this.prompts.payin(currencyItems(payins), title);
    if (from === undefined) return undefined;
    const pairs = await quietly(vscode.l10n.t('Reading the pairs of {0}…', ticker(from)), () =>
      loadPairsFrom(client, from, currencies),
    );
    return this.prompts.pair(pairItems(pairs), title);
  }

  /** The amount (`value` offered), then the creation or the request document. */
  private async askAmount(
    pair: PairChoice,
    limits: PayinLimits,
    value: string,
  ): Promise<NewTransactionResult | undefined> {
    const { from, to } = pair;
    const answer = await this.prompts.amount({
      title: vscode.l10n.t('Sandbox: New Transaction'),
      limits: vscode.l10n.t('Amount to pay in, in {0} ({1})', ticker(from), range(limits, from)),
      value,
      validate: (text) => {
        const problem = amountProblem(text, limits, pair.fromCurrency?.blockchainPrecision);
        return problem ? amountProblemText(problem, from) : undefined;
      },
      createLabel: (amount) =>
        vscode.l10n.t(
          'Create {0} {1} → {2} at a floating rate, to example addresses',
          amount,
          ticker(from),
          ticker(to),
        ),
    });
    if (!answer) return undefined;
    const typed = answer.amount.trim();
    const amount = isDecimal(typed) ? typed : value;
    const draft = exampleDraft(pair, amount);
    if (answer.asRequest) return this.openAsRequest(draft);
    return this.create(draft, (refused) => this.askAmount(pair, { ...limits, ...refused }, amount));
  }

  private async openAsRequest(draft: TransactionDraft): Promise<NewTransactionResult> {
    const editor = await this.deps.openRequest(requestText(draft));
    return { request: editor.document.uri };
  }

  /** Creates the draft; on a refusal, offers to edit the amount, or the whole as a request (with `again`). */
  private async create(draft: TransactionDraft, again: Again | undefined): Promise<NewTransactionResult | undefined> {
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
      return this.refused(error, draft, again);
    }
    log.info(
      `created the sandbox transaction ${created.id} (${created.type}, ${draft.amount} ${draft.from} → ${draft.to})`,
    );
    const revealed = await this.show(created.id);
    await Promise.resolve(vscode.commands.executeCommand('exchangeTx.watch', created.id)).catch((error: unknown) =>
      log.warn(`could not watch ${created.id}: ${String(error)}`),
    );
    showUserMessage({
      severity: 'info',
      text: vscode.l10n.t(
        'Created the sandbox transaction {0}: {1} {2}, {3} rate, watched while it waits for its payin.',
        created.id,
        draft.amount,
        pairText,
        draft.type,
      ),
      actions: [
        { title: vscode.l10n.t('Simulate Payment'), command: 'exchangeTx.sandbox.simulatePayment', args: [created.id] },
      ],
    });
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

  /** Says why nothing was created; from the questions, offers Edit Amount or Edit as Request…. */
  private async refused(
    error: unknown,
    draft: TransactionDraft,
    again: Again | undefined,
  ): Promise<NewTransactionResult | undefined> {
    const { log } = this.deps;
    let message: string;
    let result: NewTransactionResult;
    if (error instanceof AmountOutOfRangeError) {
      const limits = limitsOfError(error.limits);
      message = amountRefusedText(draft, limits);
      log.info(`new transaction refused: ${safeText(error.serviceMessage)}`);
      result = { error: 'amount-out-of-range', limits };
      if (again) return (await this.prompts.refused(message, vscode.l10n.t('Edit Amount'))) ? again(limits) : result;
    } else if (error instanceof AddressRefusedError) {
      const why = error.serviceMessage
        ? safeText(error.serviceMessage, 120)
        : vscode.l10n.t('required for a fixed rate');
      message = addressRefusedText(error.field, error.currency, why);
      log.info(`new transaction refused: the ${error.field} (${why})`);
      result = { error: error.field };
    } else {
      const text = safeText(errorText(error), 300);
      log.warn(`new transaction failed: ${text}`);
      message = vscode.l10n.t('The sandbox transaction was not created: {0}', text);
      result = { error: text };
    }
    if (!again) void vscode.window.showErrorMessage(message);
    else if (await this.prompts.refused(message, vscode.l10n.t('Edit as Request…'))) return this.openAsRequest(draft);
    return result;
  }
}
