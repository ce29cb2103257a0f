/**
 * A faithful local simulation of the exchange service (docs/service/interface.md and docs/service/methods.md,
 * with the rules of docs/service/rules.md), pure Node: signed JSON-RPC on 127.0.0.1, a seeded ledger whose transactions move
 * with an injectable clock, the service's rate limit, pair limits, fault injection and a request
 * log for tests. It runs inside the extension host, so what a local program can make it hold is
 * bounded: bodies (1 MiB), connections and their timeouts (`connections`), the request log.
 *
 *   const sandbox = await startSandbox({ seed: 7, clock: new ManualClock() });
 *   const apiKey = sandbox.registerKey(credentials);    // POST `${sandbox.url}/v2`
 *   …
 *   await sandbox.stop();
 */
import type { DeliveryOptions } from '../../../src/forward/deliveryTypes';
import type { ConnectionBounds } from './bounds';
import { resolveBounds } from './bounds';
import { DisabledMethods } from './disabledMethods';
import type { ControlRequest } from '../../../src/shared/controlRequests';
import type { ControlActionName, ControlResults, LedgerSnapshot } from '../../../src/shared/controlProtocol';
import type { Clock } from './clock';
import { canSkip, systemClock } from './clock';
import { runControl } from './controlEndpoint/actions';
import { HookEmitter } from './hookEmitter';
import { Issuer, randomIssuerSeed } from './ids';
import type { FaultOptions } from '../../../src/shared/controlProtocol';
import { FaultInjector } from './faults';
import type { KeyInput } from './keyring';
import { KeyRing } from './keyring';
import { DEFAULT_LEDGER_SIZE, DEFAULT_SEED, Ledger } from './ledger';
import type { RateIdLifetimes } from './operations';
import type { RateIdMethod } from './rates';
import { RATE_ID_LIFETIMES_MS } from './rates';
import type { RateLimitOptions } from './rateLimit';
import { DEFAULT_RATE_LIMIT, SlidingWindowLimiter } from './rateLimit';
import type { RequestLogEntry } from './requestLog';
import { RequestLog } from './requestLog';
import { SandboxServer } from './server';
import { catchUpClock, restoreLedger, toSnapshot } from './snapshot';
import { SandboxState } from './state';
import { DEFAULT_LEDGER_BOUND, Traffic } from './traffic';

export { DEFAULT_CONNECTION_BOUNDS } from './bounds';
export type { ConnectionBounds } from './bounds';
export { canSkip, ManualClock, systemClock } from './clock';
/** Real time that tests may skip ahead (kept in src/shared: the extension holds it before the sandbox loads). */
export { SkippableClock } from '../../../src/shared/skippableClock';
export type { Clock, SkippingClock } from './clock';
export { runControl } from './controlEndpoint/actions';
export { HookEmitter } from './hookEmitter';
export type { ControlledState } from './controlEndpoint/actions';
export { ControlRefusal } from './controlEndpoint/refusal';
export {
  controlView,
  createInState,
  moveTransaction,
  PAYMENT_PACE_MS,
  payOutcome,
  payTransaction,
} from './ledgerActions';
export { MAX_SNAPSHOT_SIZE, readSnapshotTransaction, restoreLedger, SnapshotError, toSnapshot } from './snapshot';
export { CURRENCIES, findCurrency } from './currencies';
export type { Availability, Currency } from './currencies';
export type { LedgerTransaction } from './factory';
export { FAULT_KINDS } from '../../../src/shared/controlProtocol';
export type { FaultKind, FaultOptions } from '../../../src/shared/controlProtocol';
export { HOSTILE_VALUES } from './hostile';
export type { KeyInput } from './keyring';
export { DEFAULT_LEDGER_SIZE, DEFAULT_SEED, Ledger } from './ledger';
export type { CreateTransactionOptions, LedgerOptions } from './ledger';
export { OUTCOMES } from './lifecycle';
export {
  DEFAULT_LEDGER_BOUND,
  DEFAULT_TRAFFIC_PER_HOUR,
  MAX_TRAFFIC_PER_HOUR,
  RELAYS_PER_HOUR,
  Traffic,
} from './traffic';
export type { Outcome, PlanStep, Progress, TransactionType } from './lifecycle';
export {
  DEFAULT_LIMIT,
  FLOAT_PAYMENT_WINDOW_MS,
  MAX_BULK,
  MAX_FILTER_VALUES,
  MAX_LIMIT,
  METHODS,
  RATE_ID_REFUSAL,
} from './operations';
export type { RateIdLifetimes } from './operations';
export {
  EXCHANGE_FEE_PERCENT,
  RATE_ID_LIFETIME_MS,
  RATE_ID_LIFETIMES_MS,
  fixedRate,
  floatRate,
  limitsOf,
} from './rates';
export type { Limits, RateIdMethod } from './rates';
export { isPlausibleAddress, isPlausibleExtraId } from './currencies';
export type { PairLimitsRecord } from './pairs';
export { pairLimits, currencyRefusal } from './pairs';
export { DEFAULT_RATE_LIMIT, SlidingWindowLimiter } from './rateLimit';
export type { RateLimitOptions } from './rateLimit';
export type { WireRecord } from './records';
export type { RequestLogEntry, RequestOutcome } from './requestLog';
export { isOwn, journalEntry } from './requestLog';
export { diagnosisText, journalDocument, journalRow, journalSummary, requestDocumentText } from './journalText';

