/**
 * The control actions (src/shared/controlProtocol.ts), one implementation behind the control
 * endpoint's HTTP answer (`POST /sandbox/control`: httpAnswer.ts, served by server.ts) and anything
 * else that drives the sandbox (Sandbox.control). The request is untrusted JSON: every field is
 * checked for its type and bounds, an unknown field is refused (a typo in a CI script must not
 * pass silently), and every refusal is a ControlRefusal naming the field at fault (the checks:
 * requestChecks.ts).
 */
import { CONTROL_LIMITS } from '../../../../src/shared/controlProtocol';
import type {
  ClockState,
  ControlActionName,
  ControlResults,
  LedgerState,
} from '../../../../src/shared/controlProtocol';
import type { Clock } from '../clock';
import { canSkip } from '../clock';
import { ControlRefusal } from './refusal';
import type { Fields } from './requestChecks';
import {
  actionOf,
  AMOUNT,
  EVENT_ID,
  ID,
  invalid,
  onlyFields,
  optionalText,
  readCreate,
  readFaults,
  readId,
  readInteger,
  readStatus,
  requiredText,
  TEXT,
} from './requestChecks';
import type { FaultInjector } from '../faults';
import { Ledger } from '../ledger';
import { controlView, createInState, moveTransaction, payTransaction } from '../ledgerActions';
import type { HookEmitter } from '../hookEmitter';
import { HookRefusal } from '../hookEmitter';
import { isoWithOffset } from '../records';
import { catchUpClock, restoreLedger, SnapshotError, toSnapshot } from '../snapshot';
import type { RequestLog } from '../requestLog';
import { readRequestsFilter, selectRequests } from './journalQuery';

/** The sandbox's state the control actions act on (SandboxState). The ledger is replaced by `reset` and `restore`. */
export interface ControlledState {
  readonly ledger: Ledger;
  replaceLedger(ledger: Ledger): void;
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly seed: number;
  /** The number of seeded transactions a new ledger gets. */
  readonly ledgerSize: number;
  /** The status-change events (absent where a state has none: the hook actions are then refused). */
  readonly hooks?: HookEmitter;
  /** The request journal (absent where a state has none: `requests` and `clearRequests` are then refused). */
  readonly journal?: RequestLog;
}

export function clockState(clock: Clock): ClockState {
  const nowMs = clock.now();
  return {
    nowMs,
    now: isoWithOffset(nowMs),
    skippedMs: canSkip(clock) ? clock.skippedMs : 0,
    skippable: canSkip(clock),
  };
}

function ledgerState(state: ControlledState): LedgerState {
  return { seed: state.ledger.seed, size: state.ledger.size, clock: clockState(state.clock) };
}

function journalOf(state: ControlledState): RequestLog {
  if (!state.journal) throw new ControlRefusal('conflict', 'This sandbox keeps no journal.', 'action');
  return state.journal;
}

function hooksOf(state: ControlledState): HookEmitter {
  if (!state.hooks) throw new ControlRefusal('conflict', 'This sandbox sends no events.', 'action');
  return state.hooks;
}

/**
 * Runs one control request against `state`; throws a ControlRefusal for anything it refuses.
 * Afterwards the moves it caused are queued as events (when a hook is set), off the answer's path.
 */
export function runControl(state: ControlledState, request: unknown): ControlResults[ControlActionName] {
  try {
    return runAction(state, request);
  } catch (error) {
    if (error instanceof HookRefusal) throw invalid(error.field, error.message);
    throw error;
  } finally {
    state.hooks?.check();
  }
}

