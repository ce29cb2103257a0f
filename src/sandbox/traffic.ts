/**
 * The sandbox's traffic: new transactions keep arriving at a pace of N an hour, each going through
 * its lifecycle with its currencies' timings, so a sandbox left running never goes still. All of
 * it is ours (RULES.md, "Traffic"); the service publishes no such figures.
 *
 * What arrives is a pure function of the ledger's seed, the pace and the time (as seeded plans
 * are): arrivals are made when the ledger is looked at, for the time since it was last looked at,
 * so a skip of the clock brings every arrival it passed over, each with its own times, and a
 * ledger restored from a snapshot gets the same recent arrivals again. Two streams:
 *  - relays: for each status that is not final (waiting, confirming, exchanging, sending, hold),
 *    one transaction enters it on a fixed grid (every `periodMs`) and stays there at least one
 *    period, so at any time every such status has a transaction in it;
 *  - the rest of the pace: arrivals at random times (a Poisson process per hour of the clock).
 * A ledger seen for the first time (a new sandbox, a reset, a restore) gets the arrivals of the
 * last WARM_UP_MS at once. The ledger stays bounded: past `bound` transactions, the oldest settled
 * ones that are not the user's own are retired (Ledger.retire).
 */
import type { KnownStatus } from '../shared/status';
import type { Currency } from './currencies';
import { requireCurrency } from './currencies';
import type { LedgerTransaction } from './factory';
import { makeId, makeTransaction } from './factory';
import type { Ledger } from './ledger';
import { TICKER_WEIGHTS } from './seededLedger';
import type { PlanStep, TransactionType } from './lifecycle';
import { FLOAT_PAYMENT_WINDOW_MS } from './operations/create';
import { Random } from './random';

/** The pace of `npm run sandbox` and of the extension's sandbox, per hour (ours). */
export const DEFAULT_TRAFFIC_PER_HOUR = 60;
export const MAX_TRAFFIC_PER_HOUR = 600;
/** Past this many transactions (or the seeded size, if larger) settled ones are retired. */
export const DEFAULT_LEDGER_BOUND = 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How much history a ledger seen for the first time gets at once (at least). */
const WARM_UP_MS = 6 * HOUR;
/** The longest a relay takes from its creation to entering its status (bounds the search). */
const MAX_LEAD_MS = 2 * HOUR;

