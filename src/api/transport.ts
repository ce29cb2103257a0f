/**
 * One signed JSON-RPC 2.0 call over HTTP: the envelope is serialized once, compactly; those exact
 * bytes are signed and sent with axios's Node adapter (over Node's http/https, which VS Code's
 * proxy support patches); the answer is checked against the protocol before anything reads it. No
 * retries and no rate limiting here (see client.ts).
 *
 * Before anything is signed, the address must pass the endpoint policy (endpoint.ts). The answer
 * is read whole as text (gzip, deflate or brotli undone on the way), with a cap on its size after
 * decompression and the call's deadline, so an answer that never ends or never stops costs neither
 * unbounded memory nor more than the timeout, and an answer that started but did not finish is
 * told apart from no answer at all. Redirects are refused, never followed; no proxy variable is
 * read. No error keeps axios's or Node's error object (axios's holds the request's headers): only
 * Node's network code travels on.
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import * as https from 'https';
import axios from 'axios';
import type { AxiosResponse } from 'axios';
import { endpointUrl, controlEndpointUrl } from './endpoint';
import type { Credentials } from './keys';
import { fingerprint, signBody } from './keys';
import type { ExchangeError } from './exchangeErrors';
import {
  AnswerTooLargeError,
  AuthenticationError,
  CancelledError,
  IncompleteAnswerError,
  ProtocolError,
  TimeoutError,
  TransportError,
} from './exchangeErrors';
import { serviceErrorFrom } from './serviceErrorReading';
import { isRecord } from '../shared/isRecord';
import { EXTENSION_USER_AGENT } from '../shared/requestJournal';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The largest answer read by default: far above any page of 100 records, far below harm. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface TransportOptions {
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly timeoutMs?: number;
  /** Answers larger than this many bytes (after decompression) are cut off with an error. */
  readonly maxResponseBytes?: number;
  /** Where bodies go: the service's `/v2` (default) or a local sandbox's control endpoint. */
  readonly endpoint?: 'rpc' | 'control';
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** This attempt's timeout when shorter than the transport's (what is left of a call's deadline). */
  readonly timeoutMs?: number;
}

/** An HTTP answer as it arrived (2xx–5xx, never a redirect), read within the bounds. */
export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string;
  /** The body as text (UTF-8, a leading BOM removed). */
  readonly text: string;
  /** The headers the request went with, redacted. */
  readonly sent: SentHeaders;
}

/** What was sent with a body, redacted: the key and the signature as fingerprints only. */
export interface SentHeaders {
  readonly 'Content-Type': string;
  readonly 'X-Api-Key': string;
  readonly 'X-Api-Signature': string;
}

