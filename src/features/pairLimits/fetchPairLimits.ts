/**
 * Fetching the limits of a list of pairs, pure (no `vscode`): one `getPairsParams` call for the
 * whole list; when the service refuses the call because of some pair, the pairs to blame get that
 * error as their own outcome and the rest are asked for again in one more call.
 *
 * The service fails the whole call with the first refused pair's error (`Invalid currency: xmr is
 * temporary disabled on API as input currency`), which names a currency and, for a disabled one,
 * the side it is refused on. Every pair of the group with that currency on that side is refused
 * for the same reason, so all of them are set aside at once: a list with k distinct refused
 * currencies costs at most k + 1 calls. An error that names nothing usable (`Parameter from is
 * invalid`, an unknown -32602 message) splits the group in halves instead; a lone pair takes the
 * error as its own. Each call settles at least one pair or halves a group, so n pairs never cost
 * more than 2n − 1 calls. Every call goes through the client, whose one rate limiter paces them.
 *
 * Any other error (keys refused, unreachable, rate limit after retries, an unreadable answer,
 * cancelled) is not a pair's fault: fetching stops and it is reported for the whole list.
 */
import { CurrencyDisabledError, CurrencyNotFoundError, InvalidParameterError, ServiceError } from '../../api';
import type { PairLimits } from '../../api';
import { pairKey } from '../../shared/currencyPairs';
import type { CurrencyPairKey } from '../../shared/currencyPairs';

export type PairOutcome =
  { readonly limits: PairLimits } | { readonly error: ServiceError } | { readonly missing: true };

export interface PairLimitsReport {
  /** By `pairKey`, for every pair settled (all of them unless `failure` is set). */
  readonly outcomes: ReadonlyMap<string, PairOutcome>;
  /** The error that stopped fetching, not blamed on any pair. */
  readonly failure?: unknown;
  /** `getPairsParams` calls made. */
  readonly calls: number;
}

export type FetchPairs = (pairs: readonly CurrencyPairKey[]) => Promise<readonly PairLimits[]>;

/** -32602: the service refused a parameter; the other errors are not about a pair. */
export function isPairError(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.code === -32602;
}

/**
 * The pairs of `group` that `error` is about, by the currency it names and the side it refuses
 * it on; empty when it names none of them.
 */
export function blamedPairs(error: ServiceError, group: readonly CurrencyPairKey[]): CurrencyPairKey[] {
  if (error instanceof CurrencyNotFoundError) {
    const currency = error.currency.toLowerCase();
    return group.filter((p) => p.from === currency || p.to === currency);
  }
  if (error instanceof CurrencyDisabledError) {
    const currency = error.currency.toLowerCase();
    const asInput = error.direction !== 'output';
    const asOutput = error.direction !== 'input';
    return group.filter((p) => (asInput && p.from === currency) || (asOutput && p.to === currency));
  }
  return [];
}

/** Splits a group in two halves (the first one larger by one for an odd length). */
export function halves<T>(group: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(group.length / 2);
  return [group.slice(0, middle), group.slice(middle)];
}

/** The limits of every pair of `pairs` (distinct, lowercase), each with its own outcome. */
export async function fetchPairLimits(fetch: FetchPairs, pairs: readonly CurrencyPairKey[]): Promise<PairLimitsReport> {
  const outcomes = new Map<string, PairOutcome>();
  const queue: CurrencyPairKey[][] = pairs.length > 0 ? [[...pairs]] : [];
  let calls = 0;
  for (let group = queue.shift(); group; group = queue.shift()) {
    calls++;
    let answer: readonly PairLimits[];
    try {
      answer = await fetch(group);
    } catch (error) {
      if (!isPairError(error)) return { outcomes, failure: error, calls };
      if (group.length === 1) {
        for (const pair of group) outcomes.set(pairKey(pair), { error });
        continue;
      }
      const blamed = blamedPairs(error, group);
      if (blamed.length > 0) {
        for (const pair of blamed) outcomes.set(pairKey(pair), { error });
        const rest = group.filter((p) => !blamed.includes(p));
        if (rest.length > 0) queue.unshift(rest);
      } else {
        queue.unshift(...halves(group));
      }
      continue;
    }
    // The order of the result is not specified: match records to pairs by their tickers.
    const byKey = new Map(
      answer.map((limits) => [pairKey({ from: limits.from.toLowerCase(), to: limits.to.toLowerCase() }), limits]),
    );
    for (const pair of group) {
      const limits = byKey.get(pairKey(pair));
      outcomes.set(pairKey(pair), limits ? { limits } : { missing: true });
    }
  }
  return { outcomes, calls };
}

/** A short description of an outcome, for the log: `limits`, `missing`, `disabled:xmr:input`, … */
export function describeOutcome(outcome: PairOutcome | undefined): string {
  if (!outcome) return 'unsettled';
  if ('limits' in outcome) return 'limits';
  if ('missing' in outcome) return 'missing';
  const e = outcome.error;
  if (e instanceof CurrencyDisabledError) return `disabled:${e.currency}:${e.direction}`;
  if (e instanceof CurrencyNotFoundError) return `not-found:${e.currency}`;
  if (e instanceof InvalidParameterError) return `invalid:${e.param}`;
  return `refused:${e.code}`;
}
