/**
 * One typed hierarchy for everything that can go wrong between the client and the service.
 * Callers match on the class (or `kind`), never on message text. Messages never carry keys.
 */

export type ExchangeErrorKind =
  | 'key-format'
  | 'key-mismatch'
  | 'authentication'
  | 'rate-limit'
  | 'invalid-parameter'
  | 'currency-disabled'
  | 'currency-not-found'
  | 'internal'
  | 'json-rpc'
  | 'transport'
  | 'timeout'
  | 'cancelled'
  | 'protocol';

export abstract class ExchangeError extends Error {
  abstract readonly kind: ExchangeErrorKind;
  /** Whether trying the same read-only call again may succeed. */
  get transient(): boolean {
    return false;
  }
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The key text is not an accepted private key (format, type or size). */
export class KeyFormatError extends ExchangeError {
  readonly kind = 'key-format';
}

/** The API key given by the user is not the one derived from the private key. */
export class KeyMismatchError extends ExchangeError {
  readonly kind = 'key-mismatch';
  constructor(readonly derivedApiKey: string) {
    super('The API key does not match the private key: the key derived from the private key differs from the one entered.');
  }
}

/** HTTP 401/403 or a plain-text `Unauthorized`: the keys were refused. */
export class AuthenticationError extends ExchangeError {
  readonly kind = 'authentication';
  constructor(readonly status: number) {
    super(`The service refused the request (HTTP ${status}, Unauthorized). Check the API keys.`);
  }
}

/** Base of the errors the service reports through a JSON-RPC error object. */
export abstract class ServiceError extends ExchangeError {
  constructor(
    readonly code: number,
    readonly serviceMessage: string,
    message = serviceMessage,
  ) {
    super(message);
  }
}

/** -32600 `Error: You reached requests limit {limit} rps`. */
export class RateLimitError extends ServiceError {
  readonly kind = 'rate-limit';
  constructor(readonly limit: number, serviceMessage: string) {
    super(-32600, serviceMessage, `The service's rate limit of ${limit} requests per second was reached.`);
  }
  override get transient(): boolean {
    return true;
  }
}

/** -32602 `Parameter {param} is invalid`; also thrown by the client's own parameter checks. */
export class InvalidParameterError extends ServiceError {
  readonly kind = 'invalid-parameter';
  constructor(readonly param: string, serviceMessage = `Parameter ${param} is invalid`, readonly detail?: string) {
    super(-32602, serviceMessage, detail ? `${serviceMessage}: ${detail}` : serviceMessage);
  }
}

export type DisabledDirection = 'input' | 'output' | 'both';

/** -32602 `Invalid currency: {currency} temporary disabled` (and its input/output forms). */
export class CurrencyDisabledError extends ServiceError {
  readonly kind = 'currency-disabled';
  constructor(readonly currency: string, readonly direction: DisabledDirection, serviceMessage: string) {
    super(-32602, serviceMessage);
  }
}

/** -32602 `Invalid currency: {currency} not found`. */
export class CurrencyNotFoundError extends ServiceError {
  readonly kind = 'currency-not-found';
  constructor(readonly currency: string, serviceMessage: string) {
    super(-32602, serviceMessage);
  }
}

/** -32603 `Internal Error`: a fault on the service's side. */
export class InternalServiceError extends ServiceError {
  readonly kind = 'internal';
  override get transient(): boolean {
    return true;
  }
}

/** Any other JSON-RPC error (unknown method, invalid request, unknown codes), kept as sent. */
export class JsonRpcError extends ServiceError {
  readonly kind = 'json-rpc';
  constructor(code: number, serviceMessage: string, readonly data?: unknown) {
    super(code, serviceMessage, `The service answered error ${code}: ${serviceMessage}`);
  }
}

/** The request did not get an HTTP answer, or got a non-2xx one. */
export class TransportError extends ExchangeError {
  readonly kind: 'transport' | 'timeout' = 'transport';
  constructor(message: string, readonly status?: number, options?: { cause?: unknown; code?: string }) {
    super(message, options);
    this.code = options?.code;
  }
  readonly code: string | undefined;
  override get transient(): boolean {
    return this.status === 502 || this.status === 503 || this.status === 504 || this.code === 'ECONNRESET';
  }
}

/** No answer within the client's timeout. */
export class TimeoutError extends TransportError {
  override readonly kind = 'timeout';
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs} ms.`);
  }
  override get transient(): boolean {
    return true;
  }
}

/** The caller cancelled the call. */
export class CancelledError extends ExchangeError {
  readonly kind = 'cancelled';
  constructor() {
    super('The request was cancelled.');
  }
}

/** The answer is not what the protocol promises: not JSON, truncated, wrong id, wrong shape. */
export class ProtocolError extends ExchangeError {
  readonly kind = 'protocol';
  constructor(message: string, readonly status?: number, readonly field?: string) {
    super(status === undefined ? message : `${message} (HTTP ${status})`);
  }
}

/**
 * Turns a JSON-RPC error object into its typed error. Only the codes the spec defines are looked
 * into, and only to parse their fields out of the filled-in message pattern.
 */
export function serviceErrorFrom(code: number, message: string, data?: unknown): ServiceError {
  if (code === -32600) {
    const m = /^Error: You reached requests limit (\d+) rps$/.exec(message);
    if (m) return new RateLimitError(Number(m[1]), message);
  }
  if (code === -32602) {
    let m = /^Parameter (.+) is invalid$/.exec(message);
    if (m) return new InvalidParameterError(m[1] ?? '', message);
    m = /^Invalid currency: (.+) is temporary disabled on API as (input|output) currency$/.exec(message);
    if (m) return new CurrencyDisabledError(m[1] ?? '', m[2] === 'input' ? 'input' : 'output', message);
    m = /^Invalid currency: (.+) temporary disabled$/.exec(message);
    if (m) return new CurrencyDisabledError(m[1] ?? '', 'both', message);
    m = /^Invalid currency: (.+) not found$/.exec(message);
    if (m) return new CurrencyNotFoundError(m[1] ?? '', message);
  }
  if (code === -32603) return new InternalServiceError(code, message);
  return new JsonRpcError(code, message, data);
}
