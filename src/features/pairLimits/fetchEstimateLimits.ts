/**
 * A pair's limits from one estimate operation (`getExchangeAmount` for the float rate,
 * `getFixRateForAmount` for the fixed rate), pure (no `vscode`). One bulk call asks for every
 * pair at its probe amount (probeAmount.ts); the answer's records carry the limits. A pair the
 * service refused is left out of a bulk answer without a word (docs/service/methods.md#conventions-of-the-estimate-and-create-methods), so each
 * pair missing from it is asked again alone, as a bare object, whose refusal is an error: an
 * amount error carries the limits in `error.data.limits` (read into the client's
 * AmountOutOfRangeError), any other -32602 refusal is the pair's own outcome. A list whose probes
 * are all inside the limits costs one call; each refused pair one more. Every call goes through
 * the client and its one rate limiter.
 *
 * A result the client cannot read (a record with a malformed field, e.g. an amount that is no
 * decimal) is about a pair too: the client reads a bulk answer whole, so one bad record fails it,
 * and each pair is asked alone; a pair whose own answer is unreadable has that as its outcome, the
 * others keep their limits.
 *
 * An error that is not about a pair (keys refused, unreachable, rate limit after retries, an
 * answer that is no JSON-RPC answer at all, "method not found", cancelled) stops it and is
 * reported for the whole list.
 */
import { AmountOutOfRangeError, ProtocolError } from '../../api';
import type { EstimateLimits, ServiceError } from '../../api';
import { pairKey } from '../../shared/currencyPairs';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import { isPairError } from './fetchPairLimits';

/** The most pairs in one bulk estimate (the sandbox's maximum; the panel holds far fewer). */
export const ESTIMATE_BULK = 100;

/** A pair's bounds as an estimate gives them: in the payin (`…From`) and payout (`…To`) currency. */
export interface EstimateBounds {
  readonly minFrom?: string;
  readonly maxFrom?: string;
  readonly minTo?: string;
  readonly maxTo?: string;
}

export type EstimateOutcome =
  /** `via`: read from the answer's record, or from the amount error of a probe out of range. */
  | { readonly limits: EstimateBounds; readonly via: 'result' | 'amount-error' }
  | { readonly error: ServiceError }
  /** The service's answer for this pair could not be read (its result, not its envelope). */
  | { readonly unreadable: ProtocolError }
  | { readonly missing: true };

export interface Probe extends CurrencyPairKey {
  readonly amountFrom: string;
}

/** One estimate operation: a bare object, or a bulk array. */
export type EstimateCall = (
  queries: Probe | readonly Probe[],
) => Promise<readonly (EstimateLimits & CurrencyPairKey)[]>;

export interface EstimateReport {
  /** By `pairKey`, for every pair settled (all of them unless `failure` is set). */
  readonly outcomes: ReadonlyMap<string, EstimateOutcome>;
  /** The error that stopped it, not blamed on any pair. */
  readonly failure?: unknown;
  /** Calls made: bulk ones, then single ones. */
  readonly calls: { readonly bulk: number; readonly single: number };
}

function defined(bounds: Record<keyof EstimateBounds, string | undefined>): EstimateBounds {
  return Object.fromEntries(Object.entries(bounds).filter(([, value]) => value !== undefined));
}

/** The bounds of an estimate record (`min`/`max` stand in for `minFrom`/`maxFrom`, as in every sample). */
export function boundsOfRecord(record: EstimateLimits): EstimateBounds {
  return defined({
    minFrom: record.minFrom ?? record.min,
    maxFrom: record.maxFrom ?? record.max,
    minTo: record.minTo,
    maxTo: record.maxTo,
  });
}

/** The bounds an amount error carries (`data.limits`, else the one bound its message names), if any. */
export function boundsOfAmountError(error: AmountOutOfRangeError): EstimateBounds | undefined {
  const limits = error.limits;
  const bounds = defined({
    minFrom: limits?.min?.from ?? (error.bound === 'min' ? error.amount : undefined),
    maxFrom: limits?.max?.from ?? (error.bound === 'max' ? error.amount : undefined),
    minTo: limits?.min?.to,
    maxTo: limits?.max?.to,
  });
  return Object.keys(bounds).length > 0 ? bounds : undefined;
}

/**
 * A well-formed JSON-RPC answer whose result has a malformed field (the decoder names it under
 * `result`); an answer that is not JSON, is truncated or is for another request is not one.
 */
export function isUnreadableResult(error: unknown): error is ProtocolError {
  return (
    error instanceof ProtocolError &&
    error.status === undefined &&
    error.field !== undefined &&
    /^result(\[|\.|$)/.test(error.field)
  );
}

/** A record's outcome: its bounds, or `missing` when it carries none (left out, or not decimals). */
function recordOutcome(record: EstimateLimits | undefined): EstimateOutcome {
  const limits = record ? boundsOfRecord(record) : {};
  return Object.keys(limits).length > 0 ? { limits, via: 'result' } : { missing: true };
}

function byPair(records: readonly (EstimateLimits & CurrencyPairKey)[]): Map<string, EstimateLimits> {
  const map = new Map<string, EstimateLimits>();
  for (const record of records) {
    const key = pairKey({ from: record.from.toLowerCase(), to: record.to.toLowerCase() });
    if (!map.has(key)) map.set(key, record);
  }
  return map;
}

/** The limits of every probe's pair from one estimate operation, each with its own outcome. */
export async function fetchEstimateLimits(call: EstimateCall, probes: readonly Probe[]): Promise<EstimateReport> {
  const outcomes = new Map<string, EstimateOutcome>();
  const calls = { bulk: 0, single: 0 };
  const alone: Probe[] = [];
  for (let at = 0; at < probes.length; at += ESTIMATE_BULK) {
    const chunk = probes.slice(at, at + ESTIMATE_BULK);
    calls.bulk++;
    let records: Map<string, EstimateLimits>;
    try {
      records = byPair(await call(chunk));
    } catch (error) {
      // A bulk call refused, or unreadable, as a whole for a pair's sake: each is asked alone.
      if (!isPairError(error) && !(error instanceof AmountOutOfRangeError) && !isUnreadableResult(error))
        return { outcomes, failure: error, calls };
      alone.push(...chunk);
      continue;
    }
    for (const probe of chunk) {
      const record = records.get(pairKey(probe));
      if (record) outcomes.set(pairKey(probe), recordOutcome(record));
      else alone.push(probe);
    }
  }
  for (const probe of alone) {
    calls.single++;
    const key = pairKey(probe);
    try {
      outcomes.set(key, recordOutcome(byPair(await call(probe)).get(key)));
    } catch (error) {
      if (error instanceof AmountOutOfRangeError) {
        const bounds = boundsOfAmountError(error);
        outcomes.set(key, bounds ? { limits: bounds, via: 'amount-error' } : { error });
      } else if (isPairError(error)) {
        outcomes.set(key, { error });
      } else if (isUnreadableResult(error)) {
        outcomes.set(key, { unreadable: error });
      } else {
        return { outcomes, failure: error, calls };
      }
    }
  }
  return { outcomes, calls };
}
