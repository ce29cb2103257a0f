/**
 * How a transaction moves through its statuses. Each transaction carries a plan, fixed at its
 * creation: a list of {status, atMs} steps. Its state at time t is the last step at or before t,
 * so the sandbox "moves" just by the ledger clock advancing, with no timers, and any time can be
 * replayed exactly.
 *
 * Paths used (docs/service/interface.md#statuses gives no transitions; these are ours):
 *   finished  waiting → confirming → exchanging → sending → finished   (sometimes with a hold after confirming)
 *   failed    waiting → confirming [→ exchanging] → failed
 *   refunded  waiting → confirming → exchanging → refunded, or waiting → confirming → hold → refunded
 *   hold      waiting → confirming [→ exchanging] → hold (and stays there)
 *   overdue   waiting → overdue   (float only: not paid in time)
 *   expired   waiting → expired   (fixed only: not paid by payTill)
 */
import type { KnownStatus } from '../../../src/shared/status';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import type { Random } from './random';
import type { TransactionType } from '../../../src/api/types';

/** A transaction's rate type: the client's (src/api/types.ts), written there once. */
export type { TransactionType };

/** Where a transaction's plan ends. */
export type Outcome = 'finished' | 'failed' | 'refunded' | 'hold' | 'overdue' | 'expired';
export const OUTCOMES: readonly Outcome[] = ['finished', 'failed', 'refunded', 'hold', 'overdue', 'expired'];

export interface PlanStep {
  readonly status: KnownStatus;
  /** Unix milliseconds at which the transaction enters this status. */
  readonly atMs: number;
}

/**
 * How fast a generated plan moves: `history` takes realistic minutes to hours per step, `live`
 * tens of seconds to a few minutes (so a running sandbox visibly moves), `{ stepMs }` a fixed
 * time per step (for tests).
 */
export type Pace = 'history' | 'live' | { readonly stepMs: number };

/** The fixed-rate payment window: `payTill` is at least this long after creation. */
export const FIXED_PAYMENT_WINDOW_MS = 20 * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NO_PAYIN: ReadonlySet<KnownStatus> = new Set<KnownStatus>(['waiting', 'overdue', 'expired']);
const ENDS: ReadonlySet<KnownStatus> = new Set<KnownStatus>(['finished', 'failed', 'refunded', 'overdue', 'expired']);

/** The statuses a plan ending in `outcome` goes through; `rng` picks among the variants. */
export function pathFor(outcome: Outcome, rng?: Random): KnownStatus[] {
  const variant = rng ? rng.next() : 0.99;
  switch (outcome) {
    case 'finished':
      return variant < 0.1
        ? ['waiting', 'confirming', 'hold', 'exchanging', 'sending', 'finished']
        : ['waiting', 'confirming', 'exchanging', 'sending', 'finished'];
    case 'failed':
      return variant < 0.5 ? ['waiting', 'confirming', 'failed'] : ['waiting', 'confirming', 'exchanging', 'failed'];
    case 'refunded':
      return variant < 0.4
        ? ['waiting', 'confirming', 'hold', 'refunded']
        : ['waiting', 'confirming', 'exchanging', 'refunded'];
    case 'hold':
      return variant < 0.5 ? ['waiting', 'confirming', 'hold'] : ['waiting', 'confirming', 'exchanging', 'hold'];
    case 'overdue':
      return ['waiting', 'overdue'];
    case 'expired':
      return ['waiting', 'expired'];
  }
}

type Range = readonly [number, number];

const DURATIONS: Record<'history' | 'live', Partial<Record<KnownStatus, Range>> & { unpaid: Range }> = {
  history: {
    waiting: [2 * MINUTE, 45 * MINUTE],
    unpaid: [3 * HOUR, 24 * HOUR],
    confirming: [5 * MINUTE, 60 * MINUTE],
    exchanging: [1 * MINUTE, 10 * MINUTE],
    sending: [1 * MINUTE, 10 * MINUTE],
    hold: [30 * MINUTE, 48 * HOUR],
  },
  live: {
    waiting: [20_000, 3 * MINUTE],
    unpaid: [2 * MINUTE, 6 * MINUTE],
    confirming: [30_000, 3 * MINUTE],
    exchanging: [15_000, 90_000],
    sending: [15_000, 90_000],
    hold: [1 * MINUTE, 4 * MINUTE],
  },
};

