/**
 * How every tool answers: a first line naming the target ("On the sandbox:" / "On account 'Prod'
 * (api.example.com):"), compact lines after it, and the JSON record(s) as data. A failure is an
 * error result with what the error means and what to do (the meanings the request answers use),
 * never a stack, a key or a signature: only the typed error's own fields are read.
 */
import { ExchangeError, InvalidParameterError, ServiceError, TransportError } from '../api/exchangeErrors';
import { errorMeaning, httpMeaning } from '../api/serviceErrorMeaning';
import type { Meaning } from '../api/serviceErrorMeaning';
import { ControlError } from '../api/controlError';
import type { AgentTarget, AgentToolContext, AgentToolResult } from './types';
import { AgentInputError } from './validation';
import { errorText } from '../shared/errorText';
import { safeData } from './modelText';
import { safeText } from '../shared/safeText';

/** The first line of every result. */
export function targetLine(target: AgentTarget): string {
  if (target.kind === 'sandbox') return 'On the sandbox:';
  return `On account '${safeText(target.label, 80)}' (${safeText(target.host, 120)}):`;
}

/** The target as it goes into a result's data. */
export function targetData(target: AgentTarget): Record<string, string> {
  return target.kind === 'sandbox'
    ? { kind: 'sandbox', label: target.label }
    : { kind: 'account', label: target.label, host: target.host };
}

/** A result: the target's line, the lines, the data (every string in it made safe, safeText.ts). */
export function success(
  context: Pick<AgentToolContext, 'target'>,
  lines: readonly string[],
  data: Record<string, unknown>,
): AgentToolResult {
  return {
    text: [targetLine(context.target), ...lines].join('\n'),
    data: safeData({ target: targetData(context.target), ...data }),
  };
}

/** What a failure was, as data: its kind, the service's code and message when it had them, the meaning. */
export interface FailureData {
  readonly kind: string;
  readonly message: string;
  readonly code?: number | string;
  readonly field?: string;
  readonly httpStatus?: number;
  readonly meaning?: string;
  readonly action?: string;
  /** False when nothing was sent (the input or the target was refused first); absent when it may have been. */
  readonly sent?: false;
}

/** Connection errors that mean nothing listens at the address (or it is not reachable). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function unreachableMeaning(target: AgentTarget | undefined): Meaning {
  if (target?.kind === 'account') {
    return {
      meaning: `Nothing answered at the account's address (${safeText(target.host, 120)}): the service is unreachable from here (network, proxy or address).`,
      action: "Check the network and the account's address, then call again; nothing was changed on the service.",
    };
  }
  return {
    meaning:
      'The sandbox is gone: nothing answers at its address (it was stopped, or the editor switched to an account and closed it).',
    action:
      'Start the sandbox again (in VS Code: switch to the sandbox, or "Exchange Tx: Start Sandbox"; for the MCP server: restart it, without EXCHANGE_TX_SANDBOX_URL it starts its own), then call again.',
  };
}

function meaningOf(error: ExchangeError, target: AgentTarget | undefined): Meaning | undefined {
  if (error instanceof ServiceError) return errorMeaning(error.code, error.serviceMessage, error.data);
  if (error instanceof TransportError && error.status !== undefined) {
    if ((error.status === 401 || error.status === 403) && target?.kind === 'account') {
      return {
        meaning: 'The account is not allowed: the service refused its key or signature (Unauthorized).',
        action:
          'Check the account\'s API key and private key ("Diagnose Keys…" in VS Code); the key may be revoked or not yet enabled for this API.',
      };
    }
    return httpMeaning(error.status);
  }
  if (
    error instanceof TransportError &&
    error.kind === 'transport' &&
    error.code !== undefined &&
    UNREACHABLE.has(error.code)
  )
    return unreachableMeaning(target);
  if (error.kind === 'authentication') return httpMeaning(401);
  return undefined;
}

/** A failure as data, read from the error's typed fields only. */
export function failureData(error: unknown, target?: AgentTarget): FailureData {
  if (error instanceof AgentInputError)
    return {
      kind: 'invalid-input',
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      sent: false,
    };
  if (error instanceof InvalidParameterError && error.detail !== undefined) {
    // The client's own check, before sending (the service's answer has no detail).
    return { kind: 'invalid-input', message: safeText(error.message, 300), field: error.param, sent: false };
  }
  if (error instanceof ControlError) {
    return {
      kind: error.kind,
      code: error.code,
      message: safeText(error.controlMessage, 300),
      ...(error.field ? { field: error.field } : {}),
      httpStatus: error.status,
    };
  }
  if (error instanceof ExchangeError) {
    const meaning = meaningOf(error, target);
    const code = error instanceof ServiceError ? error.code : undefined;
    const message = error instanceof ServiceError ? error.serviceMessage : error.message;
    const status = error instanceof TransportError ? error.status : undefined;
    return {
      kind: error.kind,
      message: safeText(message, 300),
      ...(code === undefined ? {} : { code }),
      ...(status === undefined ? {} : { httpStatus: status }),
      ...(meaning ? { meaning: meaning.meaning, action: meaning.action } : {}),
      ...(error.kind === 'insecure-endpoint' || error.kind === 'key-format' || error.kind === 'key-mismatch'
        ? { sent: false as const }
        : {}),
    };
  }
  // Not one of ours: a programming fault. Its message only (no stack).
  return { kind: 'error', message: safeText(errorText(error), 300) };
}

/** An error result: the target, what failed and what it means. */
export function failure(context: Pick<AgentToolContext, 'target'>, what: string, error: unknown): AgentToolResult {
  const data = failureData(error, context.target);
  const lines = [`${what} failed: ${data.code === undefined ? '' : `error ${data.code}: `}${data.message}`];
  if (data.meaning) lines.push(`Meaning: ${data.meaning}`, `What to do: ${data.action ?? ''}`);
  if (data.sent === false) lines.push('Nothing was sent.');
  return {
    text: [targetLine(context.target), ...lines].join('\n'),
    data: safeData({ target: targetData(context.target), error: data }),
    isError: true,
  };
}
