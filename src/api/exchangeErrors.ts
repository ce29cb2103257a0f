/**
 * One typed hierarchy for everything that can go wrong between the client and the service.
 * Callers match on the class (or `kind`), never on message text. Messages never carry keys, and
 * no error keeps the HTTP library's error as its `cause` (that one holds the request's headers,
 * signature and body): only what is needed (a network code, an HTTP status) is kept.
 */
import type { AmountLimits } from './amountLimits';
import { formatBytes, formatSeconds } from './units';

export type ExchangeErrorKind =
  | 'key-format'
  | 'key-mismatch'
  | 'authentication'
  | 'rate-limit'
  | 'invalid-parameter'
  | 'currency-disabled'
  | 'currency-not-found'
  | 'amount-out-of-range'
  | 'internal'
  | 'json-rpc'
  | 'transport'
  | 'timeout'
  | 'incomplete-answer'
  | 'answer-too-large'
  | 'insecure-endpoint'
  | 'cancelled'
  | 'protocol'
  | 'sandbox-control';

export abstract class ExchangeError extends Error {
  abstract readonly kind: ExchangeErrorKind;
  /**
   * What the call that ended with this error did, set by the client's retries: how many attempts
   * it made and how long it took from its start to this error (undefined when not from a call).
   */
  story: { readonly attempts: number; readonly elapsedMs: number } | undefined;
  /** Whether trying the same read-only call again may succeed. */
  get transient(): boolean {
    return false;
  }
  constructor(message: string) {
    super(message);
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
    super(
      'The API key does not match the private key: the key derived from the private key differs from the one entered.',
    );
  }
}

/** HTTP 401/403 or a plain-text `Unauthorized`: the keys were refused. */
export class AuthenticationError extends ExchangeError {
  readonly kind = 'authentication';
  constructor(readonly status: number) {
    super(
      `The service refused the request (HTTP ${status}, ${status === 403 ? 'Forbidden' : 'Unauthorized'}). Check the API keys.`,
    );
  }
}

