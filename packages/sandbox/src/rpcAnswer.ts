/**
 * What `POST /v2` answers to a request whose signature was checked (server.ts): the key's rate
 * limit, then JSON, the envelope and the method, then injected faults and the operation, each
 * refusal with its diagnosis (diagnosis.ts). Decided here, sent by the server.
 */
import type { FaultKind } from '../../../src/shared/controlProtocol';
import type { Diagnosis } from './diagnosis';
import { diagnoseEnvelope, diagnoseMethod, diagnoseMissingParams, diagnoseRateLimit } from './diagnosis';
import { faultAnswer } from './faults';
import { isMethod } from './operations';
import { operationAnswer } from './operationAnswer';
import type { HttpAnswer, RpcId } from './protocol';
import {
  errorBody,
  idOf,
  INVALID_PARAMS,
  INVALID_REQUEST,
  jsonAnswer,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  rateLimitMessage,
  readEnvelope,
} from './protocol';
import type { RequestLogEntry, RequestLogInput, RequestOutcome } from './requestLog';
import type { ServerParts } from './serverParts';

/** A request's journal entry while its answer is decided. */
export type Draft = Omit<RequestLogInput, 'outcome' | 'httpStatus' | 'delayMs' | 'answerBody' | 'diagnosis'>;

/** What the journal adds to an outcome: its error, fault and diagnosis. */
export type Details = Pick<RequestLogEntry, 'errorCode' | 'errorMessage' | 'fault' | 'diagnosis'>;

export interface RpcDecision {
  /** The entry with what the body told (id, method, params). */
  readonly seen: Draft;
  readonly outcome: RequestOutcome;
  /** null: never answered (the hang fault). */
  readonly answer: HttpAnswer | null;
  readonly details: Details;
  readonly delayMs: number;
}

function refused(
  seen: Draft,
  outcome: RequestOutcome,
  id: RpcId,
  code: number,
  message: string,
  diagnosis: Diagnosis,
): RpcDecision {
  const answer = jsonAnswer(errorBody(id, code, message));
  return { seen, outcome, answer, details: { errorCode: code, errorMessage: message, diagnosis }, delayMs: 0 };
}

export function answerRpc(parts: ServerParts, draft: Draft, raw: Buffer): RpcDecision {
  const { limiter } = parts;
  const { faults } = parts.state;
  // The body is parsed once, for its id only when the request is refused: the signature over it
  // has just been checked (that costs more), and the key's holder alone can use up its budget.
  let body: unknown;
  let parsed = true;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = false;
  }
  const id = idOf(body);
  if (limiter && !limiter.tryAccept(draft.apiKey ?? '', draft.at)) {
    const message = rateLimitMessage(limiter.limit);
    return refused({ ...draft, id }, 'rate-limited', id, INVALID_REQUEST, message, diagnoseRateLimit(limiter.limit));
  }
  const envelope = readEnvelope(body);
  // The journal keeps params (their size, and the body they are read from) only of requests run as an operation.
  if (!parsed) return refused(draft, 'error', null, PARSE_ERROR, 'Parse error', diagnoseEnvelope(false, body, raw));
  if (!envelope)
    return refused(
      { ...draft, id },
      'error',
      id,
      INVALID_REQUEST,
      'Invalid Request',
      diagnoseEnvelope(true, body, raw),
    );
  const disabled = parts.disabled?.has(envelope.method) === true;
  if (!isMethod(envelope.method) || disabled)
    return refused(
      { ...draft, id, method: envelope.method },
      'error',
      id,
      METHOD_NOT_FOUND,
      'Method not found',
      diagnoseMethod(envelope.method, disabled),
    );
  const seen: Draft = { ...draft, id, method: envelope.method, params: envelope.params };

  const decision = faults.draw();
  const { proper, failure } = operationAnswer(
    {
      state: parts.state,
      atMs: draft.ledgerTime,
      rateIdLifetimes: parts.rateIdLifetimes,
      hostileShare: faults.hostileShare,
      seed: faults.seed,
    },
    id,
    envelope.method,
    envelope.params,
  );
  const details: Details = failure
    ? {
        errorCode: failure.code,
        errorMessage: failure.message,
        ...(failure.code === INVALID_PARAMS && envelope.params === undefined
          ? { diagnosis: diagnoseMissingParams(envelope.method, failure.message) }
          : {}),
      }
    : {};
  if (decision.fault === null)
    return { seen, outcome: failure ? 'error' : 'ok', answer: jsonAnswer(proper), details, delayMs: decision.delayMs };
  const fault: FaultKind = decision.fault;
  return {
    seen,
    outcome: 'fault',
    answer: faultAnswer(fault, proper, id),
    details: { ...details, fault },
    delayMs: decision.delayMs + (fault === 'slow' ? faults.slowMs : 0),
  };
}
