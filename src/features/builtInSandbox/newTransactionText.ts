/** The words of "Sandbox: New Transaction…": limits, amount problems, the steps of creation, refusals. */
import * as vscode from 'vscode';
import { ticker } from '../../shared/format';
import type { AddressField, CreationStep } from './newTransactionCore';
import type { AmountProblem, TransactionDraft } from './transactionDraft';
import type { PayinLimits } from '../common/payinAmount';

export const range = (limits: PayinLimits | undefined, currency: string): string => {
  const min = limits?.min;
  const max = limits?.max;
  const unit = ticker(currency);
  if (min !== undefined && max !== undefined) return vscode.l10n.t('{0} to {1} {2}', min, max, unit);
  if (min !== undefined) return vscode.l10n.t('at least {0} {1}', min, unit);
  if (max !== undefined) return vscode.l10n.t('at most {0} {1}', max, unit);
  return vscode.l10n.t('limits unknown');
};

export function amountProblemText(problem: AmountProblem, currency: string): string {
  switch (problem.kind) {
    case 'format':
      return vscode.l10n.t('A plain decimal such as 0.5 (no sign, exponent or spaces).');
    case 'zero':
      return vscode.l10n.t('The amount must be more than zero.');
    case 'precision':
      return vscode.l10n.t('{0} has at most {1} decimals.', ticker(currency), problem.digits);
    case 'below':
      return vscode.l10n.t('The minimum for this pair is {0} {1}.', problem.min, ticker(currency));
    case 'above':
      return vscode.l10n.t('The maximum for this pair is {0} {1}.', problem.max, ticker(currency));
  }
}

const fieldName = (field: AddressField): string =>
  field === 'address'
    ? vscode.l10n.t('payout address')
    : field === 'extraId'
      ? vscode.l10n.t('payout extra ID')
      : field === 'refundAddress'
        ? vscode.l10n.t('refund address')
        : vscode.l10n.t('refund extra ID');

export const stepText = (step: CreationStep): string =>
  step === 'addresses'
    ? vscode.l10n.t('Checking the addresses…')
    : step === 'estimate'
      ? vscode.l10n.t('Estimating…')
      : vscode.l10n.t('Creating the transaction…');

export function amountRefusedText(draft: TransactionDraft, limits: PayinLimits): string {
  return vscode.l10n.t(
    'The sandbox refused {0} {1}: the {2} → {3} limits are {4}.',
    draft.amount,
    ticker(draft.from),
    ticker(draft.from),
    ticker(draft.to),
    range(limits, draft.from),
  );
}

export function addressRefusedText(field: AddressField, currency: string, why: string): string {
  return vscode.l10n.t('The sandbox refused the {0} for {1}: {2}.', fieldName(field), ticker(currency), why);
}
