/**
 * The checks of a control request (src/shared/controlRequests.ts), untrusted JSON: the action it
 * names and each field's type and bounds; an unknown field is refused (a typo in a CI script must
 * not pass silently), and every refusal is a ControlRefusal naming the field at fault. The actions
 * themselves are run by actions.ts.
 */
import { echo } from '../../../../src/shared/echo';
import { CONTROL_ACTIONS, CONTROL_LIMITS, FAULT_KINDS } from '../../../../src/shared/controlProtocol';
import type { ControlActionName, FaultKind, FaultOptions } from '../../../../src/shared/controlProtocol';
import type { KnownStatus } from '../../../../src/shared/status';
import { isKnownStatus } from '../../../../src/shared/status';
import { hasUnsafeText } from '../../../../src/shared/safeText';
import { ControlRefusal } from './refusal';
import { CREATE_FIELDS } from '../../../../src/shared/controlRequests';
import type { CreateInStateOptions } from '../ledgerActions';
import { isRecord } from '../../../../src/shared/isRecord';

export type Fields = Record<string, unknown>;

export function invalid(field: string, message: string): ControlRefusal {
  return new ControlRefusal('invalid', message, field);
}

/** Refuses any member of `fields` not in `allowed` (a misspelt field would otherwise do nothing). */
export function onlyFields(fields: Fields, allowed: readonly string[], prefix = ''): void {
  for (const name of Object.keys(fields)) {
    if (!allowed.includes(name))
      throw invalid(
        `${prefix}${echo(name, 40)}`,
        `Unknown field "${prefix}${echo(name, 40)}"; this action takes ${allowed.map((a) => `"${prefix}${a}"`).join(', ')}.`,
      );
  }
}

/** What a text field's value must pass: a pattern, or a check of the same shape. */
export interface TextCheck {
  test(value: string): boolean;
}

export function optionalText(fields: Fields, name: string, pattern: TextCheck, what: string): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) throw invalid(name, `${name} must be ${what}.`);
  return value;
}

export function requiredText(fields: Fields, name: string, pattern: TextCheck, what: string): string {
  const value = optionalText(fields, name, pattern, what);
  if (value === undefined) throw invalid(name, `${name} is required: ${what}.`);
  return value;
}

export const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TICKER = /^[A-Za-z0-9]{1,16}$/;
export const AMOUNT = /^\d{1,30}(\.\d{1,30})?$/;
/** Safe text (src/shared/safeText.ts), 1 to 256 characters. */
export const TEXT: TextCheck = {
  test: (value) => value.length >= 1 && value.length <= 256 && !hasUnsafeText(value),
};

export function readId(fields: Fields): string {
  return requiredText(fields, 'id', ID, 'a transaction id (letters, digits, "-" or "_", up to 64)');
}

export function readStatus(fields: Fields, required: boolean): KnownStatus | undefined {
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

export function readInteger(
  fields: Fields,
  name: string,
  min: number,
  max: number,
  required: boolean,
): number | undefined {
  const value = fields[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(name, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

export function readCreate(fields: Fields): CreateInStateOptions {
  onlyFields(fields, ['action', ...CREATE_FIELDS]);
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

export const EVENT_ID = /^evt_[0-9a-f]{32}$/;

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
