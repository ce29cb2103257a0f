/** The pair limits the panel gives outside its page: a row's JSON for the clipboard, a load's summary for the log. */
import { pairKey } from '../../shared/currencyPairs';
import { pairsParamsLimits } from '../../shared/pairLimitsRows';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import type { EstimateCell, PairRow } from '../../shared/pairLimitsRows';
import type { EstimateOutcome, EstimateReport } from './fetchLimits';
import { describeOutcome } from './fetchLimits';
import type { LimitsReport } from './loadLimits';

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

/** A short description of an estimate's outcome, for the log: `limits`, `limits:amount-error`, `missing`, … */
function describeEstimate(outcome: EstimateOutcome | undefined): string {
  if (outcome && 'limits' in outcome) return outcome.via === 'result' ? 'limits' : 'limits:amount-error';
  if (outcome && 'unreadable' in outcome) return `unreadable:${outcome.unreadable.field ?? 'result'}`;
  return describeOutcome(outcome);
}

function callsOf(report: EstimateReport): string {
  return `${report.calls.bulk} bulk + ${report.calls.single} single`;
}

/** For the log: the calls of each source and each pair's three outcomes. */
export function summarize(pairs: readonly CurrencyPairKey[], report: LimitsReport): string {
  const pp = report.pairsParams;
  const calls = `getPairsParams ${pp === 'gone' ? 'gone' : `${pp.calls} calls`}, getExchangeAmount ${callsOf(report.float)}, getFixRateForAmount ${callsOf(report.fixed)}`;
  const rows = pairs.map((p) => {
    const key = pairKey(p);
    const deprecated = pp === 'gone' ? 'gone' : describeOutcome(pp.outcomes.get(key));
    return `${key}=${deprecated}|${describeEstimate(report.float.outcomes.get(key))}|${describeEstimate(report.fixed.outcomes.get(key))}`;
  });
  return `${calls}; ${rows.join(' ')}`;
}
