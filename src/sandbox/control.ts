/**
 * The control actions (src/shared/sandboxControl.ts), one implementation behind the HTTP control
 * endpoint (`POST /sandbox/control`, see server.ts) and anything else that drives the sandbox.
 * The request is untrusted JSON: every field is checked for its type and bounds, an unknown field
 * is refused (a typo in a CI script must not pass silently), and every refusal is a
 * ControlRefusal naming the field at fault (the checks: controlRequestChecks.ts).
 */
import { CONTROL_LIMITS } from '../shared/sandboxControl';
import type { ClockState, ControlActionName, ControlResults, LedgerState } from '../shared/sandboxControl';
import type { Clock } from './clock';
import { canSkip } from './clock';
import { ControlRefusal } from './controlRefusal';
import type { Fields } from './controlRequestChecks';
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
} from './controlRequestChecks';
import type { FaultInjector } from './faults';
import { Ledger } from './ledger';
import { controlView, createInState, moveTransaction, payTransaction } from './ledgerActions';
import type { HookEmitter } from './hookEmitter';
import { HookRefusal } from './hookEmitter';
import { isoWithOffset } from './records';
import { catchUpClock, restoreLedger, SnapshotError, toSnapshot } from './snapshot';

/** What the control actions act on. The ledger is replaced by `reset` and `restore`. */
export interface ControlTarget {
  readonly ledger: Ledger;
  replaceLedger(ledger: Ledger): void;
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly seed: number;
  /** The number of seeded transactions a new ledger gets. */
  readonly ledgerSize: number;
  /** The status-change events (absent where a target has none: the hook actions are then refused). */
  readonly hooks?: HookEmitter;
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

function ledgerState(target: ControlTarget): LedgerState {
  return { seed: target.ledger.seed, size: target.ledger.size, clock: clockState(target.clock) };
}

function hooksOf(target: ControlTarget): HookEmitter {
  if (!target.hooks) throw new ControlRefusal('conflict', 'This sandbox sends no events.', 'action');
  return target.hooks;
}

/**
 * Runs one control request against `target`; throws a ControlRefusal for anything it refuses.
 * Afterwards the moves it caused are queued as events (when a hook is set), off the answer's path.
 */
export function runControl(target: ControlTarget, request: unknown): ControlResults[ControlActionName] {
  try {
    return runAction(target, request);
  } catch (error) {
    if (error instanceof HookRefusal) throw invalid(error.field, error.message);
    throw error;
  } finally {
    target.hooks?.check();
  }
}

function runAction(target: ControlTarget, request: unknown): ControlResults[ControlActionName] {
  const action = actionOf(request);
  const fields = request as Fields;
  const atMs = target.clock.now();
  switch (action) {
    case 'create': {
      const tx = createInState(target.ledger, readCreate(fields), atMs);
      return controlView(target.ledger, tx.id, atMs);
    }
    case 'pay': {
      onlyFields(fields, ['action', 'id', 'amount']);
      const id = readId(fields);
      const amount = optionalText(fields, 'amount', AMOUNT, 'a decimal string such as "0.5"');
      payTransaction(target.ledger, id, amount, atMs);
      return controlView(target.ledger, id, atMs);
    }
    case 'move': {
      onlyFields(fields, ['action', 'id', 'status']);
      const id = readId(fields);
      const status = readStatus(fields, true) ?? 'waiting';
      moveTransaction(target.ledger, id, status, atMs);
      return controlView(target.ledger, id, atMs);
    }
    case 'get':
      onlyFields(fields, ['action', 'id']);
      return controlView(target.ledger, readId(fields), atMs);
    case 'setFaults': {
      onlyFields(fields, ['action', 'faults']);
      const faults = readFaults(fields.faults);
      try {
        target.faults.set(faults);
      } catch (error) {
        throw invalid('faults', error instanceof Error ? error.message : 'faults are invalid');
      }
      return target.faults.options;
    }
    case 'clearFaults':
      onlyFields(fields, ['action']);
      target.faults.set({});
      return target.faults.options;
    case 'faults':
      onlyFields(fields, ['action']);
      return target.faults.options;
    case 'reset': {
      onlyFields(fields, ['action', 'seed', 'keepOwn']);
      const seed = readInteger(fields, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, false) ?? target.seed;
      if (fields.keepOwn !== undefined && typeof fields.keepOwn !== 'boolean')
        throw invalid('keepOwn', 'keepOwn must be true or false.');
      // The user's own transactions (created, not seeded nor arrived with the traffic) go into the new ledger as they are.
      const own = fields.keepOwn === true ? target.ledger.ownTransactions() : [];
      const ledger = new Ledger({ clock: target.clock, seed, size: target.ledgerSize });
      for (const tx of own) ledger.put(tx);
      target.replaceLedger(ledger);
      return fields.keepOwn === undefined ? ledgerState(target) : { ...ledgerState(target), kept: own.length };
    }
    case 'clock':
      onlyFields(fields, ['action']);
      return clockState(target.clock);
    case 'skip': {
      onlyFields(fields, ['action', 'ms']);
      const ms = readInteger(fields, 'ms', 1, CONTROL_LIMITS.maxSkipMs, true) ?? 0;
      const clock = target.clock;
      if (!canSkip(clock))
        throw new ControlRefusal('conflict', 'This sandbox runs on a clock that cannot be skipped.', 'ms');
      clock.advance(ms);
      return clockState(clock);
    }
    case 'snapshot':
      onlyFields(fields, ['action']);
      return toSnapshot(target.ledger, canSkip(target.clock) ? target.clock.skippedMs : 0);
    case 'setHook': {
      onlyFields(fields, ['action', 'url', 'secret']);
      const url = requiredText(
        fields,
        'url',
        TEXT,
        "the receiver's URL on this machine, such as http://127.0.0.1:3000/hooks",
      );
      const secret = requiredText(fields, 'secret', TEXT, 'the signing secret, 16 to 256 characters');
      return hooksOf(target).set(url, secret);
    }
    case 'clearHook':
      onlyFields(fields, ['action']);
      hooksOf(target).clear();
      return hooksOf(target).state();
    case 'hook':
      onlyFields(fields, ['action']);
      return hooksOf(target).state();
    case 'replay': {
      onlyFields(fields, ['action', 'eventId', 'transactionId']);
      const eventId = optionalText(fields, 'eventId', EVENT_ID, 'an event id (evt_ and 32 hex digits)');
      const transactionId = optionalText(fields, 'transactionId', ID, 'a transaction id');
      if ((eventId === undefined) === (transactionId === undefined))
        throw invalid('eventId', 'Give exactly one of eventId and transactionId.');
      const hooks = hooksOf(target);
      hooks.check();
      return hooks.replay(eventId !== undefined ? { eventId } : { transactionId });
    }
    case 'restore': {
      onlyFields(fields, ['action', 'snapshot']);
      try {
        const restored = restoreLedger(fields.snapshot, target.clock);
        catchUpClock(target.clock, restored.skippedMs);
        target.replaceLedger(restored.ledger);
        return { restored: restored.restored, dropped: restored.dropped, ledger: ledgerState(target) };
      } catch (error) {
        if (error instanceof SnapshotError) throw invalid('snapshot', error.message);
        throw error;
      }
    }
  }
}
