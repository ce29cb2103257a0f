/**
 * The row the panel shows for a pair, made of its fetch outcome: its limits (bounded strings), or
 * why it has none, by the error's class. `l10n` is `vscode.l10n` in the extension and the English
 * bundle in the browser test of the page, so both make rows the same way.
 */
import type * as vscode from 'vscode';
import { CurrencyDisabledError, CurrencyNotFoundError, InvalidParameterError } from '../../api';
import type { ServiceError } from '../../api';
import { sanitize } from '../../shared/format';
import { boundValue } from '../../shared/pairLimitsProtocol';
import type { CurrencyPairKey, FailedRow, PairRow } from '../../shared/pairLimitsProtocol';
import type { PairOutcome } from './fetchPairLimits';

/** Why the service refused a pair, in words. */
function refusal(error: ServiceError, l10n: Pick<typeof vscode.l10n, 't'>): Pick<FailedRow, 'kind' | 'reason'> {
  if (error instanceof CurrencyDisabledError) {
    const currency = sanitize(error.currency, 40);
    const reason =
      error.direction === 'input'
        ? l10n.t('{0} is temporarily disabled as an input currency (it cannot be sent).', currency)
        : error.direction === 'output'
          ? l10n.t('{0} is temporarily disabled as an output currency (it cannot be received).', currency)
          : l10n.t('{0} is temporarily disabled.', currency);
    return { kind: 'currency-disabled', reason };
  }
  if (error instanceof CurrencyNotFoundError) {
    return { kind: 'currency-not-found', reason: l10n.t('{0} is not a currency the service knows.', sanitize(error.currency, 40)) };
  }
  if (error instanceof InvalidParameterError) {
    return { kind: 'invalid-parameter', reason: l10n.t('The service refused the parameter "{0}" of this pair.', sanitize(error.param, 40)) };
  }
  return { kind: 'refused', reason: l10n.t('The service refused this pair (error {0}).', error.code) };
}

/** The row of a pair: its limits, why it has none, or (not settled) what it showed before. */
export function pairRow(pair: CurrencyPairKey, outcome: PairOutcome | undefined, before: PairRow | undefined, l10n: Pick<typeof vscode.l10n, 't'>): PairRow {
  if (!outcome) return before ?? { ...pair, state: 'pending' };
  if ('limits' in outcome) {
    const l = outcome.limits;
    return {
      ...pair,
      state: 'limits',
      minAmountFloat: boundValue(l.minAmountFloat),
      maxAmountFloat: boundValue(l.maxAmountFloat),
      minAmountFixed: boundValue(l.minAmountFixed),
      maxAmountFixed: boundValue(l.maxAmountFixed),
    };
  }
  if ('missing' in outcome) {
    return { ...pair, state: 'failed', kind: 'missing', reason: l10n.t('The service answered without limits for this pair.'), detail: '' };
  }
  return { ...pair, state: 'failed', ...refusal(outcome.error, l10n), detail: boundValue(outcome.error.serviceMessage) };
}
