/**
 * The questions of "Sandbox: New Transaction…": the prompts as an interface (tests script them),
 * their window implementation, and which step ("2/5") each question is.
 */
import * as vscode from 'vscode';
import { windowPairPrompts } from './pairStep';
import type { PairPrompts } from './pairStep';
import type { TransactionType } from '../../api';
import { BACK, inputStep, pickStep } from './stepPrompts';
import type { Back, StepCounter } from './stepPrompts';

export interface KindItem extends vscode.QuickPickItem {
  readonly rate: TransactionType;
}
export interface InputPrompt extends StepCounter {
  readonly title: string;
  readonly prompt: string;
  readonly value: string;
  /** undefined when the text is acceptable, else what is wrong. */
  readonly validate: (text: string) => string | undefined;
}

/** The questions of the flow; each resolves undefined when the user cancels (Escape), BACK for Back. The pair is asked in two (pairStep.ts). */
export interface NewTransactionPrompts extends PairPrompts {
  kind(items: readonly KindItem[], title: string, steps: StepCounter): Promise<TransactionType | Back | undefined>;
  text(prompt: InputPrompt): Promise<string | Back | undefined>;
  /** A refusal with the one action that edits what was refused: true when the user took it. */
  refused(message: string, action: string): Promise<boolean>;
}

export const windowPrompts: NewTransactionPrompts = {
  ...windowPairPrompts,
  async kind(items, title, steps) {
    const chosen = await pickStep(items, { title, placeHolder: vscode.l10n.t('Floating or fixed rate'), ...steps });
    return chosen === BACK ? BACK : chosen?.rate;
  },
  text: (prompt) => inputStep(prompt),
  async refused(message, action) {
    return (await vscode.window.showErrorMessage(message, action)) === action;
  },
};

export type Step = 'pair' | 'amount' | 'address' | 'refund';

/**
 * "Step k of n" of a question: pair, rate (only when the pair may be fixed), amount, payout
 * address, refund address; an extra ID shares its address's step. Before the pair is chosen the
 * rate counts.
 */
export function stepOf(question: Step | 'kind', pair: { readonly fixed: boolean } | undefined): StepCounter {
  const noRate = pair !== undefined && !pair.fixed ? 1 : 0;
  const order: Record<Step | 'kind', number> = {
    pair: 1,
    kind: 2,
    amount: 3 - noRate,
    address: 4 - noRate,
    refund: 5 - noRate,
  };
  return { step: order[question], totalSteps: 5 - noRate };
}
