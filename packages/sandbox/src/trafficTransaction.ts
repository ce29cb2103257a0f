/**
 * One transaction of the sandbox's traffic (traffic.ts: when they arrive): its path to an ending
 * (84% finished, some after a hold; failed, refunded, overdue, expired), its pair from the seeded
 * currencies by their weights, float or fixed, and how long it stays in each status with its
 * currencies' timings (their chains' block times, their confirmations, a fixed payin's window).
 * A relay's transaction stays in its status at least the relay's period. All of it is drawn from
 * the `Random` given, so the same draws give the same transaction. Figures: RULES.md, "Traffic".
 */
import type { KnownStatus } from '../../../src/shared/status';
import type { Currency } from './currencies';
import { requireCurrency } from './currencies';
import type { LedgerTransaction } from './factory';
import { makeId, makeTransaction } from './factory';
import { TICKER_WEIGHTS } from './seededLedger';
import type { PlanStep, TransactionType } from './lifecycle';
import { FLOAT_PAYMENT_WINDOW_MS } from './operations/create';
import type { Random } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A transaction drawn for a path: its type, its currencies, and its stay in each status but the last. */
export interface TrafficDraft {
  readonly type: TransactionType;
  readonly from: Currency;
  readonly to: Currency;
  readonly stays: number[];
}

/**
 * Time between two blocks of the chains the traffic uses (facts of the chains' protocols: their
 * target block or slot intervals); the service waits for `payinConfirmations` of them.
 */
const BLOCK_MS: Readonly<Record<string, number>> = {
  bitcoin: 600_000,
  bitcoincash: 600_000,
  litecoin: 150_000,
  dash: 150_000,
  dogecoin: 60_000,
  monero: 120_000,
  zcash: 75_000,
  ethereum: 12_000,
  cardano: 20_000,
  polkadot: 6_000,
  cosmos: 6_000,
  stellar: 5_000,
  ripple: 4_000,
  tron: 3_000,
  eos: 500,
  solana: 400,
};

const blockMs = (c: Currency): number => BLOCK_MS[c.blockchain] ?? 15_000;

type Ending = 'finished' | 'failed' | 'refunded' | 'overdue' | 'expired';
const ENDINGS: Record<Ending, number> = { finished: 84, failed: 4, refunded: 4, overdue: 4, expired: 4 };
const PAID_ENDINGS: Record<'finished' | 'failed' | 'refunded', number> = { finished: 90, failed: 5, refunded: 5 };

/** The statuses of a transaction that ends in `ending`, through `through` when given. */
function pathOf(ending: Ending, rng: Random, through?: KnownStatus): KnownStatus[] {
  const viaHold = through === 'hold' || (through === undefined && rng.chance(0.06));
  const viaExchanging = through === 'exchanging' || (through !== 'hold' && rng.chance(0.5));
  switch (ending) {
    case 'finished':
      return viaHold
        ? ['waiting', 'confirming', 'hold', 'exchanging', 'sending', 'finished']
        : ['waiting', 'confirming', 'exchanging', 'sending', 'finished'];
    case 'failed':
      return viaExchanging ? ['waiting', 'confirming', 'exchanging', 'failed'] : ['waiting', 'confirming', 'failed'];
    case 'refunded':
      return viaHold
        ? ['waiting', 'confirming', 'hold', 'refunded']
        : ['waiting', 'confirming', 'exchanging', 'refunded'];
    case 'overdue':
      return ['waiting', 'overdue'];
    case 'expired':
      return ['waiting', 'expired'];
  }
}

/** The path of a relay through `status`. */
export function relayPath(status: KnownStatus, rng: Random): KnownStatus[] {
  switch (status) {
    case 'waiting':
      return pathOf(rng.weighted(ENDINGS), rng, 'waiting');
    case 'sending':
      return pathOf('finished', rng, 'sending');
    case 'hold':
      return pathOf(rng.chance(0.7) ? 'finished' : 'refunded', rng, 'hold');
    default:
      return pathOf(rng.weighted(PAID_ENDINGS), rng, status);
  }
}

/** The path of a transaction arriving at random: its ending drawn by the outcomes' weights. */
export function randomPath(rng: Random): KnownStatus[] {
  return pathOf(rng.weighted(ENDINGS), rng);
}

