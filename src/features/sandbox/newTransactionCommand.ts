/**
 * "Sandbox: New Transaction…": pair (from the sandbox's catalogue), float or fixed, amount (a
 * default within the pair's limits), payout and refund addresses (defaults the sandbox accepts),
 * then the real operations (addresses checked, estimate, create) with progress; the transaction is
 * then revealed in the Transactions view, ready to watch. A refusal (an amount out of range, an
 * address) says why and offers to edit exactly that, with everything typed kept. The prompts are
 * an interface (newTransactionPrompts.ts), so tests drive the same flow; a whole draft as the
 * argument skips them. Each question says its step ("2/5") and, past the first, has Back (what was
 * typed is kept). Its words are newTransactionText.ts.
 */
import * as vscode from 'vscode';
import { AmountOutOfRangeError, CancelledError } from '../../api';
import type { CreatedTransaction } from '../../api/types';
import { sanitize, ticker } from '../../shared/format';
import type { TransactionStore } from '../../store/transactionStore';
import type { EnvironmentChoice, EnvironmentKindSource, SandboxClients } from '../common/environmentDeps';
import type { Logger } from '../common/log';
import { REVEAL_COMMAND } from '../common/revealTransaction';
import type { RevealResult } from '../common/revealTransaction';
import { exampleAddress } from './exampleAddresses';
import type { PairChoice } from './newTransactionCore';
import { AddressRefusedError, createFromDraft, probeLimits } from './newTransactionCore';
import { stepOf, windowPrompts } from './newTransactionPrompts';
import type { KindItem, NewTransactionPrompts, Step } from './newTransactionPrompts';
import { addressRefusedText, amountProblemText, amountRefusedText, range, stepText } from './newTransactionText';
import { askPair } from './pairStep';
import type { PayinLimits, TransactionDraft } from './transactionDraft';
import type { TransactionType } from '../../api';
import { amountProblem, defaultAmount, draftFromArgument, limitsOfError } from './transactionDraft';
import { BACK } from './stepPrompts';
import type { Back, StepCounter } from './stepPrompts';
import { errorText } from '../../shared/errorText';
import { withInteractiveProgress } from '../common/lateProgress';

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

