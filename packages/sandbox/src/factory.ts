/**
 * Makes the fixed data of one transaction: id, addresses, extra ids, hashes, rate, amounts and
 * fees, all from a seeded generator and exact decimals. What the outside sees of these at a given
 * time is decided by the plan (lifecycle.ts) and projected by records.ts.
 */
import type { SnapshotTransaction } from '../../../src/shared/controlProtocol';
import type { Currency } from './currencies';
import { requireCurrency } from './currencies';
import * as dec from './decimal';
import type { PlanStep, TransactionType } from './lifecycle';
import { payTillFor } from './lifecycle';
import type { Random } from './random';
import { LOWER_ALNUM } from './random';

/**
 * A transaction as the ledger holds it: every field a snapshot stores (the one list of them), the
 * subaccount always known; see records.ts for what a client sees at a given time.
 */
export interface LedgerTransaction extends SnapshotTransaction {
  readonly subaccountId: string | null;
  /** Arrived with the sandbox's traffic (traffic.ts): not the user's own, retired once settled and old. */
  readonly traffic?: true;
}

/** A fresh transaction id: 12–16 lowercase letters and digits, both kinds present. */
export function makeId(rng: Random, taken: (id: string) => boolean): string {
  for (;;) {
    const id = rng.chars(LOWER_ALNUM, rng.int(12, 16));
    const letters = id.replace(/[0-9]/g, '').length;
    if (letters >= 2 && id.length - letters >= 2 && !taken(id)) return id;
  }
}

export interface TransactionSpec {
  readonly id: string;
  readonly createdAtMs: number;
  readonly type: TransactionType;
  readonly from: string;
  readonly to: string;
  readonly plan: readonly PlanStep[];
  readonly amountExpectedFrom?: string;
  readonly payinAddress?: string;
  readonly payinExtraId?: string | null;
  readonly payoutAddress?: string;
  readonly payoutExtraId?: string | null;
  /** The rate agreed at creation (default: the market rate less a random spread). */
  readonly rate?: string;
  /** The payout estimated at creation (default: `amountExpectedFrom × rate`). */
  readonly amountExpectedTo?: string;
  /** Default: a random address of the payin currency. */
  readonly refundAddress?: string;
  readonly refundExtraId?: string | null;
  readonly subaccountId?: string | null;
}

/**
 * The decimals the transactions are made of again and again (the catalogue's prices and network
 * fees, the fee percents), each read once: seeding a ledger reads some 2000 of them, mostly before
 * V8 has optimised anything. At most `KNOWN_MAX` are kept, so other text (a snapshot's fees) cannot grow it.
 */
const known = new Map<string, dec.Fixed>();
const KNOWN_MAX = 512;

function parseKnown(text: string): dec.Fixed {
  let value = known.get(text);
  if (value === undefined) {
    value = dec.parse(text);
    if (known.size < KNOWN_MAX) known.set(text, value);
  }
  return value;
}

function usdAmount(rng: Random, c: Currency): dec.Fixed {
  const usd = Math.exp(rng.float(Math.log(30), Math.log(8000)));
  return dec.round(dec.roundSignificant(dec.div(dec.fromNumber(usd, 2), parseKnown(c.usdPrice)), 4), c.decimals);
}

/**
 * The payout of `amountFrom` received at `rate`: the fees (exchange and partner percent of the
 * gross, plus the payout currency's network fee) and what is left for the payout address.
 */
export function payoutOf(
  to: Currency,
  amountFrom: dec.Fixed,
  rate: dec.Fixed,
  exchangeFee: string,
  apiExtraFee: string,
): { amountTo: dec.Fixed; totalFee: dec.Fixed } {
  const gross = dec.mul(amountFrom, rate);
  const percent = dec.div(parseKnown(exchangeFee) + parseKnown(apiExtraFee), parseKnown('100'));
  const totalFee = dec.round(dec.mul(gross, percent) + parseKnown(to.networkFee), to.decimals);
  return { amountTo: gross > totalFee ? dec.round(gross - totalFee, to.decimals) : 0n, totalFee };
}

export function makeTransaction(rng: Random, spec: TransactionSpec): LedgerTransaction {
  const from = requireCurrency(spec.from);
  const to = requireCurrency(spec.to);
  const fixed = spec.type === 'fixed';
  // The service's rate: the market rate less a small spread, 10 significant digits.
  const market = dec.div(parseKnown(from.usdPrice), parseKnown(to.usdPrice));
  const rate =
    spec.rate !== undefined
      ? dec.parse(spec.rate)
      : dec.roundSignificant(dec.mul(market, dec.fromNumber(rng.float(0.975, 0.995), 6)), 10);
  const expectedFrom =
    spec.amountExpectedFrom !== undefined ? dec.parse(spec.amountExpectedFrom) : usdAmount(rng, from);
  const expectedTo =
    spec.amountExpectedTo !== undefined
      ? dec.parse(spec.amountExpectedTo)
      : dec.round(dec.mul(expectedFrom, rate), to.decimals);
  const failed = spec.plan.some((s) => s.status === 'failed');
  let actualFrom = expectedFrom;
  if (failed) actualFrom = dec.round(dec.mul(expectedFrom, dec.fromNumber(rng.float(0.05, 0.4), 4)), from.decimals);
  else if (!fixed && rng.chance(0.25))
    actualFrom = dec.round(dec.mul(expectedFrom, dec.fromNumber(rng.float(0.95, 1.05), 4)), from.decimals);
  const exchangeFee = '0.25';
  const apiExtraFee = rng.pick(['0', '0', '0', '0.1', '0.5']);
  const { amountTo, totalFee: fee } = payoutOf(to, actualFrom, rate, exchangeFee, apiExtraFee);
  const extraIdFor = (c: Currency, share: number): string | null =>
    c.extraIdName && rng.chance(share) ? c.extraId(rng) : null;
  const quirk = rng.next();
  return {
    id: spec.id,
    createdAtMs: spec.createdAtMs,
    createdAtUs: spec.createdAtMs * 1000 + rng.int(0, 999),
    type: spec.type,
    currencyFrom: from.ticker,
    currencyTo: to.ticker,
    payinAddress: spec.payinAddress ?? from.address(rng),
    payinExtraId: spec.payinExtraId !== undefined ? spec.payinExtraId : extraIdFor(from, 1),
    payoutAddress: spec.payoutAddress ?? to.address(rng),
    payoutExtraId: spec.payoutExtraId !== undefined ? spec.payoutExtraId : extraIdFor(to, 0.9),
    refundAddress: spec.refundAddress ?? from.address(rng),
    refundExtraId: spec.refundExtraId !== undefined ? spec.refundExtraId : extraIdFor(from, 0.7),
    rate: dec.format(rate),
    amountExpectedFrom: dec.format(expectedFrom),
    amountExpectedTo: dec.format(expectedTo),
    amountFrom: dec.format(actualFrom),
    amountTo: dec.format(amountTo),
    networkFee: to.networkFee,
    exchangeFee,
    apiExtraFee,
    totalFee: dec.format(fee),
    payinHash: from.hash(rng),
    payoutHash: to.hash(rng),
    refundHash: from.hash(rng),
    plan: spec.plan,
    payTillMs: fixed ? payTillFor(spec.plan, spec.createdAtMs) : null,
    omitsNulls: rng.chance(0.5),
    extraField: quirk < 0.08 ? 'trackUrl' : quirk < 0.12 ? 'subaccountId' : null,
    subaccountId: spec.subaccountId ?? null,
  };
}
