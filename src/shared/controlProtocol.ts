/**
 * The control protocol: what the sandbox's control endpoint (`POST /sandbox/control`, beside
 * `/v2`) takes and answers. Its actions are what a developer drives the local sandbox with (create
 * a transaction in a given state, pay it, move it to any status, faults, a new ledger, the clock),
 * with their answers and their errors. Types and constants only, no sandbox code: the editor
 * imports this and the endpoint's signed client (src/api/controlClient.ts) without loading the
 * sandbox. The endpoint itself is packages/sandbox/src/controlEndpoint/.
 *
 * A request (controlRequests.ts) is one JSON object `{"action": …, …fields, "nonce": …, "at": …}`, signed like a `/v2`
 * call (`X-Api-Key`, `X-Api-Signature` over the exact body bytes) with a key the sandbox holds. The answer is JSON:
 * `{"ok": true, "result": …}` with HTTP 200, or `{"ok": false, "error": {code, message, field?}}`
 * with the HTTP status of its code (CONTROL_ERROR_STATUS). A refused signature is HTTP 401
 * `Unauthorized` (text/plain) as on `/v2`; a body over MAX_CONTROL_BODY_BYTES is HTTP 413.
 */
import type { TransactionType } from '../api/types';
import type { RequestsResult } from './requestJournal';
import type { KnownStatus } from './status';
import { KNOWN_STATUSES } from './status';

export const SANDBOX_CONTROL_PATH = '/sandbox/control';
/** The largest control request read (a snapshot to restore is the largest). */
export const MAX_CONTROL_BODY_BYTES = 1024 * 1024;

/**
 * Every control request carries, beside its action's fields, `nonce` (CONTROL_NONCE: 16 to 64
 * letters, digits, `-` or `_`, new for each request) and `at` (when it was made, Unix ms of this
 * machine's clock). The sandbox accepts a nonce once and refuses an `at` more than this far from
 * its own time, so a captured signed body cannot be sent again (ours, packages/sandbox/RULES.md).
 */
export const CONTROL_FRESHNESS_MS = 120_000;
export const CONTROL_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export const CONTROL_ACTIONS = [
  'create',
  'pay',
  'move',
  'get',
  'setFaults',
  'clearFaults',
  'faults',
  'reset',
  'clock',
  'skip',
  'snapshot',
  'restore',
  'setHook',
  'clearHook',
  'hook',
  'replay',
  'requests',
  'clearRequests',
] as const;
export type ControlActionName = (typeof CONTROL_ACTIONS)[number];

/** The faults the sandbox can inject into `/v2` answers (never into control answers). */
export const FAULT_KINDS = [
  'http500',
  'http502',
  'http503',
  'nonJson',
  'truncated',
  'internalError',
  'wrongId',
  'hang',
  'slow',
  'rateLimited',
] as const;
/**
 * `http500`/`http502`/`http503`: that HTTP status with an HTML or text body; `nonJson`: HTTP 200
 * with an HTML page; `truncated`: HTTP 200 with the proper JSON answer cut in half; `internalError`:
 * `-32603 Internal Error`; `wrongId`: the proper answer with another id; `hang`: never answered
 * (until the sandbox stops); `slow`: the proper answer after `slowMs`; `rateLimited`: the
 * service's rate-limit error, as if other programs used the key.
 */
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Delay added to every answer (ms). */
  readonly latencyMs?: number;
  /** Up to this many ms more, drawn uniformly per answer. */
  readonly latencyJitterMs?: number;
  /** Share (0..1) of answers replaced by each kind of fault. */
  readonly rates?: Readonly<Partial<Record<FaultKind, number>>>;
  /** Faults for the next requests, in order, before any random draw. */
  readonly next?: readonly FaultKind[];
  /** Delay of a `slow` answer (default 60 000 ms, past any client timeout). */
  readonly slowMs?: number;
  /** Share (0..1) of records, limits, estimates and catalogue entries carrying hostile strings. */
  readonly hostile?: number;
  /** Seed of the draws (default: the sandbox's seed). */
  readonly seed?: number;
}