export interface SandboxOptions {
  /** 0 (default) picks any free port. */
  readonly port?: number;
  /**
   * Seed of the ledger and of the fault draws (default 1), and of the ids the sandbox issues
   * (created transactions, rate IDs, subaccounts): without a seed those are random per instance,
   * so two sandboxes never share them; with one, the same calls give the same ids.
   */
  readonly seed?: number;
  /** Number of seeded transactions (default 300). */
  readonly ledgerSize?: number;
  /** The ledger's clock (default: the system clock). */
  readonly clock?: Clock;
  /** Requests per second per API key (default 10), a window of your own, or false for none. */
  readonly rateLimit?: number | RateLimitOptions | false;
  readonly faults?: FaultOptions;
  /** Keys to register at once. */
  readonly keys?: readonly KeyInput[];
  /** Requests the journal keeps (default 1 000, oldest dropped first). */
  readonly journalSize?: number;
  /** Called for each request once its outcome is decided. */
  readonly onRequest?: (entry: RequestLogEntry) => void;
  /** Called with each valid signature received (a test run notes them for its secret scan). */
  readonly onSignature?: (signature: string) => void;
  /**
   * Bounds on connections, each defaulting to DEFAULT_CONNECTION_BOUNDS: at most 64 open at once,
   * 5 s to send headers and the whole request, 5 s of keep-alive and of idleness.
   */
  readonly connections?: Partial<ConnectionBounds>;
  /** Methods to answer with -32601 `Method not found` (e.g. `getPairsParams`, to see life after it). */
  readonly disabledMethods?: readonly string[];
  /**
   * How long rate IDs live, in ms, per issuing method (default: the documented 30 000 for
   * `getFixRateForAmount`, 60 000 for `getFixRate`): whole ms from 1 to a day.
   */
  readonly rateIdLifetimeMs?: Partial<Record<RateIdMethod, number>>;
  /** Delivery tuning of the hook's events (tests: a short backoff). */
  readonly hookDelivery?: Partial<Omit<DeliveryOptions, 'url' | 'secret'>>;
  /**
   * New transactions arriving per hour of the sandbox clock (traffic.ts), 0 to 600; default 0: a
   * still ledger, where only what the clock's plans, the create operations and the control do
   * changes anything. `npm run sandbox` and the extension's sandbox turn it on (60).
   */
  readonly traffic?: number;
  /** With traffic, the most transactions kept before the oldest settled ones are retired (default 1000, at least the seeded size). */
  readonly ledgerBound?: number;
}

export interface Sandbox {
  /** Base URL, `http://127.0.0.1:PORT`; requests go to `${url}/v2`. */
  readonly url: string;
  readonly port: number;
  readonly seed: number;
  readonly ledger: Ledger;
  readonly clock: Clock;
  /** The rate limit per key and second, or null when there is none. */
  readonly rateLimit: number | null;
  /** How long rate IDs live, in ms, per issuing method. */
  readonly rateIdLifetimes: RateIdLifetimes;
  /** The bounds on connections in force. */
  readonly connections: ConnectionBounds;
  /** The journal: the last requests (up to `journalSize`), oldest first. */
  readonly requests: readonly RequestLogEntry[];
  clearRequests(): void;
  /** Calls `listener` with each request once its outcome is decided; returns a function that stops it. */
  onRequest(listener: (entry: RequestLogEntry) => void): () => void;
  /** Registers a key; returns its API key (the `X-Api-Key` value). */
  registerKey(key: KeyInput): string;
  unregisterKey(apiKey: string): boolean;
  /** The current fault configuration (what is left of `next`). */
  readonly faults: FaultOptions;
  /** Replaces the fault configuration; `setFaults({})` turns faults off. */
  setFaults(faults: FaultOptions): void;
  /** The methods answered with -32601 `Method not found`. */
  readonly disabledMethods: readonly string[];
  /** Replaces them (`[]`: every method served); throws for a name the sandbox does not serve. */
  setDisabledMethods(methods: readonly string[]): void;
  /**
   * Runs one control action (as `POST /sandbox/control` does, without HTTP or signature); throws
   * a ControlRefusal for what it refuses.
   */
  control(request: ControlRequest): ControlResults[ControlActionName];
  /** The ledger's snapshot (created and changed transactions, bounded; see snapshot.ts). */
  toSnapshot(): LedgerSnapshot;
  /**
   * Replaces the ledger with one restored from an untrusted snapshot (bad entries dropped and
   * counted); throws a SnapshotError, leaving the ledger as it was, when nothing usable is there.
   */
  restore(snapshot: unknown): { readonly restored: number; readonly dropped: number };
  /** The status-change events sent to a hook (control actions setHook, clearHook, hook, replay). */
  readonly hooks: HookEmitter;
  /** New transactions an hour (0: a still ledger). */
  readonly traffic: number;
  /** Changes the pace of new transactions (0 stops them); throws a RangeError past 0–600. */
  setTraffic(perHour: number): void;
  /** Closes the server and every connection, hanging ones included. Idempotent. */
  stop(): Promise<void>;
}

