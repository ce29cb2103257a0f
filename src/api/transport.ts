/**
 * One signed JSON-RPC 2.0 call over HTTP: the envelope is serialized once, compactly; those exact
 * bytes are signed and sent (axios is told not to transform them); the answer is checked against
 * the protocol before anything reads it. No retries and no rate limiting here (see client.ts).
 */
import axios from 'axios';
import type { AxiosInstance } from 'axios';
import { randomUUID } from 'crypto';
import type { Credentials } from './keys';
import { signBody } from './keys';
import type {
  ExchangeError} from './errors';
import {
  AuthenticationError,
  CancelledError,
  ProtocolError,
  TimeoutError,
  TransportError,
  serviceErrorFrom,
} from './errors';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Accepts `https://host`, `https://host/`, `https://host/v2` or `https://host/v2/`; returns the `/v2` URL. */
export function endpointUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new TransportError(`The service address "${baseUrl}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TransportError(`The service address must use http or https, not ${url.protocol}`);
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '');
  url.pathname = `${path}/v2`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

export interface TransportOptions {
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly timeoutMs?: number;
  /** For tests and tools: a prepared axios instance. */
  readonly http?: AxiosInstance;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** The raw outcome of one call, before decoding. */
export interface RpcAnswer {
  readonly result: unknown;
  readonly status: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class JsonRpcTransport {
  readonly url: string;
  readonly timeoutMs: number;
  private readonly credentials: Credentials;
  private readonly http: AxiosInstance;

  constructor(options: TransportOptions) {
    this.url = endpointUrl(options.baseUrl);
    this.credentials = options.credentials;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.http = options.http ?? axios.create();
  }

  /** The exact bytes sent for a call: compact JSON, serialized once. */
  static serialize(id: string, method: string, params: unknown): Buffer {
    return Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }), 'utf8');
  }

  async call(method: string, params: unknown, options: CallOptions = {}): Promise<RpcAnswer> {
    const { signal } = options;
    if (signal?.aborted) throw new CancelledError();
    const id = randomUUID();
    const body = JsonRpcTransport.serialize(id, method, params);
    const signature = signBody(this.credentials.privateKey, body);
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;

    let status: number;
    let text: string;
    let contentType: string;
    try {
      const response = await this.http.request<string>({
        url: this.url,
        method: 'POST',
        data: body,
        headers: {
          'Content-Type': 'application/json',
          'X-Api-Key': this.credentials.apiKey,
          'X-Api-Signature': signature,
        },
        // Send the signed bytes untouched and read the answer as text: we parse it ourselves.
        transformRequest: [(data: unknown) => data],
        transformResponse: [(data: unknown) => data],
        responseType: 'text',
        responseEncoding: 'utf8',
        validateStatus: () => true,
        maxRedirects: 0,
        signal: combined,
        proxy: false,
      });
      status = response.status;
      text = typeof response.data === 'string' ? response.data : String(response.data ?? '');
      contentType = String(response.headers['content-type'] ?? '');
    } catch (error) {
      if (signal?.aborted) throw new CancelledError();
      if (deadline.aborted) throw new TimeoutError(this.timeoutMs);
      throw networkError(error);
    }
    return interpretAnswer(id, status, contentType, text);
  }
}

function networkError(error: unknown): ExchangeError {
  if (axios.isAxiosError(error)) {
    const code = error.code ?? 'unknown';
    return new TransportError(`Could not reach the service (${code}).`, undefined, { cause: error, code });
  }
  return new TransportError('Could not reach the service.', undefined, { cause: error });
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
    const what = trimmed.startsWith('{') || trimmed.startsWith('[') ? 'a truncated or malformed JSON body' : 'a body that is not JSON';
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
    if (!isRecord(error) || typeof error.code !== 'number' || !Number.isInteger(error.code) || typeof error.message !== 'string') {
      throw new ProtocolError('The answer has a malformed "error" object', status, 'error');
    }
    throw serviceErrorFrom(error.code, error.message, error.data);
  }
  if (body.id !== requestId) throw new ProtocolError('The answer is for another request (its "id" differs)', status, 'id');
  if (!('result' in body)) throw new ProtocolError('The answer has neither "result" nor "error"', status, 'result');
  return { result: body.result, status };
}
