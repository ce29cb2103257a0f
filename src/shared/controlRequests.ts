/**
 * The requests of the control protocol (controlProtocol.ts): one per action, each with the fields
 * it takes; ControlRequest is any of them. What each answers is in controlProtocol.ts
 * (ControlResults).
 */
import type { TransactionType } from '../api/types';
import type { FaultOptions } from './controlProtocol';
import type { RequestsFilter } from './requestJournal';
import type { KnownStatus } from './status';

/**
 * Creates a transaction as the create operations would (payin address, expected amounts at the
 * pair's rate), then moves it to `status` (default `waiting`). Every field is optional.
 */
export interface CreateAction {
  readonly action: 'create';
  /** Default `float`; `fixed` when `status` is `expired`. */
  readonly type?: TransactionType;
  /** Payin ticker, default `btc`. */
  readonly from?: string;
  /** Payout ticker, default `eth`. */
  readonly to?: string;
  /** Payin amount (decimal string with at most the payin currency's `blockchainPrecision` decimals), default: twice the pair's minimum. */
  readonly amountFrom?: string;
  /** Payout address in the `to` currency (default: a generated one). */
  readonly address?: string;
  readonly extraId?: string;
  /** Refund address in the `from` currency (default: a generated one for fixed, none for float). */
  readonly refundAddress?: string;
  readonly refundExtraId?: string;
  readonly status?: KnownStatus;
}

/** The fields of a create besides `action`, written once: what the sandbox accepts, what the agents' tool passes on. */
export const CREATE_FIELDS = [
  'type',
  'from',
  'to',
  'amountFrom',
  'address',
  'extraId',
  'refundAddress',
  'refundExtraId',
  'status',
] as const satisfies readonly (keyof Omit<CreateAction, 'action'>)[];

/**
 * Pays a waiting transaction: `amount` (default: its `amountExpectedFrom`) arrives now on the
 * sandbox clock. The expected amount moves it on to finished; another amount gets the service's
 * reaction (RULES.md: float below the minimum fails, above the maximum is held; fixed other than
 * expected is refunded, below the minimum fails; float within the limits is exchanged as received).
 */
export interface PayAction {
  readonly action: 'pay';
  readonly id: string;
  readonly amount?: string;
}

/** Moves a transaction to `status` now; the clock then moves it on where that status has a successor. */
export interface MoveAction {
  readonly action: 'move';
  readonly id: string;
  readonly status: KnownStatus;
}

/** A transaction's control view (its schedule), without changing it. */
export interface GetAction {
  readonly action: 'get';
  readonly id: string;
}

/** Replaces the fault configuration of `/v2` answers (`{}` turns every fault off). */
export interface SetFaultsAction {
  readonly action: 'setFaults';
  readonly faults: FaultOptions;
}

export interface ClearFaultsAction {
  readonly action: 'clearFaults';
}

/** Reads the fault configuration. */
export interface FaultsAction {
  readonly action: 'faults';
}

/**
 * Starts a new ledger (seeded again at the clock's time); created transactions are gone unless
 * `keepOwn`, which puts the user's own (created through the create operations or the control's
 * create, not seeded nor arrived with the traffic) into the new ledger as they are.
 */
export interface ResetAction {
  readonly action: 'reset';
  /** Default: the sandbox's seed. */
  readonly seed?: number;
  /** Default false. */
  readonly keepOwn?: boolean;
}

export interface ClockAction {
  readonly action: 'clock';
}

/** Moves the sandbox clock ahead by `ms` (1 ms to CONTROL_LIMITS.maxSkipMs). */
export interface SkipAction {
  readonly action: 'skip';
  readonly ms: number;
}

/** The ledger's snapshot (see LedgerSnapshot). */
export interface SnapshotAction {
  readonly action: 'snapshot';
}

/** Replaces the ledger with one restored from a snapshot (checked; bad entries are dropped). */
export interface RestoreAction {
  readonly action: 'restore';
  readonly snapshot: unknown;
}

/**
 * Sends the sandbox's status-change events (src/shared/statusEvents.ts) to `url`, on this machine
 * only, signed with `secret` (16 to 256 characters; never echoed back): every move from now on, at
 * once, in order, retried while the receiver is down. Replaces any hook set before.
 */
export interface SetHookAction {
  readonly action: 'setHook';
  readonly url: string;
  readonly secret: string;
}

/** Stops sending events (those still queued are let go). */
export interface ClearHookAction {
  readonly action: 'clearHook';
}

/** The hook's state: where events go, counts, the latest events. */
export interface HookAction {
  readonly action: 'hook';
}

/**
 * Sends a kept event again, the same id and body (signed anew), after those queued: the one with
 * `eventId`, or the latest of `transactionId` (exactly one of the two).
 */
export interface ReplayAction {
  readonly action: 'replay';
  readonly eventId?: string;
  readonly transactionId?: string;
}

/** The journal's entries that match every filter given (src/shared/requestJournal.ts). */
export interface RequestsAction extends RequestsFilter {
  readonly action: 'requests';
}

/** Empties the journal (`seq` keeps counting). */
export interface ClearRequestsAction {
  readonly action: 'clearRequests';
}

export type ControlRequest =
  | CreateAction
  | PayAction
  | MoveAction
  | GetAction
  | SetFaultsAction
  | ClearFaultsAction
  | FaultsAction
  | ResetAction
  | ClockAction
  | SkipAction
  | SnapshotAction
  | RestoreAction
  | SetHookAction
  | ClearHookAction
  | HookAction
  | ReplayAction
  | RequestsAction
  | ClearRequestsAction;