/** Bounds of what a control request may set (checked by the sandbox, documented for callers). */
export const CONTROL_LIMITS = {
  /** Latency, jitter and slow answers: at most 10 minutes each. */
  maxDelayMs: 10 * 60_000,
  /** Queued faults (`next`). */
  maxQueuedFaults: 100,
  /** One skip of the clock: at most a year. */
  maxSkipMs: 366 * 24 * 60 * 60_000,
  /** Transactions a snapshot holds (created and changed ones); the newest are kept. */
  maxSnapshotTransactions: 1000,
} as const;

/** Statuses a transaction of this type may be moved to (overdue is float's end, expired fixed's). */
export function movableStatuses(type: TransactionType): KnownStatus[] {
  return KNOWN_STATUSES.filter((status) => (type === 'float' ? status !== 'expired' : status !== 'overdue'));
}

// ---- Answers --------------------------------------------------------------------------------

/** One step of a transaction's schedule: the status it enters at `at` (ISO 8601) / `atMs`. */
export interface ScheduleStep {
  readonly status: KnownStatus;
  readonly atMs: number;
  readonly at: string;
}

/** A transaction as the control endpoint shows it: where it stands now and what comes next. */
export interface ControlTransaction {
  readonly id: string;
  readonly type: TransactionType;
  readonly status: KnownStatus;
  readonly currencyFrom: string;
  readonly currencyTo: string;
  readonly payinAddress: string;
  readonly payinExtraId: string | null;
  readonly payoutAddress: string;
  readonly amountExpectedFrom: string;
  readonly amountExpectedTo: string;
  /** What arrived ("" before a payment). */
  readonly amountFrom: string;
  /** What was sent ("0" before it was). */
  readonly amountTo: string;
  readonly createdAtMs: number;
  /** Fixed-rate only: the payment deadline, Unix ms. */
  readonly payTillMs: number | null;
  /** The whole schedule, past steps included, in order. */
  readonly schedule: readonly ScheduleStep[];
  /** The next step the clock will take, or null when it stays where it is. */
  readonly next: ScheduleStep | null;
}

export interface ClockState {
  /** The sandbox clock, Unix ms, and as ISO 8601. */
  readonly nowMs: number;
  readonly now: string;
  /** How far the clock was skipped ahead of real time in total (0 on a clock that cannot skip). */
  readonly skippedMs: number;
  /** Whether `skip` works on this sandbox's clock. */
  readonly skippable: boolean;
}

export interface LedgerState {
  readonly seed: number;
  /** Transactions in the ledger (seeded and created). */
  readonly size: number;
  readonly clock: ClockState;
  /** After a reset: how many of the user's own transactions were kept (`keepOwn`). */
  readonly kept?: number;
}

/** What `restore` kept and dropped of a snapshot. */
export interface RestoreOutcome {
  readonly restored: number;
  /** Entries dropped (malformed, unknown currencies, over the bound). */
  readonly dropped: number;
  readonly ledger: LedgerState;
}

/** One event the sandbox emitted, as `hook` and `replay` show it. */
export interface HookEventSummary {
  readonly id: string;
  readonly transactionId: string;
  readonly from: string | null;
  readonly to: string;
  readonly at: string;
}

/** Where the sandbox's events go and how their delivery stands (the secret is never shown). */
export interface HookState {
  /** null when no hook is set. */
  readonly url: string | null;
  /** Events made since the hook was set. */
  readonly emitted: number;
  /** Events the receiver answered 2xx. */
  readonly delivered: number;
  /** Events waiting (the one being attempted included). */
  readonly pending: number;
  readonly failedAttempts: number;
  /** Events refused because the queue was full (1000). */
  readonly dropped: number;
  /** The latest events (up to 20), oldest first. */
  readonly recent: readonly HookEventSummary[];
}

