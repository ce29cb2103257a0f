/**
 * The seeded part of a ledger: the transactions a seed and a start time always give the same way,
 * spread over the 30 days before that time, a few of them live (caught mid-way through their plan),
 * and with 10 or more every status present. The Ledger (ledger.ts) holds them with those created later.
 */
import type { KnownStatus } from '../../../src/shared/status';
import type { LedgerTransaction } from './factory';
import { makeId, makeTransaction } from './factory';
import type { Outcome, Pace, PlanStep, TransactionType } from './lifecycle';
import { buildPlan, pathFor } from './lifecycle';
import type { Random } from './random';

const DAY = 24 * 60 * 60_000;
const HISTORY_DAYS = 30;

const LIVE_WEIGHTS: Record<Outcome, number> = { finished: 70, failed: 5, refunded: 5, hold: 5, overdue: 8, expired: 7 };
const HISTORY_WEIGHTS: Record<Outcome, number> = {
  finished: 55,
  failed: 7,
  refunded: 6,
  hold: 4,
  overdue: 15,
  expired: 13,
};
/**
 * The currencies seeded transactions are drawn from, with their weights, in catalogue order: the
 * first seventeen of the catalogue, whatever is added after them (our rule), so a seed gives the
 * same ledger as the catalogue grows. Created transactions may use any currency.
 */
export const SEEDED_CURRENCIES: readonly string[] = [
  'btc',
  'eth',
  'ltc',
  'xrp',
  'xlm',
  'usdt',
  'trx',
  'doge',
  'bch',
  'sol',
  'ada',
  'dot',
  'atom',
  'xmr',
  'eos',
  'zec',
  'dash',
];
export const TICKER_WEIGHTS: Record<string, number> = Object.fromEntries(
  SEEDED_CURRENCIES.map((ticker) => [
    ticker,
    { btc: 9, eth: 8, usdt: 8, ltc: 5, xrp: 4, trx: 4, sol: 4, doge: 3, xlm: 3 }[ticker] ?? 1,
  ]),
);

/** The statuses guaranteed at the start: four live ones caught mid-way, then six settled ones. */
const GUARANTEED: readonly { live: boolean; status: KnownStatus; outcome: Outcome }[] = [
  { live: true, status: 'waiting', outcome: 'finished' },
  { live: true, status: 'confirming', outcome: 'finished' },
  { live: true, status: 'exchanging', outcome: 'finished' },
  { live: true, status: 'sending', outcome: 'finished' },
  { live: false, status: 'hold', outcome: 'hold' },
  { live: false, status: 'finished', outcome: 'finished' },
  { live: false, status: 'failed', outcome: 'failed' },
  { live: false, status: 'refunded', outcome: 'refunded' },
  { live: false, status: 'overdue', outcome: 'overdue' },
  { live: false, status: 'expired', outcome: 'expired' },
];

function shift(plan: readonly PlanStep[], byMs: number): PlanStep[] {
  return plan.map((s) => ({ status: s.status, atMs: s.atMs + byMs }));
}

/**
 * The `size` seeded transactions drawn from `rng`, spread before `startedAtMs`, in the order made
 * (the ledger sorts them newest first).
 */
export function seededTransactions(size: number, rng: Random, startedAtMs: number): LedgerTransaction[] {
  const liveCount = Math.min(size, Math.max(10, Math.round(size * 0.05)));
  const ids = new Set<string>();
  const made: LedgerTransaction[] = [];
  for (let i = 0; i < size; i++) {
    const guaranteed = GUARANTEED[i];
    const live = guaranteed ? guaranteed.live : i < GUARANTEED.length + liveCount - 4;
    const outcome = guaranteed?.outcome ?? rng.weighted(live ? LIVE_WEIGHTS : HISTORY_WEIGHTS);
    const type: TransactionType =
      outcome === 'overdue' ? 'float' : outcome === 'expired' ? 'fixed' : rng.chance(0.35) ? 'fixed' : 'float';
    const pace: Pace = live ? 'live' : 'history';
    const relative = buildPlan(pathFor(outcome, rng), 0, pace, rng);
    let createdAtMs: number;
    if (live) {
      // Catch the plan mid-way: inside the guaranteed status, or any step before the last.
      const index = guaranteed
        ? relative.findIndex((s) => s.status === guaranteed.status)
        : rng.int(0, relative.length - 2);
      const step = relative[index];
      const next = relative[index + 1];
      createdAtMs = startedAtMs - Math.floor(rng.float(step.atMs, next.atMs));
    } else {
      const span = relative[relative.length - 1].atMs;
      createdAtMs = startedAtMs - span - rng.int(60_000, Math.max(60_000, HISTORY_DAYS * DAY - span));
    }
    const [from, to] = pickPair(rng);
    const id = makeId(rng, (candidate) => ids.has(candidate));
    const tx = makeTransaction(rng, { id, createdAtMs, type, from, to, plan: shift(relative, createdAtMs) });
    ids.add(id);
    made.push(tx);
  }
  return made;
}

function pickPair(rng: Random): [string, string] {
  const from = rng.weighted(TICKER_WEIGHTS);
  let to = rng.weighted(TICKER_WEIGHTS);
  while (to === from) to = rng.weighted(TICKER_WEIGHTS);
  return [from, to];
}
