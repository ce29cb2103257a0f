/**
 * The control actions (src/shared/sandboxControl.ts), one implementation behind the HTTP control
 * endpoint (`POST /sandbox/control`, see server.ts) and anything else that drives the sandbox.
 * The request is untrusted JSON: every field is checked for its type and bounds, an unknown field
 * is refused (a typo in a CI script must not pass silently), and every refusal is a
 * ControlRefusal naming the field at fault.
 */
import { echo } from '../shared/echo';
import { CONTROL_ACTIONS, CONTROL_LIMITS, FAULT_KINDS } from '../shared/sandboxControl';
import type {
  ClockState,
  ControlActionName,
  ControlResults,
  FaultKind,
  FaultOptions,
  LedgerState,
} from '../shared/sandboxControl';
import type { KnownStatus } from '../shared/status';
import { isKnownStatus } from '../shared/status';
import type { Clock } from './clock';
import { canSkip } from './clock';
import { ControlRefusal } from './controlRefusal';
import type { FaultInjector } from './faults';
import { Ledger } from './ledger';
import { controlView, createInState, moveTransaction, payTransaction } from './ledgerActions';
import type { CreateInStateOptions } from './ledgerActions';
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

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(field: string, message: string): ControlRefusal {
  return new ControlRefusal('invalid', message, field);
}

/** Refuses any member of `fields` not in `allowed` (a misspelt field would otherwise do nothing). */
function onlyFields(fields: Fields, allowed: readonly string[], prefix = ''): void {
  for (const name of Object.keys(fields)) {
    if (!allowed.includes(name))
      throw invalid(
        `${prefix}${echo(name, 40)}`,
        `Unknown field "${prefix}${echo(name, 40)}"; this action takes ${allowed.map((a) => `"${prefix}${a}"`).join(', ')}.`,
      );
  }
}

function optionalText(fields: Fields, name: string, pattern: RegExp, what: string): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) throw invalid(name, `${name} must be ${what}.`);
  return value;
}

function requiredText(fields: Fields, name: string, pattern: RegExp, what: string): string {
  const value = optionalText(fields, name, pattern, what);
  if (value === undefined) throw invalid(name, `${name} is required: ${what}.`);
  return value;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TICKER = /^[A-Za-z0-9]{1,16}$/;
const AMOUNT = /^\d{1,30}(\.\d{1,30})?$/;
/** Printable, no control or bidi characters, at most 256. */
// eslint-disable-next-line no-control-regex
const TEXT = /^[^\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]{1,256}$/;

function readId(fields: Fields): string {
  return requiredText(fields, 'id', ID, 'a transaction id (letters, digits, "-" or "_", up to 64)');
}

function readStatus(fields: Fields, required: boolean): KnownStatus | undefined {
  const value = fields.status;
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !isKnownStatus(value)) {
    throw invalid(
      'status',
      'status must be one of waiting, confirming, exchanging, sending, hold, finished, failed, refunded, overdue, expired.',
    );
  }
  return value;
}