/** A ticker of the seeded currencies by their weights, among those `among` accepts (all when none does). */
function pickTicker(rng: Random, among?: (c: Currency) => boolean, not?: string): string {
  const others = Object.entries(TICKER_WEIGHTS).filter(([t]) => t !== not);
  const chosen = others.filter(([t]) => !among || among(requireCurrency(t)));
  return rng.weighted(Object.fromEntries(chosen.length > 0 ? chosen : others));
}

/** How long a transaction stays in `status` before `next`, with its currencies' timings. */
function naturalStay(
  status: KnownStatus,
  next: KnownStatus,
  type: TransactionType,
  from: Currency,
  to: Currency,
  rng: Random,
): number {
  switch (status) {
    case 'waiting':
      if (next === 'overdue') return FLOAT_PAYMENT_WINDOW_MS;
      if (next === 'expired') return from.fixedTimeMs;
      // Paid after one to fifteen minutes (a fixed one within its payment window).
      return Math.min(rng.int(MINUTE, 15 * MINUTE), type === 'fixed' ? from.fixedTimeMs - MINUTE : Infinity);
    case 'confirming':
      // Seen in the mempool, then the payin currency's confirmations at its block pace.
      return rng.int(20_000, 90_000) + Math.round(from.confirmations * blockMs(from) * rng.float(0.7, 1.5));
    case 'exchanging':
      return rng.int(MINUTE, 5 * MINUTE);
    case 'sending':
      // Broadcast, then the payout's first block.
      return rng.int(30_000, 2 * MINUTE) + Math.round(blockMs(to) * rng.float(0.5, 1.5));
    default:
      // hold: checks take a quarter of an hour to three hours.
      return rng.int(15 * MINUTE, 3 * HOUR);
  }
}

/**
 * One transaction through `path`; `hold` (a relay's) stays `holdMs` at least in its status and
 * the result says when it entered it. Its currencies and type are drawn from `rng`.
 */
export function draftTransaction(
  rng: Random,
  path: KnownStatus[],
  relay?: { readonly status: KnownStatus; readonly minStayMs: number },
): TrafficDraft {
  const slowPayin =
    relay?.status === 'confirming' ? (c: Currency) => c.confirmations * blockMs(c) >= relay.minStayMs : undefined;
  const slowPayout = relay?.status === 'sending' ? (c: Currency) => blockMs(c) >= 2 * MINUTE : undefined;
  const from = requireCurrency(pickTicker(rng, slowPayin));
  const to = requireCurrency(pickTicker(rng, slowPayout, from.ticker));
  const fixable = from.fixRateEnabled && to.fixRateEnabled;
  const ending = path[path.length - 1];
  let type: TransactionType =
    ending === 'expired' ? 'fixed' : ending === 'overdue' ? 'float' : fixable && rng.chance(0.35) ? 'fixed' : 'float';
  // A fixed payin window shorter than a waiting relay's stay: the relay is a float one.
  if (relay?.status === 'waiting' && type === 'fixed' && from.fixedTimeMs <= relay.minStayMs * 1.25) type = 'float';
  if (type === 'fixed' && !fixable) type = 'float';
  if (type === 'float' && ending === 'expired') path.splice(1, 1, 'overdue');
  if (type === 'fixed' && ending === 'overdue') path.splice(1, 1, 'expired');
  const stays = path.slice(0, -1).map((status, i) => {
    const natural = naturalStay(status, path[i + 1], type, from, to, rng);
    if (status !== relay?.status) return natural;
    const forced = Math.round(relay.minStayMs * rng.float(1, 1.25));
    // A fixed one's unpaid end comes at its payment window, whatever the relay asks.
    return path[i + 1] === 'expired' ? natural : Math.max(natural, forced);
  });
  return { type, from, to, stays };
}

/** The transaction of a draft, created at `createdAtMs`, with its plan through `path`. */
export function buildTransaction(
  rng: Random,
  createdAtMs: number,
  path: readonly KnownStatus[],
  d: TrafficDraft,
): LedgerTransaction {
  const plan: PlanStep[] = [];
  let at = createdAtMs;
  path.forEach((status, i) => {
    plan.push({ status, atMs: at });
    at += d.stays[i] ?? 0;
  });
  const id = makeId(rng, () => false);
  const tx = makeTransaction(rng, { id, createdAtMs, type: d.type, from: d.from.ticker, to: d.to.ticker, plan });
  // A fixed payin is due within the payin currency's window (RULES.md, creation).
  return { ...tx, payTillMs: d.type === 'fixed' ? createdAtMs + d.from.fixedTimeMs : null, traffic: true };
}
