/**
 * Rates, estimates and limits of the estimate and create operations (docs/service/methods.md),
 * in exact decimals, and the book of fixed-rate quotes (rate IDs). Our rules (packages/sandbox/RULES.md):
 *  - a pair's rates depend only on its two tickers, not on the seed or the time: the float rate is
 *    the market rate (USD prices) less a spread of 0.5–1.5 %, the fixed rate 1 % below the float
 *    rate, both to 10 significant digits;
 *  - the limits in the payin currency are those of `getPairsParams` (float and fixed); in the
 *    payout currency `minTo = ⌈minFrom × rate⌉` and `maxTo = ⌊maxFrom × rate⌋` (payout decimals),
 *    so an `amountTo` within [minTo, maxTo] asks for an `amountFrom` within [minFrom, maxFrom];
 *  - a float estimate: `visibleAmount = amountFrom × rate`, `fee` 0.25 % of it, `amountTo =
 *    visibleAmount − fee`, `networkFee` the payout currency's, not deducted;
 *  - a fixed quote for `amountFrom`: `amountTo = amountFrom × result` (gross of `networkFee`); for
 *    `amountTo`: `amountFrom = ⌈amountTo ÷ result⌉` (payin decimals), `amountTo` as asked;
 *  - a rate ID lives 30 s from `getFixRateForAmount` and 60 s from the deprecated `getFixRate` (the
 *    lifetimes the service's documentation gives; settable per method with the sandbox's
 *    `rateIdLifetimeMs` option), until `expiredAt` (Unix seconds, so up to 1 s less), and is
 *    single-use.
 */
import type { Currency } from './currencies';
import type { TransactionType } from './lifecycle';
import * as dec from './decimal';
import { pairLimits } from './pairs';
import type { Random } from './random';
import { Random as Rng } from './random';

/** The service's fee on an exchange, in percent (as `exchangeFee` of the records). */
export const EXCHANGE_FEE_PERCENT = '0.25';
/** The operations that issue rate IDs. */
export type RateIdMethod = 'getFixRateForAmount' | 'getFixRate';
/**
 * How long a rate ID may be used, per operation that issues it (docs/service/documentation.md#rate-id-lifetime:
 * 30 s from `getFixRateForAmount`, 1 min from `getFixRate`, as R says).
 */
export const RATE_ID_LIFETIMES_MS: Readonly<Record<RateIdMethod, number>> = {
  getFixRateForAmount: 30_000,
  getFixRate: 60_000,
};
/** How long a rate ID of `getFixRateForAmount` may be used (the default of RATE_ID_LIFETIMES_MS). */
export const RATE_ID_LIFETIME_MS = RATE_ID_LIFETIMES_MS.getFixRateForAmount;
/** Quotes kept at most; the oldest are dropped first (the sandbox runs inside the editor). */
export const MAX_QUOTES = 10_000;

/** The limits of a pair for one type, as exact decimals. */
export interface Limits {
  readonly minFrom: dec.Fixed;
  readonly maxFrom: dec.Fixed;
  readonly minTo: dec.Fixed;
  readonly maxTo: dec.Fixed;
}

/** The float rate of a pair: the market rate less a spread fixed per pair. */
export function floatRate(from: Currency, to: Currency): dec.Fixed {
  const market = dec.div(dec.parse(from.usdPrice), dec.parse(to.usdPrice));
  const spread = Rng.derive(0, `rate:${from.ticker}:${to.ticker}`).float(0.985, 0.995);
  return dec.roundSignificant(dec.mul(market, dec.fromNumber(spread, 6)), 10);
}

/** The fixed rate of a pair: 1 % below its float rate. */
export function fixedRate(from: Currency, to: Currency): dec.Fixed {
  return dec.roundSignificant(dec.mul(floatRate(from, to), dec.parse('0.99')), 10);
}

export function rateOf(type: TransactionType, from: Currency, to: Currency): dec.Fixed {
  return type === 'float' ? floatRate(from, to) : fixedRate(from, to);
}

/** The limits of a pair for `type`: those of getPairsParams in the payin currency, converted at the rate. */
export function limitsOf(type: TransactionType, from: Currency, to: Currency): Limits {
  const record = pairLimits(from, to);
  const minFrom = dec.parse(type === 'float' ? record.minAmountFloat : record.minAmountFixed);
  const maxFrom = dec.parse(type === 'float' ? record.maxAmountFloat : record.maxAmountFixed);
  const rate = rateOf(type, from, to);
  return {
    minFrom,
    maxFrom,
    minTo: dec.roundUp(dec.mul(minFrom, rate), to.decimals),
    maxTo: dec.roundDown(dec.mul(maxFrom, rate), to.decimals),
  };
}