/** What the user typed so far; kept across a refusal. */
interface Draft {
  pair?: PairChoice;
  type?: TransactionType;
  limits?: PayinLimits;
  amount?: string;
  address?: string;
  extraId?: string;
  refundAddress?: string;
  refundExtraId?: string;
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
      const text = sanitize(errorText(error), 300);
      this.deps.log.warn(`new transaction: ${text}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The sandbox could not be asked: {0}', text));
      return { error: text };
    }
  }

  /** The flow from `step` on, with what was typed before as the defaults. */
  private async ask(draft: Draft, step: Step): Promise<NewTransactionResult | undefined> {
    const title = vscode.l10n.t('Sandbox: New Transaction');
    // The sandbox's own client, whatever is chosen meanwhile: a switch to an account while the
    // questions are open can never send this flow's requests there.
    const client = await this.deps.clients.sandboxClient();
    if (step === 'pair') {
      const last = draft.pair;
      const pair = await askPair(this.prompts, client, {
        title,
        steps: stepOf('pair', undefined),
        ...(last ? { last } : {}),
        load: (text, work) => this.withProgress(text, work),
      });
      if (!pair) return undefined;
      const kinds: KindItem[] = [
        {
          rate: 'float',
          label: vscode.l10n.t('Floating rate'),
          detail: vscode.l10n.t('createTransaction: the rate when the payin arrives; overdue after 24 h unpaid'),
        },
        ...(pair.fixed
          ? [
              {
                rate: 'fixed' as const,
                label: vscode.l10n.t('Fixed rate'),
                detail: vscode.l10n.t(
                  'getFixRateForAmount, then createFixTransaction: a rate ID, a refund address, expired at payTill',
                ),
              },
            ]
          : []),
      ];
      const type = kinds.length === 1 ? 'float' : await this.prompts.kind(kinds, title, stepOf('kind', pair));
      if (type === BACK) return this.ask({ ...draft, pair }, 'pair');
      if (!type) return undefined;
      const samePair = last?.from === pair.from && last.to === pair.to;
      draft =
        samePair && draft.type === type
          ? { ...draft, pair }
          : { ...(samePair ? draft : {}), pair, type, limits: undefined, amount: samePair ? draft.amount : undefined };
      draft.limits = await this.withProgress(vscode.l10n.t("Reading the pair's limits…"), () =>
        probeLimits(client, pair.from, pair.to, type),
      );
      step = 'amount';
    }
    const pair = draft.pair;
    const type = draft.type;
    if (!pair || !type) return this.ask(draft, 'pair');
    const from = pair.from;
    const to = pair.to;
    if (step === 'amount') {
      const limits = draft.limits ?? {};
      const amount = await this.prompts.text({
        title,
        ...stepOf('amount', pair),
        prompt: vscode.l10n.t('Amount to pay in, in {0} ({1})', ticker(from), range(limits, from)),
        value: draft.amount ?? defaultAmount(limits),
        validate: (text) => {
          const problem = amountProblem(text, limits, pair.fromCurrency?.blockchainPrecision);
          return problem ? amountProblemText(problem, from) : undefined;
        },
      });
      if (amount === BACK) return this.ask(draft, 'pair');
      if (amount === undefined) return undefined;
      draft.amount = amount.trim();
      step = 'address';
    }
    if (step === 'address') {
      const steps = stepOf('address', pair);
      const address = await this.askText(
        title,
        steps,
        vscode.l10n.t('Payout address, in {0}', ticker(to)),
        draft.address ?? exampleAddress(to, pair.toCurrency?.blockchain)?.address ?? '',
        true,
      );
      if (address === BACK) return this.ask(draft, 'amount');
      if (address === undefined) return undefined;
      draft.address = address;
      const extraName = pair.toCurrency?.extraIdName;
      if (extraName) {
        const extra = await this.askText(
          title,
          steps,
          vscode.l10n.t('Payout {0} for {1} (optional)', sanitize(extraName, 40), ticker(to)),
          draft.extraId ?? exampleAddress(to, pair.toCurrency?.blockchain)?.extraId ?? '',
          false,
        );
        if (extra === BACK) return this.ask(draft, 'address');
        if (extra === undefined) return undefined;
        draft.extraId = extra || undefined;
      }
      step = 'refund';
    }
    if (step === 'refund') {
      const required = type === 'fixed';
      const steps = stepOf('refund', pair);
      const refund = await this.askText(
        title,
        steps,
        required
          ? vscode.l10n.t('Refund address, in {0} (required for a fixed rate)', ticker(from))
          : vscode.l10n.t('Refund address, in {0} (optional)', ticker(from)),
        draft.refundAddress ?? exampleAddress(from, pair.fromCurrency?.blockchain)?.address ?? '',
        required,
      );
      if (refund === BACK) return this.ask(draft, 'address');
      if (refund === undefined) return undefined;
      draft.refundAddress = refund || undefined;
      const extraName = pair.fromCurrency?.extraIdName;
      if (extraName && draft.refundAddress) {
        const extra = await this.askText(
          title,
          steps,
          vscode.l10n.t('Refund {0} for {1} (optional)', sanitize(extraName, 40), ticker(from)),
          draft.refundExtraId ?? exampleAddress(from, pair.fromCurrency?.blockchain)?.extraId ?? '',
          false,
        );
        if (extra === BACK) return this.ask(draft, 'refund');
        if (extra === undefined) return undefined;
        draft.refundExtraId = extra || undefined;
      }
    }
    const whole: TransactionDraft = {
      from,
      to,
      type,
      amount: draft.amount ?? '',
      address: draft.address ?? '',
      ...(draft.extraId ? { extraId: draft.extraId } : {}),
      ...(draft.refundAddress ? { refundAddress: draft.refundAddress } : {}),
      ...(draft.refundExtraId ? { refundExtraId: draft.refundExtraId } : {}),
    };
    return this.create(whole, draft);
  }

  private askText(
    title: string,
    steps: StepCounter,
    prompt: string,
    value: string,
    required: boolean,
  ): Promise<string | Back | undefined> {
    return this.prompts
      .text({
        title,
        ...steps,
        prompt,
        value,
        validate: (text) =>
          required && text.trim() === ''
            ? vscode.l10n.t('Required.')
            : text.length > 256
              ? vscode.l10n.t('At most 256 characters.')
              : undefined,
      })
      .then((text) => (text === BACK ? BACK : text?.trim()));
  }

  /** Creates the draft; on a refusal, offers to edit what was refused (when it came from the prompts). */
  private async create(draft: TransactionDraft, typed: Draft | undefined): Promise<NewTransactionResult | undefined> {
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
    typed: Draft | undefined,
  ): Promise<NewTransactionResult | undefined> {
    const { log } = this.deps;
    if (error instanceof AmountOutOfRangeError) {
      const limits = limitsOfError(error.limits);
      const message = amountRefusedText(draft, limits);
      log.info(`new transaction refused: ${sanitize(error.serviceMessage)}`);
      if (typed && (await this.prompts.refused(message, vscode.l10n.t('Edit Amount'))))
        return this.ask({ ...typed, limits: { ...typed.limits, ...limits } }, 'amount');
      if (!typed) void vscode.window.showErrorMessage(message);
      return { error: 'amount-out-of-range', limits };
    }
    if (error instanceof AddressRefusedError) {
      const why = error.serviceMessage
        ? sanitize(error.serviceMessage, 120)
        : vscode.l10n.t('required for a fixed rate');
      const message = addressRefusedText(error.field, error.currency, why);
      log.info(`new transaction refused: the ${error.field} (${why})`);
      const step: Step = error.field === 'address' || error.field === 'extraId' ? 'address' : 'refund';
      if (typed && (await this.prompts.refused(message, vscode.l10n.t('Edit Address')))) return this.ask(typed, step);
      if (!typed) void vscode.window.showErrorMessage(message);
      return { error: error.field };
    }
    const text = sanitize(errorText(error), 300);
    log.warn(`new transaction failed: ${text}`);
    const message = vscode.l10n.t('The sandbox transaction was not created: {0}', text);
    if (typed && (await this.prompts.refused(message, vscode.l10n.t('Retry')))) return this.create(draft, typed);
    if (!typed) void vscode.window.showErrorMessage(message);
    return { error: text };
  }

  /** A load between two steps: a notification (without Cancel) only when it takes more than a second. */
  private withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
    return withInteractiveProgress(title, work, { cancellable: false });
  }
}
