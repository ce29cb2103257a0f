/** A pair's row from its three outcomes: each source's limits, or why it has none (by the error's class). */
import type * as vscode from 'vscode';
import { CurrencyDisabledError, CurrencyNotFoundError, InvalidParameterError } from '../../api';
import type { ServiceError } from '../../api';
import { boundValue } from '../../shared/currencyPairs';
import { pairsParamsLimits, PENDING_ESTIMATES, rowFailed } from '../../shared/pairLimitsRows';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import type { EstimateCell, FailedRow, PairRow, RowEstimates } from '../../shared/pairLimitsRows';
import type { EstimateOutcome, PairOutcome } from './fetchLimits';
import { safeText } from '../../shared/safeText';

type Localizer = Pick<typeof vscode.l10n, 't'>;

function failure(
  outcome: { readonly missing: true } | { readonly error: ServiceError },
  l10n: Localizer,
): Pick<FailedRow, 'kind' | 'reason' | 'detail'> {
  if ('missing' in outcome)
    return { kind: 'missing', reason: l10n.t('The service answered without limits for this pair.'), detail: '' };
  const error = outcome.error;
  const detail = boundValue(error.serviceMessage);
  if (error instanceof CurrencyDisabledError) {
    const currency = safeText(error.currency, 40);
    const reason =
      error.direction === 'input'
        ? l10n.t('{0} is temporarily disabled as an input currency (it cannot be sent).', currency)
        : error.direction === 'output'
          ? l10n.t('{0} is temporarily disabled as an output currency (it cannot be received).', currency)
          : l10n.t('{0} is temporarily disabled.', currency);
    return { kind: 'currency-disabled', reason, detail };
  }
  if (error instanceof CurrencyNotFoundError) {
    const reason = l10n.t('{0} is not a currency the service knows.', safeText(error.currency, 40));
    return { kind: 'currency-not-found', reason, detail };
  }
  if (error instanceof InvalidParameterError) {
    const reason = l10n.t('The service refused the parameter "{0}" of this pair.', safeText(error.param, 40));
    return { kind: 'invalid-parameter', reason, detail };
  }
  return { kind: 'refused', reason: l10n.t('The service does not accept this pair; its answer is below.'), detail };
}

/** An estimate's cell: its bounds, why it has none, or (not settled) what it showed before. */
export function estimateCell(
  outcome: EstimateOutcome | undefined,
  before: EstimateCell | undefined,
  l10n: Localizer,
): EstimateCell {
  if (!outcome) return before ?? { state: 'pending' };
  if ('limits' in outcome) {
    const l = outcome.limits;
    const bound = (text: string | undefined): string => boundValue(text ?? '');
    return {
      state: 'limits',
      via: outcome.via,
      minFrom: bound(l.minFrom),
      maxFrom: bound(l.maxFrom),
      minTo: bound(l.minTo),
      maxTo: bound(l.maxTo),
    };
  }
  if ('unreadable' in outcome) {
    const field = safeText(outcome.unreadable.field ?? 'result', 60);
    return {
      state: 'failed',
      kind: 'unreadable',
      reason: l10n.t('The service\'s answer for this pair could not be read ("{0}" is malformed).', field),
      detail: boundValue(outcome.unreadable.message),
    };
  }
  return { state: 'failed', ...failure(outcome, l10n) };
}

/** 'gone': getPairsParams is no more. */
export interface RowOutcomes {
  readonly pairsParams: PairOutcome | 'gone' | undefined;
  readonly float: EstimateOutcome | undefined;
  readonly fixed: EstimateOutcome | undefined;
}

/** The row of a pair: each source's limits, why it has none, or (not settled) what it showed before. */
export function pairRow(
  pair: CurrencyPairKey,
  outcomes: RowOutcomes,
  before: PairRow | undefined,
  l10n: Localizer,
): PairRow {
  const estimates: RowEstimates = {
    float: estimateCell(outcomes.float, before?.float, l10n),
    fixed: estimateCell(outcomes.fixed, before?.fixed, l10n),
  };
  const outcome = outcomes.pairsParams;
  if (outcome === 'gone') return { ...pair, state: 'unavailable', ...estimates };
  if (!outcome) {
    if (!before) return { ...pair, state: 'pending', ...estimates };
    return { ...before, ...estimates };
  }
  if ('limits' in outcome) {
    const l = outcome.limits;
    return { ...pair, state: 'limits', ...pairsParamsLimits((field) => boundValue(l[field])), ...estimates };
  }
  return { ...pair, state: 'failed', ...failure(outcome, l10n), ...estimates };
}

export function pendingRow(pair: CurrencyPairKey): PairRow {
  return { ...pair, state: 'pending', ...PENDING_ESTIMATES };
}

const REFUSED_PAIR: readonly string[] = ['currency-not-found', 'invalid-parameter', 'refused'];

/** Whether no source gave limits and each one that failed refused the pair itself. */
export function refusedEverywhere(row: PairRow): boolean {
  if (!rowFailed(row)) return false;
  const kinds = [
    row.state === 'failed' ? row.kind : undefined,
    row.float.state === 'failed' ? row.float.kind : undefined,
    row.fixed.state === 'failed' ? row.fixed.kind : undefined,
  ].filter((kind): kind is NonNullable<typeof kind> => kind !== undefined);
  return kinds.length > 0 && kinds.every((kind) => REFUSED_PAIR.includes(kind));
}

/** What "copy" puts on the clipboard: the row's limits from each source (null where it has none), as JSON. */
export function copiedLimits(row: PairRow): string {
  const estimate = (cell: EstimateCell) =>
    cell.state === 'limits'
      ? { minFrom: cell.minFrom, maxFrom: cell.maxFrom, minTo: cell.minTo, maxTo: cell.maxTo }
      : null;
  const copied = {
    from: row.from,
    to: row.to,
    getExchangeAmount: estimate(row.float),
    getFixRateForAmount: estimate(row.fixed),
    getPairsParams: row.state === 'limits' ? pairsParamsLimits((field) => row[field]) : null,
  };
  return JSON.stringify(copied, null, 2);
}
