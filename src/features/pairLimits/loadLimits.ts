/** The panel's limits, pure: getPairsParams first (its bounds choose the probes), then both estimates side by side. */
import { CurrencyDisabledError, CurrencyNotFoundError, ServiceError } from '../../api';
import { pairKey } from '../../shared/currencyPairs';
import { pairsParamsField } from '../../shared/pairLimitsRows';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import type { Rate } from '../../shared/pairLimitsRows';
import { defaultAmount } from '../common/payinAmount';
import { describeOutcome, fetchEstimateLimits, fetchPairLimits } from './fetchLimits';
import type {
  EstimateBounds,
  EstimateCall,
  EstimateOutcome,
  EstimateReport,
  FetchPairs,
  PairLimitsReport,
  Probe,
} from './fetchLimits';

export interface LimitSources {
  readonly pairsParams: FetchPairs;
  readonly exchangeAmount: EstimateCall;
  readonly fixRate: EstimateCall;
}

/** What one load leaves for the next, per environment. */
export class LimitsMemory {
  /** getPairsParams answered "method not found": it is not asked again. */
  pairsParamsGone = false;
  readonly lastBounds = new Map<string, Partial<Record<Rate, EstimateBounds>>>();
}

export interface LimitsReport {
  readonly pairsParams: PairLimitsReport | 'gone';
  /** This load learnt that getPairsParams is gone (the panel says so once). */
  readonly pairsParamsGoneNow: boolean;
  readonly float: EstimateReport;
  readonly fixed: EstimateReport;
  readonly probes: Readonly<Record<Rate, readonly Probe[]>>;
  /** The first error that stopped a source, not blamed on any pair. */
  readonly failure?: unknown;
}

/** JSON-RPC -32601: the service does not have the method (by code, never by message). */
export function isMethodNotFound(error: unknown): boolean {
  return error instanceof ServiceError && error.code === -32601;
}

const NOTHING: EstimateReport = { outcomes: new Map(), calls: { bulk: 0, single: 0 } };

function pairsParamsBounds(
  report: PairLimitsReport | 'gone',
  key: string,
  rate: Rate,
): { min?: string; max?: string } | undefined {
  if (report === 'gone') return undefined;
  const outcome = report.outcomes.get(key);
  if (!outcome || !('limits' in outcome)) return undefined;
  const l = outcome.limits;
  return { min: l[pairsParamsField(rate, 'min')], max: l[pairsParamsField(rate, 'max')] };
}

/** The probe of a pair for one rate, inside its estimate's last bounds, else getPairsParams': it keeps the pair in a bulk answer. */
function probeOf(
  pair: CurrencyPairKey,
  rate: Rate,
  memory: LimitsMemory,
  pairsParams: PairLimitsReport | 'gone',
): Probe {
  const key = pairKey(pair);
  const last = memory.lastBounds.get(key)?.[rate];
  const bounds =
    last && (last.minFrom !== undefined || last.maxFrom !== undefined)
      ? { min: last.minFrom, max: last.maxFrom }
      : pairsParamsBounds(pairsParams, key, rate);
  return { ...pair, amountFrom: defaultAmount(bounds) };
}

export async function loadLimits(
  sources: LimitSources,
  pairs: readonly CurrencyPairKey[],
  memory: LimitsMemory,
): Promise<LimitsReport> {
  const listed = new Set(pairs.map(pairKey));
  for (const key of [...memory.lastBounds.keys()]) if (!listed.has(key)) memory.lastBounds.delete(key);
  let pairsParams: PairLimitsReport | 'gone' = 'gone';
  let goneNow = false;
  if (!memory.pairsParamsGone && pairs.length > 0) {
    const report = await fetchPairLimits(sources.pairsParams, pairs);
    if (isMethodNotFound(report.failure)) {
      memory.pairsParamsGone = true;
      goneNow = true;
    } else if (report.failure !== undefined) {
      return {
        pairsParams: report,
        pairsParamsGoneNow: false,
        float: NOTHING,
        fixed: NOTHING,
        probes: { float: [], fixed: [] },
        failure: report.failure,
      };
    } else {
      pairsParams = report;
    }
  }
  // Pairs refused for a currency: every operation refuses them alike.
  const refused = new Map<string, EstimateOutcome>();
  if (pairsParams !== 'gone') {
    for (const [key, outcome] of pairsParams.outcomes) {
      if (
        'error' in outcome &&
        (outcome.error instanceof CurrencyDisabledError || outcome.error instanceof CurrencyNotFoundError)
      )
        refused.set(key, { error: outcome.error });
    }
  }
  const asked = pairs.filter((pair) => !refused.has(pairKey(pair)));
  const probes = {
    float: asked.map((pair) => probeOf(pair, 'float', memory, pairsParams)),
    fixed: asked.map((pair) => probeOf(pair, 'fixed', memory, pairsParams)),
  };
  const run = (call: EstimateCall, list: readonly Probe[]): Promise<EstimateReport> =>
    list.length > 0 ? fetchEstimateLimits(call, list) : Promise.resolve(NOTHING);
  const [float, fixed] = await Promise.all([
    run(sources.exchangeAmount, probes.float),
    run(sources.fixRate, probes.fixed),
  ]);
  const withRefused = (report: EstimateReport): EstimateReport => ({
    ...report,
    outcomes: new Map([...refused, ...report.outcomes]),
  });
  for (const [rate, report] of [
    ['float', float],
    ['fixed', fixed],
  ] as const) {
    for (const [key, outcome] of report.outcomes) {
      if ('limits' in outcome) memory.lastBounds.set(key, { ...memory.lastBounds.get(key), [rate]: outcome.limits });
    }
  }
  const failure = float.failure ?? fixed.failure;
  return {
    pairsParams,
    pairsParamsGoneNow: goneNow,
    float: withRefused(float),
    fixed: withRefused(fixed),
    probes,
    ...(failure === undefined ? {} : { failure }),
  };
}

/** For the log: `limits`, `limits:amount-error`, `missing`, … */

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
