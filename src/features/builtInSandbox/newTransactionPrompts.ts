/** The questions of "Sandbox: New Transaction…": an interface tests script, and the window's. */
import * as vscode from 'vscode';
import type { CurrencyInfo } from '../../api/types';
import { ticker } from '../../shared/format';
import { safeText } from '../../shared/safeText';
import type { PairChoice } from './newTransactionCore';

export interface CurrencyItem extends vscode.QuickPickItem {
  readonly currency: string;
}

export interface PairItem extends vscode.QuickPickItem {
  readonly pair: PairChoice;
}

export interface AmountPrompt {
  readonly title: string;
  /** What to type, with the pair's limits. */
  readonly limits: string;
  readonly value: string;
  /** undefined when the text may be sent, else what is wrong. */
  readonly validate: (text: string) => string | undefined;
  readonly createLabel: (amount: string) => string;
}

/** The amount typed, and whether to open it as a request document instead of creating. */
export interface AmountAnswer {
  readonly amount: string;
  readonly asRequest: boolean;
}

/** The questions of the flow; each resolves undefined when the user cancels (Escape). */
export interface NewTransactionPrompts {
  payin(items: readonly CurrencyItem[], title: string): Promise<string | undefined>;
  pair(items: readonly PairItem[], title: string): Promise<PairChoice | undefined>;
  amount(prompt: AmountPrompt): Promise<AmountAnswer | undefined>;
  /** A refusal with the one action that edits what was refused: true when the user took it. */
  refused(message: string, action: string): Promise<boolean>;
}

export function currencyItems(currencies: readonly CurrencyInfo[]): CurrencyItem[] {
  return currencies.map((c) => ({
    currency: c.ticker,
    label: ticker(c.ticker),
    description: safeText(c.fullName ?? c.name ?? c.ticker, 40),
  }));
}

export function pairItems(pairs: readonly PairChoice[]): PairItem[] {
  return pairs.map((pair) => ({
    pair,
    label: `${ticker(pair.from)} → ${ticker(pair.to)}`,
    description: safeText(pair.toCurrency?.fullName ?? pair.to, 40),
  }));
}

/** Settles with the item accepted (when `accepts` takes it), or undefined when hidden. */
function answer<T extends vscode.QuickPickItem>(
  pick: vscode.QuickPick<T>,
  accepts: (item: T) => boolean = () => true,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const done = (item: T | undefined): void => {
      for (const s of subscriptions) s.dispose();
      pick.dispose();
      resolve(item);
    };
    const subscriptions = [
      pick.onDidAccept(() => {
        const item = pick.selectedItems[0];
        if (item && accepts(item)) done(item);
      }),
      pick.onDidHide(() => done(undefined)),
    ];
    pick.show();
  });
}

function pickOne<T extends vscode.QuickPickItem>(items: readonly T[], title: string, placeholder: string) {
  const pick = vscode.window.createQuickPick<T>();
  Object.assign(pick, { title, placeholder, items, matchOnDescription: true });
  return answer(pick);
}

type AmountItem = vscode.QuickPickItem & { readonly asRequest: boolean; readonly valid: boolean };

export const windowPrompts: NewTransactionPrompts = {
  async payin(items, title) {
    return (await pickOne(items, title, vscode.l10n.t('The currency you pay in (payin)')))?.currency;
  },
  async pair(items, title) {
    return (await pickOne(items, title, vscode.l10n.t('The currency you get (payout)')))?.pair;
  },
  async amount(prompt) {
    const pick = vscode.window.createQuickPick<AmountItem>();
    const asRequest: AmountItem = {
      label: `$(json) ${vscode.l10n.t('Edit as Request…')}`,
      detail: vscode.l10n.t(
        'createTransaction in a request document: change the addresses, extra IDs or refund address, then send it',
      ),
      alwaysShow: true,
      asRequest: true,
      valid: true,
    };
    // Create first: items no label matches keep their order.
    const items = (text: string): AmountItem[] => {
      const problem = prompt.validate(text);
      const label = problem === undefined ? `$(check) ${prompt.createLabel(text.trim())}` : `$(error) ${problem}`;
      return [{ label, detail: prompt.limits, alwaysShow: true, asRequest: false, valid: !problem }, asRequest];
    };
    Object.assign(pick, { title: prompt.title, placeholder: prompt.limits, value: prompt.value, ignoreFocusOut: true });
    pick.items = items(prompt.value);
    let typed = prompt.value;
    const subscription = pick.onDidChangeValue((text) => {
      typed = text;
      pick.items = items(text);
    });
    const chosen = await answer(pick, (item) => item.valid);
    subscription.dispose();
    return chosen && { amount: typed, asRequest: chosen.asRequest };
  },
  async refused(message, action) {
    return (await vscode.window.showErrorMessage(message, action)) === action;
  },
};
