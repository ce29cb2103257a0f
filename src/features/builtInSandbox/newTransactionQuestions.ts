/**
 * The questions of "Sandbox: New Transaction…" (newTransactionCommand.ts), from a given step on:
 * pair (pairStep.ts, from the sandbox's catalogue), float or fixed, amount (a default within the
 * pair's limits, read from the sandbox after the pair), payout address and refund address (each
 * with its extra id when the currency has one; defaults the sandbox accepts). Each question says its
 * step ("2/5") and, past the first, has Back; what was typed is kept, so after a refusal the
 * command asks again from exactly the step to edit. Its words are newTransactionText.ts.
 */
import * as vscode from 'vscode';
import type { TransactionType } from '../../api';
import { ticker } from '../../shared/format';
import type { SandboxClients } from '../common/environmentDeps';
import { withInteractiveProgress } from '../common/lateProgress';
import { exampleAddress } from './exampleAddresses';
import type { PairChoice } from './newTransactionCore';
import { probeLimits } from './newTransactionCore';
import { stepOf } from './newTransactionPrompts';
import type { KindItem, NewTransactionPrompts, Step } from './newTransactionPrompts';
import { amountProblemText, range } from './newTransactionText';
import { askPair } from './pairStep';
import { BACK } from './stepPrompts';
import type { Back, StepCounter } from './stepPrompts';
import type { PayinLimits, TransactionDraft } from './transactionDraft';
import { amountProblem, defaultAmount } from './transactionDraft';
import { safeText } from '../../shared/safeText';

/** What the user typed so far; kept across a refusal. */
export interface TypedDraft {
  pair?: PairChoice;
  type?: TransactionType;
  limits?: PayinLimits;
  amount?: string;
  address?: string;
  extraId?: string;
  refundAddress?: string;
  refundExtraId?: string;
}

/** The questions answered: the draft to create, and what was typed (to ask again from). */
export interface DraftAnswer {
  readonly draft: TransactionDraft;
  readonly typed: TypedDraft;
}

export class NewTransactionQuestions {
  constructor(
    private readonly prompts: NewTransactionPrompts,
    /** The sandbox's client whatever the environment: never an account's. */
    private readonly clients: SandboxClients,
  ) {}

  /** The flow from `step` on, with what was typed before as the defaults. */
  async ask(draft: TypedDraft, step: Step): Promise<DraftAnswer | undefined> {
    const title = vscode.l10n.t('Sandbox: New Transaction');
    // The sandbox's own client, whatever is chosen meanwhile: a switch to an account while the
    // questions are open can never send this flow's requests there.
    const client = await this.clients.sandboxClient();
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
          vscode.l10n.t('Payout {0} for {1} (optional)', safeText(extraName, 40), ticker(to)),
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
          vscode.l10n.t('Refund {0} for {1} (optional)', safeText(extraName, 40), ticker(from)),
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
    return { draft: whole, typed: draft };
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

  /** A load between two steps: a notification (without Cancel) only when it takes more than a second. */
  private withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
    return withInteractiveProgress(title, work, { cancellable: false });
  }
}