function limiterFor(option: SandboxOptions['rateLimit']): SlidingWindowLimiter | null {
  if (option === false) return null;
  if (option === undefined || typeof option === 'number')
    return new SlidingWindowLimiter({ limit: option ?? DEFAULT_RATE_LIMIT });
  return new SlidingWindowLimiter(option);
}

const MAX_RATE_ID_LIFETIME_MS = 24 * 60 * 60_000;

/** The documented lifetimes with the given ones in their place; throws a RangeError for a bad one. */
function rateIdLifetimesOf(given: SandboxOptions['rateIdLifetimeMs'] = {}): RateIdLifetimes {
  const out = { ...RATE_ID_LIFETIMES_MS };
  for (const [method, ms] of Object.entries(given)) {
    if (!(method in out)) throw new RangeError(`rateIdLifetimeMs: ${method} issues no rate IDs`);
    if (ms === undefined) continue;
    if (!Number.isSafeInteger(ms) || ms < 1 || ms > MAX_RATE_ID_LIFETIME_MS)
      throw new RangeError(`rateIdLifetimeMs.${method} must be whole ms from 1 to ${MAX_RATE_ID_LIFETIME_MS}`);
    out[method as RateIdMethod] = ms;
  }
  return out;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const bounds = resolveBounds(options.connections);
  const rateIdLifetimes = rateIdLifetimesOf(options.rateIdLifetimeMs);
  const seed = options.seed ?? DEFAULT_SEED;
  const clock = options.clock ?? systemClock;
  const ledgerSize = options.ledgerSize ?? DEFAULT_LEDGER_SIZE;
  const issuer = new Issuer(options.seed ?? randomIssuerSeed());
  const ledger = new Ledger({ clock, seed, size: ledgerSize, issuer });
  const keys = new KeyRing();
  for (const key of options.keys ?? []) keys.register(key);
  const limiter = limiterFor(options.rateLimit);
  const faults = new FaultInjector(options.faults ?? {}, seed);
  const log = new RequestLog(options.journalSize);
  if (options.onRequest) log.subscribe(options.onRequest);
  const disabled = new DisabledMethods(options.disabledMethods);
  const state = new SandboxState(ledger, clock, faults, seed, ledgerSize);
  state.journal = log;
  const hooks = new HookEmitter(() => state.ledger, clock, options.hookDelivery);
  state.hooks = hooks;
  const traffic = new Traffic(options.traffic ?? 0, options.ledgerBound ?? DEFAULT_LEDGER_BOUND);
  state.traffic = traffic;
  // A `/v2` create (or any request) may have moved something: checked once its answer is decided.
  log.subscribe(() => hooks.check());
  const server = new SandboxServer({
    state,
    keys,
    limiter,
    log,
    bounds,
    onSignature: options.onSignature,
    disabled,
    rateIdLifetimes,
  });
  const host = '127.0.0.1';
  const port = await server.listen(options.port ?? 0, host);
  return {
    url: `http://${host}:${port}`,
    port,
    seed,
    get ledger() {
      return state.ledger;
    },
    clock,
    rateLimit: limiter?.limit ?? null,
    rateIdLifetimes,
    connections: bounds,
    get requests() {
      return log.entries;
    },
    clearRequests: () => log.clear(),
    onRequest: (listener) => log.subscribe(listener),
    registerKey: (key) => keys.register(key),
    unregisterKey: (apiKey) => keys.unregister(apiKey),
    get faults() {
      return faults.options;
    },
    setFaults: (next) => faults.set(next),
    get disabledMethods() {
      return disabled.list;
    },
    setDisabledMethods: (methods) => disabled.set(methods),
    control: (request) => runControl(state, request),
    toSnapshot: () => toSnapshot(state.ledger, canSkip(clock) ? clock.skippedMs : 0),
    restore: (snapshot) => {
      const restored = restoreLedger(snapshot, clock);
      catchUpClock(clock, restored.skippedMs);
      const droppedSubaccounts = state.replaceLedger(restored.ledger);
      return { restored: restored.restored, dropped: restored.dropped + droppedSubaccounts };
    },
    hooks,
    get traffic() {
      return traffic.perHour;
    },
    setTraffic: (perHour) => traffic.setPerHour(perHour),
    stop: () => {
      hooks.dispose();
      return server.stop();
    },
  };
}
