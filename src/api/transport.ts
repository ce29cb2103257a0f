/**
 * One signed JSON-RPC 2.0 call over HTTP: the envelope is serialized once, compactly; those exact
 * bytes are signed and sent with Node's own http/https (which VS Code's proxy support patches);
 * the answer is checked against the protocol before anything reads it. No retries and no rate
 * limiting here (see client.ts).
 *
 * Before anything is signed, the address must pass the endpoint policy (endpoint.ts). The answer
 * is read as a stream (gzip, deflate or brotli undone on the way), with a cap on its size and the
 * call's deadline (body.ts), so an answer that never ends or never stops costs neither unbounded
 * memory nor more than the timeout, and an answer that started but did not finish is told apart
 * from no answer at all. Redirects are refused, never followed. No error keeps Node's error
 * object: only its network code travels on.
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import * as https from 'https';
import type { Readable } from 'stream';
import { pipeline } from 'stream';
import * as zlib from 'zlib';
import { readBody, networkCode } from './body';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  /** `url`, parsed once for every request. */
  private readonly target: URL;

  constructor(options: TransportOptions) {
    // Throws for an address requests may not go to: nothing is ever signed for it.
    this.url = options.endpoint === 'control' ? controlEndpointUrl(options.baseUrl) : endpointUrl(options.baseUrl);
    this.target = new URL(this.url);
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

    let status: number;
    let stream: Readable;
    let contentType: string;
    try {
      const response = await postBytes(
        this.target,
        body,
        {
          'Content-Type': 'application/json',
          'X-Api-Key': this.credentials.apiKey,
          'X-Api-Signature': signature,
        },
        combined,
      );
      status = response.statusCode ?? 0;
      contentType = String(response.headers['content-type'] ?? '');
      stream = decoded(response);
    } catch (error) {
      if (signal?.aborted) throw new CancelledError();
      if (deadline.aborted) throw new TimeoutError(timeoutMs);
      throw networkError(error);
    }
    if (status >= 300 && status <= 399) {
      stream.destroy();
      throw new TransportError(
        `The service answered with a redirect (HTTP ${status}); requests are never sent on to another address.`,
        status,
      );
    }
    const outcome = await readBody(stream, this.maxResponseBytes, combined);
    switch (outcome.kind) {
      case 'complete':
        return {
          status,
          contentType,
          text: stripBom(outcome.bytes.toString('utf8')),
          sent: {
            'Content-Type': 'application/json',
            'X-Api-Key': fingerprint(this.credentials.apiKey),
            'X-Api-Signature': fingerprint(signature),
          },
        };
      case 'too-large':
        throw new AnswerTooLargeError(this.maxResponseBytes, status);
      case 'aborted':
        if (signal?.aborted) throw new CancelledError();
        throw new IncompleteAnswerError(timeoutMs, status);
      case 'failed': {
        // A connection closed mid-answer is a reset, whatever the library called it.
        const code = outcome.code ?? 'ECONNRESET';
        throw new TransportError(`The service's answer broke off before its end (${code}).`, undefined, { code });
      }
    }
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** What every request says besides its body's headers: JSON wanted, compressed if the service likes. */
const COMMON_HEADERS = {
  Accept: 'application/json',
  'Accept-Encoding': 'gzip, deflate, br',
  'User-Agent': 'exchange-tx',
};

/**
 * Posts `body` as it is and settles with the answer's head (its body still to read), or rejects
 * with Node's error when no answer came. Node's http never follows a redirect and reads no proxy
 * variable; VS Code's proxy support patches these functions, so its proxy settings apply.
 */
function postBytes(
  url: URL,
  body: Buffer,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...COMMON_HEADERS, ...headers, 'Content-Length': String(body.length) },
        signal,
      },
      resolve,
    );
    // After the head came, a failure ends the answer's stream (read in body.ts), not this promise.
    request.on('error', reject);
    request.end(body);
  });
}

/** The answer's body as sent before its content encoding: gzip, deflate and brotli undone. */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  // A failure on either side ends both (the reader sees it on the decoder); so does destroying the decoder.
  return pipeline(response, decoder, () => undefined);
}

/** Only the network code travels on: Node's error object stays here. */
function networkError(error: unknown): ExchangeError {
  const code = networkCode(error);
  if (code !== undefined) return new TransportError(`Could not reach the service (${code}).`, undefined, { code });
  return new TransportError('Could not reach the service.');
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
