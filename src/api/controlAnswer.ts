/**
 * Reading an answer of the sandbox's control endpoint (protocol in src/shared/controlProtocol.ts):
 * its result, each member checked for its type, or the error it carries as a ControlError; an
 * answer that is not the protocol's is a ProtocolError, a refused key an AuthenticationError. The
 * client that sends the requests is controlClient.ts.
 */
import { CONTROL_ERROR_CODES } from '../shared/controlProtocol';
import type {
  ClockState,
  ControlActionName,
  ControlErrorCode,
  ControlResults,
  ControlTransaction,
  FaultOptions,
  HookEventSummary,
  HookState,
  LedgerSnapshot,
  LedgerState,
  RestoreOutcome,
} from '../shared/controlProtocol';
import type { RequestsResult } from '../shared/requestJournal';
import { isRecord } from '../shared/isRecord';
import { isKnownStatus } from '../shared/status';
import { AuthenticationError, ProtocolError, TransportError } from './exchangeErrors';
import { ControlError } from './controlError';

function malformed(what: string, status: number): ProtocolError {
  return new ProtocolError(`The sandbox's control answer has a malformed ${what}`, status);
}

function isStep(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    isKnownStatus(value.status) &&
    typeof value.atMs === 'number' &&
    typeof value.at === 'string'
  );
}

function checkTransaction(value: unknown, status: number): ControlTransaction {
  const v = value;
  if (
    !isRecord(v) ||
    typeof v.id !== 'string' ||
    (v.type !== 'float' && v.type !== 'fixed') ||
    typeof v.status !== 'string' ||
    !isKnownStatus(v.status) ||
    typeof v.currencyFrom !== 'string' ||
    typeof v.currencyTo !== 'string' ||
    typeof v.amountExpectedFrom !== 'string' ||
    typeof v.createdAtMs !== 'number' ||
    !Array.isArray(v.schedule) ||
    !v.schedule.every(isStep) ||
    (v.next !== null && !isStep(v.next))
  ) {
    throw malformed('transaction', status);
  }
  return v as unknown as ControlTransaction;
}

function checkClock(value: unknown, status: number): ClockState {
  if (
    !isRecord(value) ||
    typeof value.nowMs !== 'number' ||
    typeof value.now !== 'string' ||
    typeof value.skippedMs !== 'number' ||
    typeof value.skippable !== 'boolean'
  ) {
    throw malformed('clock', status);
  }
  return value as unknown as ClockState;
}

function checkLedger(value: unknown, status: number): LedgerState {
  if (!isRecord(value) || typeof value.seed !== 'number' || typeof value.size !== 'number')
    throw malformed('ledger state', status);
  checkClock(value.clock, status);
  return value as unknown as LedgerState;
}

function checkHookState(value: unknown, status: number): HookState {
  if (
    !isRecord(value) ||
    (value.url !== null && typeof value.url !== 'string') ||
    typeof value.delivered !== 'number' ||
    typeof value.pending !== 'number' ||
    !Array.isArray(value.recent)
  ) {
    throw malformed('hook state', status);
  }
  return value as unknown as HookState;
}

function checkHookEvent(value: unknown, status: number): HookEventSummary {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.transactionId !== 'string' ||
    typeof value.to !== 'string'
  )
    throw malformed('event', status);
  return value as unknown as HookEventSummary;
}

function checkObject<T>(what: string) {
  return (value: unknown, status: number): T => {
    if (!isRecord(value)) throw malformed(what, status);
    return value as T;
  };
}

/** The shape check of each action's result. */
const RESULT_CHECKS: { readonly [A in ControlActionName]: (value: unknown, status: number) => ControlResults[A] } = {
  create: checkTransaction,
  pay: checkTransaction,
  move: checkTransaction,
  get: checkTransaction,
  setFaults: checkObject<FaultOptions>('fault configuration'),
  clearFaults: checkObject<FaultOptions>('fault configuration'),
  faults: checkObject<FaultOptions>('fault configuration'),
  reset: checkLedger,
  clock: checkClock,
  skip: checkClock,
  snapshot: (value, status) => {
    if (!isRecord(value) || !Array.isArray(value.transactions) || typeof value.version !== 'number')
      throw malformed('snapshot', status);
    return value as unknown as LedgerSnapshot;
  },
  restore: (value, status) => {
    if (!isRecord(value) || typeof value.restored !== 'number' || typeof value.dropped !== 'number')
      throw malformed('restore outcome', status);
    checkLedger(value.ledger, status);
    return value as unknown as RestoreOutcome;
  },
  setHook: checkHookState,
  clearHook: checkHookState,
  hook: checkHookState,
  replay: checkHookEvent,
  requests: (value, status) => {
    if (!isRecord(value) || !Array.isArray(value.entries) || typeof value.lastSeq !== 'number')
      throw malformed('journal', status);
    return value as unknown as RequestsResult;
  },
  clearRequests: (value, status) => {
    if (!isRecord(value) || typeof value.cleared !== 'number') throw malformed('journal', status);
    return { cleared: value.cleared };
  },
};

function isErrorCode(value: unknown): value is ControlErrorCode {
  return typeof value === 'string' && (CONTROL_ERROR_CODES as readonly string[]).includes(value);
}

/** Reads a control answer: its result, or the error it carries as a ControlError. */
export function interpretControlAnswer<A extends ControlActionName>(
  action: A,
  status: number,
  contentType: string,
  text: string,
): ControlResults[A] {
  const trimmed = text.trim();
  if (status === 401 || status === 403 || (trimmed === 'Unauthorized' && !contentType.includes('json')))
    throw new AuthenticationError(status);
  if (status === 404 && !contentType.includes('json')) {
    throw new TransportError(
      'This address has no sandbox control endpoint (HTTP 404): is it the sandbox of Exchange Tx?',
      status,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    throw new ProtocolError(
      `The sandbox's control endpoint answered with ${status === 413 ? 'HTTP 413: the request is too large' : 'a body that is not JSON'}`,
      status,
    );
  }
  if (!isRecord(body) || typeof body.ok !== 'boolean') throw malformed('body', status);
  if (!body.ok) {
    const error = body.error;
    if (!isRecord(error) || !isErrorCode(error.code) || typeof error.message !== 'string')
      throw malformed('error', status);
    const field = typeof error.field === 'string' ? error.field : undefined;
    throw new ControlError(error.code, error.message.slice(0, 1000), status, field);
  }
  if (status !== 200) throw new TransportError(`The sandbox's control endpoint answered HTTP ${status}.`, status);
  return RESULT_CHECKS[action](body.result, status);
}
