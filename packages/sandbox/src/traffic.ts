/**
 * The sandbox's traffic: new transactions keep arriving at a pace of N an hour, each going through
 * its lifecycle with its currencies' timings (trafficTransaction.ts: what each one is), so a
 * sandbox left running never goes still. All of it is ours (RULES.md, "Traffic"); the service
 * publishes no such figures.
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
import type { KnownStatus } from '../../../src/shared/status';
import type { LedgerTransaction } from './factory';
import type { Ledger } from './ledger';
import { Random } from './random';
import { buildTransaction, draftTransaction, randomPath, relayPath } from './trafficTransaction';

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

interface Arrival {
  readonly createdAtMs: number;
  readonly make: () => LedgerTransaction;
}

/** Relay `j` of `status`: it enters the status at `entersAt` and stays there at least `periodMs`. */
function relayArrival(seed: number, status: KnownStatus, periodMs: number, j: number, entersAt: number): Arrival {
  // Drawn again by make(): the same transaction however often it is made (one ledger after another).
  const drawn = () => {
    const rng = Random.derive(seed, `traffic:relay:${status}:${periodMs}:${j}`);
    const path = relayPath(status, rng);
    const d = draftTransaction(rng, path, { status, minStayMs: periodMs });
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
      return buildTransaction(rng, createdAtMs, path, d);
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
            const path = randomPath(rng);
            return buildTransaction(rng, createdAtMs, path, draftTransaction(rng, path));
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