function runAction(state: ControlledState, request: unknown): ControlResults[ControlActionName] {
  const action = actionOf(request);
  const fields = request as Fields;
  const atMs = state.clock.now();
  switch (action) {
    case 'create': {
      const tx = createInState(state.ledger, readCreate(fields), atMs);
      return controlView(state.ledger, tx.id, atMs);
    }
    case 'pay': {
      onlyFields(fields, ['action', 'id', 'amount']);
      const id = readId(fields);
      const amount = optionalText(fields, 'amount', AMOUNT, 'a decimal string such as "0.5"');
      payTransaction(state.ledger, id, amount, atMs);
      return controlView(state.ledger, id, atMs);
    }
    case 'move': {
      onlyFields(fields, ['action', 'id', 'status']);
      const id = readId(fields);
      const status = readStatus(fields, true) ?? 'waiting';
      moveTransaction(state.ledger, id, status, atMs);
      return controlView(state.ledger, id, atMs);
    }
    case 'get':
      onlyFields(fields, ['action', 'id']);
      return controlView(state.ledger, readId(fields), atMs);
    case 'setFaults': {
      onlyFields(fields, ['action', 'faults']);
      const faults = readFaults(fields.faults);
      try {
        state.faults.set(faults);
      } catch (error) {
        throw invalid('faults', error instanceof Error ? error.message : 'faults are invalid');
      }
      return state.faults.options;
    }
    case 'clearFaults':
      onlyFields(fields, ['action']);
      state.faults.set({});
      return state.faults.options;
    case 'faults':
      onlyFields(fields, ['action']);
      return state.faults.options;
    case 'reset': {
      onlyFields(fields, ['action', 'seed', 'keepOwn']);
      const seed = readInteger(fields, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, false) ?? state.seed;
      if (fields.keepOwn !== undefined && typeof fields.keepOwn !== 'boolean')
        throw invalid('keepOwn', 'keepOwn must be true or false.');
      // The user's own transactions (created, not seeded nor arrived with the traffic) go into the new ledger as they are.
      const own = fields.keepOwn === true ? state.ledger.ownTransactions() : [];
      const ledger = new Ledger({ clock: state.clock, seed, size: state.ledgerSize });
      for (const tx of own) ledger.put(tx);
      state.replaceLedger(ledger);
      return fields.keepOwn === undefined ? ledgerState(state) : { ...ledgerState(state), kept: own.length };
    }
    case 'clock':
      onlyFields(fields, ['action']);
      return clockState(state.clock);
    case 'skip': {
      onlyFields(fields, ['action', 'ms']);
      const ms = readInteger(fields, 'ms', 1, CONTROL_LIMITS.maxSkipMs, true) ?? 0;
      const clock = state.clock;
      if (!canSkip(clock))
        throw new ControlRefusal('conflict', 'This sandbox runs on a clock that cannot be skipped.', 'ms');
      clock.advance(ms);
      return clockState(clock);
    }
    case 'snapshot':
      onlyFields(fields, ['action']);
      return toSnapshot(state.ledger, canSkip(state.clock) ? state.clock.skippedMs : 0);
    case 'setHook': {
      onlyFields(fields, ['action', 'url', 'secret']);
      const url = requiredText(
        fields,
        'url',
        TEXT,
        "the receiver's URL on this machine, such as http://127.0.0.1:3000/hooks",
      );
      const secret = requiredText(fields, 'secret', TEXT, 'the signing secret, 16 to 256 characters');
      return hooksOf(state).set(url, secret);
    }
    case 'clearHook':
      onlyFields(fields, ['action']);
      hooksOf(state).clear();
      return hooksOf(state).state();
    case 'hook':
      onlyFields(fields, ['action']);
      return hooksOf(state).state();
    case 'replay': {
      onlyFields(fields, ['action', 'eventId', 'transactionId']);
      const eventId = optionalText(fields, 'eventId', EVENT_ID, 'an event id (evt_ and 32 hex digits)');
      const transactionId = optionalText(fields, 'transactionId', ID, 'a transaction id');
      if ((eventId === undefined) === (transactionId === undefined))
        throw invalid('eventId', 'Give exactly one of eventId and transactionId.');
      const hooks = hooksOf(state);
      hooks.check();
      return hooks.replay(eventId !== undefined ? { eventId } : { transactionId });
    }
    case 'requests':
      return selectRequests(journalOf(state), readRequestsFilter(fields, journalOf(state).capacity));
    case 'clearRequests': {
      onlyFields(fields, ['action']);
      const journal = journalOf(state);
      const cleared = journal.entries.length;
      journal.clear();
      return { cleared };
    }
    case 'restore': {
      onlyFields(fields, ['action', 'snapshot']);
      try {
        const restored = restoreLedger(fields.snapshot, state.clock);
        catchUpClock(state.clock, restored.skippedMs);
        state.replaceLedger(restored.ledger);
        return { restored: restored.restored, dropped: restored.dropped, ledger: ledgerState(state) };
      } catch (error) {
        if (error instanceof SnapshotError) throw invalid('snapshot', error.message);
        throw error;
      }
    }
  }
}
