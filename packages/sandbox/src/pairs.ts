/**
 * Pair limits of `getPairsParams` (docs/service/methods.md#getpairsparams-deprecated): four bounds per pair as exact decimal strings. They
 * depend only on the two tickers, not on the seed, so clients can rely on fixed values. Which
 * currencies are refused, and how, comes from the availability in currencies.ts.
 */
import type { Currency } from './currencies';
import { findCurrency } from './currencies';
import * as dec from './decimal';
import { Random } from './random';

export interface PairLimitsRecord {
  from: string;
  to: string;
  minAmountFloat: string;
  maxAmountFloat: string;
  minAmountFixed: string;
  maxAmountFixed: string;
}

/**
 * Why a currency cannot be used on one side of a pair, as the service words it (docs/service/interface.md#errors),
 * or undefined when it can. `ticker` is compared and echoed lowercase.
 */
export function currencyRefusal(ticker: string, side: 'from' | 'to'): string | undefined {
  const name = ticker.toLowerCase();
  const c = findCurrency(name);
  if (!c) return `Invalid currency: ${name} not found`;
  if (c.availability === 'disabled') return `Invalid currency: ${name} temporary disabled`;
  if (side === 'from' && c.availability === 'no-input')
    return `Invalid currency: ${name} is temporary disabled on API as input currency`;
  if (side === 'to' && c.availability === 'no-output')
    return `Invalid currency: ${name} is temporary disabled on API as output currency`;
  return undefined;
}

/** `usd` worth of `c`, rounded to `significant` digits, then to at most `decimals` places. */
function worth(c: Currency, usd: number, significant: number, decimals: number): dec.Fixed {
  const amount = dec.div(dec.fromNumber(usd, 6), dec.parse(c.usdPrice));
  return dec.round(dec.roundSignificant(amount, significant), decimals);
}

/** The limits of a pair of usable currencies (tickers lowercase). */
export function pairLimits(from: Currency, to: Currency): PairLimitsRecord {
  const rng = Random.derive(0, `pair:${from.ticker}:${to.ticker}`);
  const minUsd = rng.float(12, 45);
  const maxUsd = rng.float(150_000, 1_500_000);
  const minFloat = worth(from, minUsd, 3, from.decimals);
  // The service's float maxima carry long tails such as "449172.45240999997"; so do ours.
  const maxFloat = worth(from, maxUsd, 17, 11);
  const minFixed = worth(from, minUsd * rng.float(1.2, 1.6), 3, from.decimals);
  const maxFixed = worth(from, maxUsd * rng.float(0.2, 0.5), 6, from.decimals);
  return {
    from: from.ticker,
    to: to.ticker,
    minAmountFloat: dec.format(minFloat),
    maxAmountFloat: dec.format(maxFloat),
    minAmountFixed: dec.format(minFixed),
    maxAmountFixed: dec.format(maxFixed),
  };
}