/** Base of the errors the service reports through a JSON-RPC error object. */
export abstract class ServiceError extends ExchangeError {
  constructor(
    readonly code: number,
    readonly serviceMessage: string,
    message = serviceMessage,
    /** The error object's `data`, as sent (e.g. `data.limits` on amount errors; see amountLimits.ts). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** -32600 `Error: You reached requests limit {limit} rps`, or a wording of it (see serviceErrorReading.ts). */
export class RateLimitError extends ServiceError {
  readonly kind = 'rate-limit';
  constructor(
    readonly limit: number,
    serviceMessage: string,
    data?: unknown,
  ) {
    super(
      -32600,
      serviceMessage,
      `The service's rate limit of ${limit === 1 ? '1 request' : `${limit} requests`} per second was reached.`,
      data,
    );
  }
  override get transient(): boolean {
    return true;
  }
}

/** -32602 `Parameter {param} is invalid`; also thrown by the client's own parameter checks. */
export class InvalidParameterError extends ServiceError {
  readonly kind = 'invalid-parameter';
  constructor(
    readonly param: string,
    serviceMessage = `Parameter ${param} is invalid`,
    readonly detail?: string,
    data?: unknown,
  ) {
    super(-32602, serviceMessage, detail ? `${serviceMessage}: ${detail}` : serviceMessage, data);
  }
}

export type DisabledDirection = 'input' | 'output' | 'both';

/** -32602 `Invalid currency: {currency} temporary disabled` (and its input/output forms). */
export class CurrencyDisabledError extends ServiceError {
  readonly kind = 'currency-disabled';
  constructor(
    readonly currency: string,
    readonly direction: DisabledDirection,
    serviceMessage: string,
    data?: unknown,
  ) {
    super(-32602, serviceMessage, serviceMessage, data);
  }
}

/** -32602 `Invalid currency: {currency} not found`. */
export class CurrencyNotFoundError extends ServiceError {
  readonly kind = 'currency-not-found';
  constructor(
    readonly currency: string,
    serviceMessage: string,
    data?: unknown,
  ) {
    super(-32602, serviceMessage, serviceMessage, data);
  }
}

/** Which bound an amount error names: the minimum, the maximum, or (unparsed wording) unknown. */
export type AmountBoundSide = 'min' | 'max';

/**
 * The amount is outside the pair's limits: -32602 `Invalid amount for pair {from}->{to}. Minimum|
 * Maximum amount is {x} {from}` with `error.data.limits`, or the older -32600 `Invalid amount:
 * minimal|maximal amount is {x}` (never a rate limit, although it shares that code).
 */
export class AmountOutOfRangeError extends ServiceError {
  readonly kind = 'amount-out-of-range';
  constructor(
    code: number,
    serviceMessage: string,
    readonly bound: AmountBoundSide | undefined,
    /** The bound's amount as the message wrote it (a decimal string), when the wording gave one. */
    readonly amount: string | undefined,
    /** The bounds of `error.data.limits`, when the service sent readable ones. */
    readonly limits: AmountLimits | undefined,
    /** The pair the message names, when it names one. */
    readonly pair?: { readonly from: string; readonly to: string },
    data?: unknown,
  ) {
    super(code, serviceMessage, serviceMessage, data);
  }
}

/** -32603 `Internal Error`: a fault on the service's side. */
export class InternalServiceError extends ServiceError {
  readonly kind = 'internal';
  constructor(code: number, serviceMessage: string, data?: unknown) {
    super(code, serviceMessage, serviceMessage, data);
  }
  override get transient(): boolean {
    return true;
  }
}

/** Any other JSON-RPC error (unknown method, invalid request, unknown codes), kept as sent. */
export class JsonRpcError extends ServiceError {
  readonly kind = 'json-rpc';
  constructor(code: number, serviceMessage: string, data?: unknown) {
    super(code, serviceMessage, `The service answered error ${code}: ${serviceMessage}`, data);
  }
}

/**
 * The request did not get an HTTP answer (`code`: the network code, such as ECONNREFUSED), got a
 * non-2xx one (`status`), or the service address is unusable.
 */
export class TransportError extends ExchangeError {
  readonly kind: 'transport' | 'timeout' = 'transport';
  readonly code: string | undefined;
  constructor(
    message: string,
    readonly status?: number,
    options?: { readonly code?: string },
  ) {
    super(message);
    this.code = options?.code;
  }
  override get transient(): boolean {
    return this.status === 502 || this.status === 503 || this.status === 504 || this.code === 'ECONNRESET';
  }
}

/** No answer within the client's timeout: not even the status line and headers arrived. */
export class TimeoutError extends TransportError {
  override readonly kind = 'timeout';
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs} ms.`);
  }
  override get transient(): boolean {
    return true;
  }
}

/**
 * The service's answer started (status and headers arrived) but its body did not finish within
 * the client's timeout: a stalled or endlessly slow answer. Retried like a timeout.
 */
export class IncompleteAnswerError extends ExchangeError {
  readonly kind = 'incomplete-answer';
  constructor(
    readonly timeoutMs: number,
    readonly status: number,
  ) {
    super(`The service's answer started but did not finish within ${formatSeconds(timeoutMs)}.`);
  }
  override get transient(): boolean {
    return true;
  }
}

/**
 * The service's answer was larger than the client accepts: reading stopped at the cap and the
 * connection was closed. Never retried: each attempt would fetch as much again.
 */
export class AnswerTooLargeError extends ExchangeError {
  readonly kind = 'answer-too-large';
  constructor(
    readonly maxBytes: number,
    readonly status: number,
  ) {
    super(`The service's answer was larger than ${formatBytes(maxBytes)}: the client stopped reading it.`);
  }
}

/** Why a service address is refused (see endpoint.ts). */
export type EndpointRefusal = 'plain-http' | 'credentials';

/**
 * The service address is refused before anything is signed or sent: plain `http:` to another
 * machine than this one, or a user name or password written into the address.
 */
export class InsecureEndpointError extends ExchangeError {
  readonly kind = 'insecure-endpoint';
  constructor(
    readonly host: string,
    readonly reason: EndpointRefusal,
  ) {
    super(
      reason === 'plain-http'
        ? `Refused to send a signed request over plain http to ${host}: use https (plain http is allowed only to this machine).`
        : `Refused to use a service address with a user name or password in it (${host}): remove them from the address.`,
    );
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
  constructor(
    message: string,
    readonly status?: number,
    readonly field?: string,
  ) {
    super(status === undefined ? message : `${message} (HTTP ${status})`);
  }
}