/** The six limit fields of an estimate result (`min = minFrom`, `max = maxFrom`). */
export function limitFields(limits: Limits): {
  max: string;
  maxFrom: string;
  maxTo: string;
  min: string;
  minFrom: string;
  minTo: string;
} {
  return {
    max: dec.format(limits.maxFrom),
    maxFrom: dec.format(limits.maxFrom),
    maxTo: dec.format(limits.maxTo),
    min: dec.format(limits.minFrom),
    minFrom: dec.format(limits.minFrom),
    minTo: dec.format(limits.minTo),
  };
}

/** `error.data.limits` of an amount error. */
export function errorLimits(limits: Limits): { min: { from: string; to: string }; max: { from: string; to: string } } {
  return {
    min: { from: dec.format(limits.minFrom), to: dec.format(limits.minTo) },
    max: { from: dec.format(limits.maxFrom), to: dec.format(limits.maxTo) },
  };
}

/** A float estimate of `amountFrom`. */
export interface FloatEstimate {
  readonly rate: dec.Fixed;
  readonly visibleAmount: dec.Fixed;
  readonly fee: dec.Fixed;
  readonly amountTo: dec.Fixed;
}

export function floatEstimate(from: Currency, to: Currency, amountFrom: dec.Fixed): FloatEstimate {
  const rate = floatRate(from, to);
  const visibleAmount = dec.round(dec.mul(amountFrom, rate), to.decimals);
  const fee = dec.round(
    dec.div(dec.mul(visibleAmount, dec.parse(EXCHANGE_FEE_PERCENT)), dec.parse('100')),
    to.decimals,
  );
  return { rate, visibleAmount, fee, amountTo: visibleAmount - fee };
}

/** A fixed-rate quote as the book keeps it. */
export interface Quote {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly result: dec.Fixed;
  /** The amounts quoted; absent for a quote of the pair only (`getFixRate`), good for any amount within the limits. */
  readonly amountFrom?: dec.Fixed;
  readonly amountTo?: dec.Fixed;
  /** The quote is refused from this moment (Unix ms, a whole second: `expiredAt × 1000`). */
  readonly expiresAtMs: number;
}

/** Characters of a rate ID: opaque, letters, digits and a few symbols, as the service's. */
const RATE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789%#$@~(';

/** The fixed-rate quotes issued and not used, expired or dropped yet. */
export class RateBook {
  private readonly quotes = new Map<string, Quote>();

  /** `rng` gives the stream rate IDs are drawn from (the ledger's issuer's, which a restart renews). */
  constructor(private readonly rng: () => Random) {}

  get size(): number {
    return this.quotes.size;
  }

  /** Issues a rate ID at `atMs` for a quote; it expires at the whole second `lifetimeMs` on (rounded down). */
  issue(atMs: number, quote: Omit<Quote, 'id' | 'expiresAtMs'>, lifetimeMs: number = RATE_ID_LIFETIME_MS): Quote {
    this.prune(atMs);
    let id: string;
    do id = this.rng().chars(RATE_ID_CHARS, 32);
    while (this.quotes.has(id));
    const issued: Quote = { ...quote, id, expiresAtMs: Math.floor((atMs + lifetimeMs) / 1000) * 1000 };
    this.quotes.set(id, issued);
    return issued;
  }

  /** The quote of a rate ID still usable at `atMs`, if any (it stays in the book until used). */
  find(id: string, atMs: number): Quote | undefined {
    const quote = this.quotes.get(id);
    return quote && atMs < quote.expiresAtMs ? quote : undefined;
  }

  /** Uses a rate ID up: it is refused from now on. */
  use(id: string): void {
    this.quotes.delete(id);
  }

  private prune(atMs: number): void {
    for (const [id, quote] of this.quotes) if (atMs >= quote.expiresAtMs) this.quotes.delete(id);
    while (this.quotes.size >= MAX_QUOTES) {
      const oldest = this.quotes.keys().next();
      if (oldest.done) break;
      this.quotes.delete(oldest.value);
    }
  }
}
