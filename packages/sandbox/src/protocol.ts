/**
 * JSON-RPC 2.0 as the sandbox speaks it: error codes and messages (docs/service/interface.md#errors and our rules
 * in docs/service/rules.md#the-sandboxs-answers-for-the-base-methods), the envelope check, and the answer bodies.
 */
import { isRecord } from '../../../src/shared/isRecord';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** A JSON-RPC error the sandbox answers with (thrown by the operations). */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** `error.data`, when the error carries any (e.g. `{limits}` of an amount error). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcFailure';
  }
}

/** -32602 `Parameter {param} is invalid`. */
export function invalidParameter(param: string): RpcFailure {
  return new RpcFailure(INVALID_PARAMS, `Parameter ${param} is invalid`);
}

export function rateLimitMessage(limit: number): string {
  return `Error: You reached requests limit ${limit} rps`;
}

/** A request id as echoed back: a string or number, else null. */
export type RpcId = string | number | null;

export interface Envelope {
  readonly id: string | number;
  readonly method: string;
  /** undefined when the request has no `params` member (the operation then reads it as `{}`). */
  readonly params: unknown;
}

/** The id to echo for a parsed body, valid or not. */
export function idOf(body: unknown): RpcId {
  if (!isRecord(body)) return null;
  const id = body.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The envelope of a parsed body, or undefined when it is not a valid request: it must be an object
 * (batches are not supported) with `jsonrpc: "2.0"`, a string or number `id` and a string
 * `method`. `params` may be left out (JSON-RPC 2.0 and the service's own current Node sample,
 * `{"jsonrpc":"2.0","id":"test","method":"getCurrencies"}`); when present it is any JSON value
 * other than null (ours: null is refused), and the operations check its shape.
 */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (!isRecord(body)) return undefined;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== '2.0') return undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  if (typeof method !== 'string' || method.length === 0) return undefined;
  if (params === null) return undefined;
  return { id, method, params };
}

export function resultBody(id: RpcId, result: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

export function errorBody(id: RpcId, code: number, message: string, data?: unknown): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: data === undefined ? { code, message } : { code, message, data },
  });
}

/** An HTTP answer ready to write. */
export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

export function jsonAnswer(body: string): HttpAnswer {
  return { status: 200, contentType: JSON_TYPE, body };
}

export function textAnswer(status: number, body: string): HttpAnswer {
  return { status, contentType: TEXT_TYPE, body };
}