function readInteger(fields: Fields, name: string, min: number, max: number, required: boolean): number | undefined {
  const value = fields[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(name, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function readCreate(fields: Fields): CreateInStateOptions {
  onlyFields(fields, [
    'action',
    'type',
    'from',
    'to',
    'amountFrom',
    'address',
    'extraId',
    'refundAddress',
    'refundExtraId',
    'status',
  ]);
  const type = fields.type;
  if (type !== undefined && type !== 'float' && type !== 'fixed')
    throw invalid('type', 'type must be "float" or "fixed".');
  return {
    type,
    from: optionalText(fields, 'from', TICKER, 'a currency ticker'),
    to: optionalText(fields, 'to', TICKER, 'a currency ticker'),
    amountFrom: optionalText(fields, 'amountFrom', AMOUNT, 'a decimal string such as "0.5"'),
    address: optionalText(fields, 'address', TEXT, 'an address (printable text, up to 256 characters)'),
    extraId: optionalText(fields, 'extraId', TEXT, 'an extra id (printable text, up to 256 characters)'),
    refundAddress: optionalText(fields, 'refundAddress', TEXT, 'an address (printable text, up to 256 characters)'),
    refundExtraId: optionalText(fields, 'refundExtraId', TEXT, 'an extra id (printable text, up to 256 characters)'),
    status: readStatus(fields, false),
  };
}

function readShare(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    throw invalid(field, `${field} must be a share from 0 to 1.`);
  return value;
}

function readDelay(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > CONTROL_LIMITS.maxDelayMs) {
    throw invalid(field, `${field} must be a number of ms from 0 to ${CONTROL_LIMITS.maxDelayMs}.`);
  }
  return value;
}

function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

/** Fault options checked member by member (the injector's own check comes after). */
export function readFaults(value: unknown): FaultOptions {
  if (!isRecord(value)) throw invalid('faults', 'faults must be an object (e.g. {"rates": {"http500": 0.2}}).');
  onlyFields(value, ['latencyMs', 'latencyJitterMs', 'rates', 'next', 'slowMs', 'hostile', 'seed'], 'faults.');
  const faults: { -readonly [K in keyof FaultOptions]: FaultOptions[K] } = {};
  if (value.latencyMs !== undefined) faults.latencyMs = readDelay(value.latencyMs, 'faults.latencyMs');
  if (value.latencyJitterMs !== undefined)
    faults.latencyJitterMs = readDelay(value.latencyJitterMs, 'faults.latencyJitterMs');
  if (value.slowMs !== undefined) faults.slowMs = readDelay(value.slowMs, 'faults.slowMs');
  if (value.hostile !== undefined) faults.hostile = readShare(value.hostile, 'faults.hostile');
  if (value.seed !== undefined) {
    if (typeof value.seed !== 'number' || !Number.isSafeInteger(value.seed))
      throw invalid('faults.seed', 'faults.seed must be a whole number.');
    faults.seed = value.seed;
  }
  if (value.rates !== undefined) {
    if (!isRecord(value.rates))
      throw invalid('faults.rates', `faults.rates must be an object of shares by fault: ${FAULT_KINDS.join(', ')}.`);
    const rates: Partial<Record<FaultKind, number>> = {};
    for (const [kind, share] of Object.entries(value.rates)) {
      if (!isFaultKind(kind))
        throw invalid(
          `faults.rates.${echo(kind, 40)}`,
          `Unknown fault "${echo(kind, 40)}"; faults are ${FAULT_KINDS.join(', ')}.`,
        );
      rates[kind] = readShare(share, `faults.rates.${kind}`);
    }
    faults.rates = rates;
  }
  if (value.next !== undefined) {
    const next = value.next;
    if (!Array.isArray(next) || next.length > CONTROL_LIMITS.maxQueuedFaults || !next.every(isFaultKind)) {
      throw invalid(
        'faults.next',
        `faults.next must be a list of at most ${CONTROL_LIMITS.maxQueuedFaults} faults among ${FAULT_KINDS.join(', ')}.`,
      );
    }
    faults.next = next;
  }
  return faults;
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

function isAction(value: unknown): value is ControlActionName {
  return typeof value === 'string' && (CONTROL_ACTIONS as readonly string[]).includes(value);
}

/** The action named by a request, or a refusal. */
export function actionOf(request: unknown): ControlActionName {
  if (!isRecord(request)) throw invalid('action', 'The request must be a JSON object such as {"action": "clock"}.');
  const action = request.action;
  if (!isAction(action)) {
    const named = typeof action === 'string' ? `"${echo(action, 40)}" is not an action` : 'action is required';
    throw new ControlRefusal('unknown-action', `${named}; actions are ${CONTROL_ACTIONS.join(', ')}.`, 'action');
  }
  return action;
}

function hooksOf(target: ControlTarget): HookEmitter {
  if (!target.hooks) throw new ControlRefusal('conflict', 'This sandbox sends no events.', 'action');
  return target.hooks;
}

const EVENT_ID = /^evt_[0-9a-f]{32}$/;

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