/** The raw outcome of one call, before decoding. */
export interface RpcAnswer {
  readonly result: unknown;
  readonly status: number;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive whole number`);
  return value;
}

export class JsonRpcTransport {
  readonly url: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  private readonly credentials: Credentials;

  constructor(options: TransportOptions) {
    // Throws for an address requests may not go to: nothing is ever signed for it.
    this.url = options.endpoint === 'control' ? controlEndpointUrl(options.baseUrl) : endpointUrl(options.baseUrl);
    this.credentials = options.credentials;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = positiveInteger('maxResponseBytes', options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
  }

  /** The exact bytes sent for a call: compact JSON, serialized once. */
  static serialize(id: string, method: string, params: unknown): Buffer {
    return Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }), 'utf8');
  }

  async call(method: string, params: unknown, options: CallOptions = {}): Promise<RpcAnswer> {
    const id = randomUUID();
    const answer = await this.post(JsonRpcTransport.serialize(id, method, params), options);
    return interpretAnswer(id, answer.status, answer.contentType, answer.text);
  }

  /**
   * Signs these exact bytes and posts them; the answer comes back as it arrived, whatever its
   * status or content. Throws only when no whole answer came: cancelled, timed out, unreachable,
   * redirected, too large, or broken off.
   */
  async post(body: Buffer, options: CallOptions = {}): Promise<HttpAnswer> {
    const { signal } = options;
    if (signal?.aborted) throw new CancelledError();
    const signature = signBody(this.credentials.privateKey, body);
    const timeoutMs = Math.max(1, Math.min(this.timeoutMs, Math.round(options.timeoutMs ?? this.timeoutMs)));
    const deadline = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;

    // The status of the answer's head once it came: a failure after it is an answer that broke off.
    let headStatus: number | undefined;
    const transport = {
      request(request: https.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
        return (request.protocol === 'https:' ? https : http).request(request, (response) => {
          headStatus = response.statusCode ?? 0;
          callback(response);
        });
      },
    };
    let answer: AxiosResponse<string>;
    try {
      answer = await sender.post<string>(this.url, body, {
        headers: {
          ...COMMON_HEADERS,
          'Content-Type': 'application/json',
          'X-Api-Key': this.credentials.apiKey,
          'X-Api-Signature': signature,
        },
        signal: combined,
        maxContentLength: this.maxResponseBytes,
        transport,
      });
    } catch (error) {
      throw failure(error, headStatus, { signal, deadline, timeoutMs, maxBytes: this.maxResponseBytes });
    }
    const { status } = answer;
    if (isRedirect(status)) throw redirected(status);
    return {
      status,
      contentType: String(answer.headers['content-type'] ?? ''),
      text: answer.data,
      sent: {
        'Content-Type': 'application/json',
        'X-Api-Key': fingerprint(this.credentials.apiKey),
        'X-Api-Signature': fingerprint(signature),
      },
    };
  }
}

function isRedirect(status: number): boolean {
  return status >= 300 && status <= 399;
}

function redirected(status: number): ExchangeError {
  return new TransportError(
    `The service answered with a redirect (HTTP ${status}); requests are never sent on to another address.`,
    status,
  );
}

/** What every request says besides its body's headers: JSON wanted, compressed if the service likes. */
const COMMON_HEADERS = {
  Accept: 'application/json',
  'Accept-Encoding': 'gzip, deflate, br',
  'User-Agent': EXTENSION_USER_AGENT,
};

/**
 * axios for the guarantees above: the signed bytes sent as they are, the answer kept as text
 * (UTF-8, a BOM removed) whatever its status, no redirect followed, no proxy variable read, Node's
 * http adapter only (never fetch).
 */
const sender = axios.create({
  adapter: 'http',
  maxRedirects: 0,
  proxy: false,
  decompress: true,
  responseType: 'text',
  responseEncoding: 'utf8',
  transformRequest: [(data: unknown) => data],
  transformResponse: [(data: unknown) => data],
  validateStatus: () => true,
});

interface Bounds {
  readonly signal: AbortSignal | undefined;
  readonly deadline: AbortSignal;
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** The error of a call that got no whole answer, told apart by what had arrived; nothing of axios's error kept. */
function failure(error: unknown, headStatus: number | undefined, bounds: Bounds): ExchangeError {
  if (bounds.signal?.aborted) return new CancelledError();
  if (headStatus === undefined) {
    if (bounds.deadline.aborted) return new TimeoutError(bounds.timeoutMs);
    const code = networkCode(error);
    if (code !== undefined) return new TransportError(`Could not reach the service (${code}).`, undefined, { code });
    return new TransportError('Could not reach the service.');
  }
  // A redirect is refused whatever its body did (too large, stalled, broken off).
  if (isRedirect(headStatus)) return redirected(headStatus);
  if (axios.isAxiosError(error) && error.code === 'ERR_BAD_RESPONSE' && error.message.startsWith('maxContentLength')) {
    return new AnswerTooLargeError(bounds.maxBytes, headStatus);
  }
  if (bounds.deadline.aborted) return new IncompleteAnswerError(bounds.timeoutMs, headStatus);
  // A connection closed mid-answer is a reset, whatever the library called it.
  const code = networkCode(error) ?? 'ECONNRESET';
  return new TransportError(`The service's answer broke off before its end (${code}).`, undefined, { code });
}

/** The network code of Node's error (ECONNRESET, Z_DATA_ERROR), never one of axios's own (ERR_CANCELED). */
export function networkCode(error: unknown): string | undefined {
  const cause = axios.isAxiosError(error) ? error.cause : error;
  if (typeof cause !== 'object' || cause === null || !('code' in cause)) return undefined;
  const code = cause.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(code) ? code : undefined;
}

/** Checks an HTTP answer against JSON-RPC 2.0 and the request it answers. */
export function interpretAnswer(requestId: string, status: number, contentType: string, text: string): RpcAnswer {
  const trimmed = text.trim();
  if (status === 401 || status === 403 || (trimmed === 'Unauthorized' && !contentType.includes('json'))) {
    throw new AuthenticationError(status);
  }
  if (status < 200 || status > 299) {
    throw new TransportError(`The service answered HTTP ${status}.`, status);
  }
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    const what =
      trimmed.startsWith('{') || trimmed.startsWith('[')
        ? 'a truncated or malformed JSON body'
        : 'a body that is not JSON';
    throw new ProtocolError(`The service answered with ${what}`, status);
  }
  if (!isRecord(body)) throw new ProtocolError('The answer is not a JSON-RPC object', status);
  if (body.jsonrpc !== '2.0') throw new ProtocolError('The answer has no "jsonrpc": "2.0"', status, 'jsonrpc');
  const error = body.error;
  if (error !== undefined && error !== null) {
    // Parse errors are answered with a null id; any other id must be ours.
    if (body.id !== requestId && body.id !== null) {
      throw new ProtocolError('The answer is for another request (its "id" differs)', status, 'id');
    }
    if (
      !isRecord(error) ||
      typeof error.code !== 'number' ||
      !Number.isInteger(error.code) ||
      typeof error.message !== 'string'
    ) {
      throw new ProtocolError('The answer has a malformed "error" object', status, 'error');
    }
    throw serviceErrorFrom(error.code, error.message, error.data);
  }
  if (body.id !== requestId)
    throw new ProtocolError('The answer is for another request (its "id" differs)', status, 'id');
  if (!('result' in body)) throw new ProtocolError('The answer has neither "result" nor "error"', status, 'result');
  return { result: body.result, status };
}