/** The relays: a transaction enters `status` every `periodMs` and stays at least that long. */
const RELAYS: readonly { readonly status: KnownStatus; readonly periodMs: number }[] = [
  { status: 'waiting', periodMs: 10 * MINUTE },
  { status: 'confirming', periodMs: 10 * MINUTE },
  { status: 'exchanging', periodMs: 5 * MINUTE },
  { status: 'sending', periodMs: 10 * MINUTE },
  { status: 'hold', periodMs: 15 * MINUTE },
];
/** Transactions an hour the relays make at their own pace (34). */
export const RELAYS_PER_HOUR = RELAYS.reduce((sum, r) => sum + HOUR / r.periodMs, 0);

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
function relayPath(status: KnownStatus, rng: Random): KnownStatus[] {
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

interface Arrival {
  readonly createdAtMs: number;
  readonly make: () => LedgerTransaction;
}

/**
 * One transaction through `path`; `hold` (a relay's) stays `holdMs` at least in its status and
 * the result says when it entered it. Its currencies and type are drawn from `rng`.
 */
function draft(
  rng: Random,
  path: KnownStatus[],
  relay?: { readonly status: KnownStatus; readonly minStayMs: number },
): { type: TransactionType; from: Currency; to: Currency; stays: number[] } {
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

function build(
  rng: Random,
  createdAtMs: number,
  path: readonly KnownStatus[],
  d: ReturnType<typeof draft>,
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

/** Relay `j` of `status`: it enters the status at `entersAt` and stays there at least `periodMs`. */
function relayArrival(seed: number, status: KnownStatus, periodMs: number, j: number, entersAt: number): Arrival {
  // Drawn again by make(): the same transaction however often it is made (one ledger after another).
  const drawn = () => {
    const rng = Random.derive(seed, `traffic:relay:${status}:${periodMs}:${j}`);
    const path = relayPath(status, rng);
    const d = draft(rng, path, { status, minStayMs: periodMs });
    return {
      rng,
      path,
      d,
      createdAtMs: entersAt - d.stays.slice(0, path.indexOf(status)).reduce((sum, ms) => sum + ms, 0),
    };
  };
  const { createdAtMs } = drawn();
  return {
    createdAtMs,
    make: () => {
      const { rng, path, d } = drawn();
      return build(rng, createdAtMs, path, d);
    },
  };
}

export class Traffic {
  /** How far each ledger was brought (a ledger not in here gets the warm-up). */
  private reached = new WeakMap<Ledger, number>();
  /** Relays already drawn (looked at again on each look until created), by seed, status, period and number. */
  private readonly relayCache = new Map<string, Arrival>();
  private perHourNow: number;

  constructor(
    perHour: number,
    /** The most transactions kept before settled ones are retired. */
    private readonly bound: number = DEFAULT_LEDGER_BOUND,
  ) {
    this.perHourNow = checkedPace(perHour);
  }

  get perHour(): number {
    return this.perHourNow;
  }

  /** A new pace; the next look at a ledger gets the arrivals of the warm-up at that pace (existing ones stay). */
  setPerHour(perHour: number): void {
    const next = checkedPace(perHour);
    if (next === this.perHourNow) return;
    this.perHourNow = next;
    this.reached = new WeakMap();
  }

  /** Brings `ledger` up to `nowMs`: the arrivals since it was last brought, then the retirements. */
  bringUp(ledger: Ledger, nowMs: number): void {
    if (this.perHourNow === 0) return;
    const last = this.reached.get(ledger);
    if (last !== undefined && nowMs <= last) return;
    this.reached.set(ledger, nowMs);
    const fromMs = Math.max(last ?? -Infinity, nowMs - this.warmUpMs());
    const seed = ledger.seed;
    const arrivals = [...this.relays(seed, fromMs, nowMs), ...this.randomArrivals(seed, fromMs, nowMs)];
    ledger.admit(arrivals.map((a) => a.make()));
    ledger.retire(Math.max(this.bound, ledger.seededSize), nowMs);
  }

  /** How much the relays are slowed down to keep within a pace below their own. */
  private stretch(): number {
    return Math.max(1, RELAYS_PER_HOUR / this.perHourNow);
  }

  private warmUpMs(): number {
    const longest = Math.max(...RELAYS.map((r) => r.periodMs)) * this.stretch();
    return Math.max(WARM_UP_MS, 2 * longest + MAX_LEAD_MS);
  }

  /** The relays created in (fromMs, toMs]. */
  private *relays(seed: number, fromMs: number, toMs: number): Generator<Arrival> {
    for (const [index, relay] of RELAYS.entries()) {
      const periodMs = Math.round(relay.periodMs * this.stretch());
      const phase = index * 37_000;
      const first = Math.ceil((fromMs - phase) / periodMs);
      const last = Math.floor((toMs + MAX_LEAD_MS - phase) / periodMs);
      for (let j = first; j <= last; j++) {
        const key = `${seed}:${relay.status}:${periodMs}:${j}`;
        let arrival = this.relayCache.get(key);
        if (!arrival) {
          arrival = relayArrival(seed, relay.status, periodMs, j, j * periodMs + phase);
          this.relayCache.set(key, arrival);
        }
        if (arrival.createdAtMs > fromMs && arrival.createdAtMs <= toMs) yield arrival;
      }
    }
    if (this.relayCache.size > 1000)
      for (const [key, arrival] of this.relayCache) if (arrival.createdAtMs <= toMs) this.relayCache.delete(key);
  }

  /** The random arrivals in (fromMs, toMs]: a Poisson process of the pace the relays leave, drawn per hour of the clock. */
  private *randomArrivals(seed: number, fromMs: number, toMs: number): Generator<Arrival> {
    const perHour = this.perHourNow - RELAYS_PER_HOUR;
    if (perHour <= 0) return;
    for (let hour = Math.floor(fromMs / HOUR); hour * HOUR <= toMs; hour++) {
      const rng = Random.derive(seed, `traffic:hour:${perHour}:${hour}`);
      let at = hour * HOUR;
      for (let k = 0; ; k++) {
        at += Math.max(1, Math.round((-Math.log(1 - rng.next()) / perHour) * HOUR));
        if (at >= (hour + 1) * HOUR || at > toMs) break;
        if (at <= fromMs) continue;
        const label = `traffic:arrival:${perHour}:${hour}:${k}`;
        const createdAtMs = at;
        yield {
          createdAtMs,
          make: () => {
            const rng = Random.derive(seed, label);
            const path = pathOf(rng.weighted(ENDINGS), rng);
            return build(rng, createdAtMs, path, draft(rng, path));
          },
        };
      }
    }
  }
}

function checkedPace(perHour: number): number {
  if (!Number.isFinite(perHour) || perHour < 0 || perHour > MAX_TRAFFIC_PER_HOUR) {
    throw new RangeError(`traffic must be from 0 to ${MAX_TRAFFIC_PER_HOUR} transactions an hour`);
  }
  return perHour;
}
