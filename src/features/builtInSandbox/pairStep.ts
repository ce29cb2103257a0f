/**
 * New Transaction's pair step, in two questions: the payin currency (a few hundred), then the
 * payout among that currency's pairs (a few hundred), instead of one list of ~27,000 pairs that
 * takes seconds to show and to filter. Both questions are step 1 of the flow; the payout has Back
 * (to the payin), and the pair chosen before comes first in both.
 */
import * as vscode from 'vscode';
import type { CurrencyInfo } from '../../api/types';
import { ticker } from '../../shared/format';
import type { PairChoice, SandboxOperations } from './newTransactionCore';
import { loadPairsFrom, loadPayins } from './newTransactionCore';
import { BACK, pickStep } from './stepPrompts';
import type { Back, StepCounter } from './stepPrompts';
import { safeText } from '../../shared/safeText';

export interface CurrencyItem extends vscode.QuickPickItem {
  /** The ticker, as the service names it. */
  readonly currency: string;
}

export interface PairItem extends vscode.QuickPickItem {
  readonly pair: PairChoice;
}

/** The two questions of the pair step; each resolves undefined when the user cancels, BACK for Back. */
export interface PairPrompts {
  /** The payin currency: its ticker. */
  payin(items: readonly CurrencyItem[], title: string, steps: StepCounter): Promise<string | Back | undefined>;
  /** The pair among the payin's pairs (the payout). */
  pair(items: readonly PairItem[], title: string, steps: StepCounter): Promise<PairChoice | Back | undefined>;
}

export const windowPairPrompts: PairPrompts = {
  async payin(items, title, steps) {
    const chosen = await pickStep(items, {
      title,
      placeHolder: vscode.l10n.t('The currency you pay in (payin)'),
      matchOnDescription: true,
      ...steps,
    });
    return chosen === BACK ? BACK : chosen?.currency;
  },
  async pair(items, title, steps) {
    const chosen = await pickStep(items, {
      title,
      placeHolder: vscode.l10n.t('The currency you get (payout)'),
      matchOnDescription: true,
      back: true,
      ...steps,
    });
    return chosen === BACK ? BACK : chosen?.pair;
  },
};

export function currencyItems(currencies: readonly CurrencyInfo[]): CurrencyItem[] {
  return currencies.map((c) => ({
    currency: c.ticker,
    label: ticker(c.ticker),
    description: safeText(c.fullName ?? c.name ?? c.ticker, 40),
  }));
}

export function pairItems(pairs: readonly PairChoice[]): PairItem[] {
  const floatOnly = vscode.l10n.t('floating rate only');
  const both = vscode.l10n.t('floating or fixed rate');
  return pairs.map((pair) => ({
    pair,
    label: `${ticker(pair.from)} → ${ticker(pair.to)}`,
    description: safeText(pair.toCurrency?.fullName ?? pair.to, 40),
    detail: pair.fixed ? both : floatOnly,
  }));
}

/**
 * Asks the payin, then the payout among its pairs (Back from the payout asks the payin again);
 * the pair chosen, or undefined when the user cancelled. `load` runs a load with its progress.
 */
export async function askPair(
  prompts: PairPrompts,
  client: Pick<SandboxOperations, 'getCurrenciesFull' | 'getPairs'>,
  options: {
    readonly title: string;
    readonly steps: StepCounter;
    readonly last?: PairChoice;
    readonly load: <T>(title: string, work: () => Promise<T>) => Thenable<T>;
  },
): Promise<PairChoice | undefined> {
  const { title, steps, last, load } = options;
  const { currencies, payins } = await load(vscode.l10n.t("Reading the sandbox's currencies…"), () =>
    loadPayins(client, last?.from),
  );
  for (;;) {
    const from = await prompts.payin(currencyItems(payins), title, steps);
    if (from === undefined || from === BACK) return undefined;
    const pairs = await load(vscode.l10n.t('Reading the pairs of {0}…', ticker(from)), () =>
      loadPairsFrom(client, from, currencies, last),
    );
    const pair = await prompts.pair(pairItems(pairs), title, steps);
    if (pair === BACK) continue;
    return pair;
  }
}