/** The answer's `result` per action. */
export interface ControlResults {
  create: ControlTransaction;
  pay: ControlTransaction;
  move: ControlTransaction;
  get: ControlTransaction;
  setFaults: FaultOptions;
  clearFaults: FaultOptions;
  faults: FaultOptions;
  reset: LedgerState;
  clock: ClockState;
  skip: ClockState;
  snapshot: LedgerSnapshot;
  restore: RestoreOutcome;
  setHook: HookState;
  clearHook: HookState;
  hook: HookState;
  replay: HookEventSummary;
  requests: RequestsResult;
  clearRequests: { readonly cleared: number };
}

export type ControlResult<A extends ControlActionName> = ControlResults[A];

export const CONTROL_ERROR_CODES = [
  'invalid',
  'unknown-action',
  'not-found',
  'conflict',
  'too-large',
  'internal',
] as const;
export type ControlErrorCode = (typeof CONTROL_ERROR_CODES)[number];

/** The HTTP status each error is answered with. */
export const CONTROL_ERROR_STATUS: Readonly<Record<ControlErrorCode, number>> = {
  invalid: 400,
  'unknown-action': 400,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  internal: 500,
};

export interface ControlErrorBody {
  readonly code: ControlErrorCode;
  readonly message: string;
  /** The request field at fault, when one is (`amount`, `faults.rates.http500`…). */
  readonly field?: string;
}

export type ControlAnswer<R = unknown> =
  { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: ControlErrorBody };

// ---- Snapshot -------------------------------------------------------------------------------

export const SNAPSHOT_VERSION = 1;

/** One step of a stored schedule. */
export interface SnapshotStep {
  readonly status: KnownStatus;
  readonly atMs: number;
}

/** A stored transaction: every field the sandbox's ledger holds of it (its LedgerTransaction extends it). */
export interface SnapshotTransaction {
  readonly id: string;
  readonly createdAtMs: number;
  /** Unix microseconds, 16 digits. */
  readonly createdAtUs: number;
  readonly type: TransactionType;
  readonly currencyFrom: string;
  readonly currencyTo: string;
  readonly payinAddress: string;
  readonly payinExtraId: string | null;
  readonly payoutAddress: string;
  readonly payoutExtraId: string | null;
  readonly refundAddress: string;
  readonly refundExtraId: string | null;
  readonly rate: string;
  readonly amountExpectedFrom: string;
  readonly amountExpectedTo: string;
  /** The payin amount that arrives (shown once received). */
  readonly amountFrom: string;
  /** The payout amount (shown once sent). */
  readonly amountTo: string;
  readonly networkFee: string;
  readonly exchangeFee: string;
  readonly apiExtraFee: string;
  /** Shown once finished. */
  readonly totalFee: string;
  readonly payinHash: string;
  readonly payoutHash: string;
  readonly refundHash: string;
  readonly plan: readonly SnapshotStep[];
  /** Fixed-rate only. */
  readonly payTillMs: number | null;
  /** Whether the record omits null-valued optional fields (true) or writes them as null (false). */
  readonly omitsNulls: boolean;
  /** An extra field docs/service/interface.md#the-transaction-record does not list (or deprecates), which clients must ignore. */
  readonly extraField: 'trackUrl' | 'subaccountId' | null;
  /** The subaccount it was created for (`subaccountId` of the create operations); absent (older snapshots) reads as null. */
  readonly subaccountId?: string | null;
}

/**
 * The ledger as it can be stored and restored: the seed, size and start that regenerate its
 * seeded transactions, and in full the transactions created in it or changed (paid, moved),
 * newest first, at most CONTROL_LIMITS.maxSnapshotTransactions. Rate IDs are not kept.
 */
export interface LedgerSnapshot {
  readonly version: typeof SNAPSHOT_VERSION;
  readonly seed: number;
  readonly size: number;
  readonly startedAtMs: number;
  /** How far the clock was skipped when the snapshot was taken (restored onto a skippable clock). */
  readonly skippedMs: number;
  readonly transactions: readonly SnapshotTransaction[];
  /**
   * What the sandbox issued that must not be issued again: the generation of its id streams and
   * the subaccounts (id and e-mail address). Absent in older snapshots.
   */
  readonly issued?: {
    readonly generation: number;
    readonly subaccounts: readonly { readonly subaccountId: string; readonly email: string | null }[];
  };
}