function duration(status: KnownStatus, next: KnownStatus, pace: Pace, rng: Random | undefined): number {
  if (typeof pace === 'object') return pace.stepMs;
  const table = DURATIONS[pace];
  let range: Range = table[status] ?? table.sending ?? [MINUTE, MINUTE];
  if (status === 'waiting' && next === 'overdue') range = table.unpaid;
  if (status === 'waiting' && next === 'expired') {
    // payTill is set to the moment of expiry (see payTillFor).
    if (pace === 'live') return rng ? rng.int(table.unpaid[0], table.unpaid[1]) : table.unpaid[0];
    return FIXED_PAYMENT_WINDOW_MS + (rng ? rng.int(0, MINUTE) : 0);
  }
  return rng ? rng.int(range[0], range[1]) : range[0];
}

/** A plan through `path` starting at `startMs`. */
export function buildPlan(path: readonly KnownStatus[], startMs: number, pace: Pace, rng?: Random): PlanStep[] {
  const steps: PlanStep[] = [];
  let at = startMs;
  path.forEach((status, i) => {
    steps.push({ status, atMs: at });
    const next = path[i + 1];
    if (next !== undefined) at += duration(status, next, pace, rng);
  });
  return steps;
}

/** Throws a RangeError saying what is wrong with a plan, if anything. */
export function validatePlan(plan: readonly PlanStep[], type: TransactionType): void {
  const first = plan[0];
  if (!first || first.status !== 'waiting') throw new RangeError('a plan starts with a waiting step');
  plan.forEach((step, i) => {
    if (!(KNOWN_STATUSES as readonly string[]).includes(step.status))
      throw new RangeError(`unknown status ${String(step.status)}`);
    if (!Number.isFinite(step.atMs)) throw new RangeError('plan times must be finite');
    const previous = plan[i - 1];
    if (previous && step.atMs < previous.atMs) throw new RangeError('plan times must not decrease');
    if (previous && ENDS.has(previous.status)) throw new RangeError(`nothing can follow ${previous.status}`);
    if (i > 0 && step.status === 'waiting') throw new RangeError('waiting is only the first step');
    if (step.status === 'overdue' && type !== 'float') throw new RangeError('only float transactions become overdue');
    if (step.status === 'expired' && type !== 'fixed') throw new RangeError('only fixed transactions expire');
    if ((step.status === 'overdue' || step.status === 'expired') && i !== 1)
      throw new RangeError(`${step.status} follows waiting directly`);
  });
}

/** Where a transaction stands at some time. */
export interface Progress {
  readonly status: KnownStatus;
  readonly stepIndex: number;
  /** When the payin was received (entering the first status after waiting that implies it). */
  readonly receivedAtMs: number | null;
  /** When the payout was sent (entering finished). */
  readonly sentAtMs: number | null;
  /** When the refund was sent (entering refunded). */
  readonly refundedAtMs: number | null;
  readonly confirmations: number;
}

/** The state of a plan at `tMs`, or undefined before its first step (not created yet). */
export function progressAt(
  plan: readonly PlanStep[],
  tMs: number,
  requiredConfirmations: number,
): Progress | undefined {
  let index = -1;
  for (let i = 0; i < plan.length && plan[i].atMs <= tMs; i++) index = i;
  if (index < 0) return undefined;
  const current = plan[index];
  const reached = plan.slice(0, index + 1);
  const received = reached.find((s) => !NO_PAYIN.has(s.status));
  const sent = reached.find((s) => s.status === 'finished');
  const refunded = reached.find((s) => s.status === 'refunded');
  let confirmations = 0;
  if (current.status === 'confirming') {
    const next = plan[index + 1];
    const share = next && next.atMs > current.atMs ? (tMs - current.atMs) / (next.atMs - current.atMs) : 1;
    confirmations = Math.min(requiredConfirmations - 1, Math.floor(share * requiredConfirmations));
  } else if (received) {
    confirmations = requiredConfirmations;
  }
  return {
    status: current.status,
    stepIndex: index,
    receivedAtMs: received?.atMs ?? null,
    sentAtMs: sent?.atMs ?? null,
    refundedAtMs: refunded?.atMs ?? null,
    confirmations: Math.max(0, confirmations),
  };
}

/** `payTill` of a fixed-rate transaction: its expiry, or a window that the payment fell within. */
export function payTillFor(plan: readonly PlanStep[], createdAtMs: number): number {
  const expired = plan.find((s) => s.status === 'expired');
  if (expired) return expired.atMs;
  const paid = plan.find((s) => !NO_PAYIN.has(s.status));
  return Math.max(createdAtMs + FIXED_PAYMENT_WINDOW_MS, (paid?.atMs ?? createdAtMs) + 5 * MINUTE);
}
