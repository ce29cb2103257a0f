/**
 * What the sandbox saw of each request, for tests and the CLI: when it arrived, with which key,
 * what it asked and how it was answered. No signatures or bodies are kept; of the params, only
 * their size, and the params themselves only when they are small (at most 1 KiB of JSON) and of
 * a request run as an operation; nothing at all from the body of an unauthenticated one. So 10 000
 * entries of calls near the 1 MiB body limit hold their sizes, not up to 10 GiB of params.
 */
import type { FaultKind } from '../../../src/shared/controlProtocol';
import type { RpcId } from './protocol';

/**
 * `ok`: a result; `error`: a JSON-RPC error (see `errorCode`); `rate-limited`: the -32600 rate
 * limit error; `unauthorized`: HTTP 401; `not-found`: HTTP 404 (path or HTTP method);
 * `too-large`: HTTP 413; `fault`: an injected fault (see `fault`).
 */
export type RequestOutcome = 'ok' | 'error' | 'rate-limited' | 'unauthorized' | 'not-found' | 'too-large' | 'fault';

export interface RequestLogEntry {
  /** 1, 2, 3… in the order outcomes were decided. */
  readonly seq: number;
  /**
   * Monotonic ms (`performance.now()`) when the whole request had arrived: the time the rate
   * limiter counts it at.
   */
  readonly at: number;
  /** Ledger clock time (Unix ms) the request was answered for. */
  readonly ledgerTime: number;
  readonly httpMethod: string;
  readonly path: string;
  /** The `X-Api-Key` header as sent (undefined when missing), clipped to MAX_LOGGED_TEXT characters. */
  readonly apiKey: string | undefined;
  /** From the body, when it was parsed (never for a refused or unauthorized request). */
  readonly id: RpcId;
  /** The method asked for, when the body was parsed and has one (an unknown method included). */
  readonly method: string | undefined;
  /**
   * The params of a request that was run as an operation (its answer a result, an operation error
   * or an injected fault), only when their JSON is at most MAX_LOGGED_PARAMS_BYTES (1 KiB) in
   * UTF-8; undefined for larger ones (their size is in `paramsBytes`) and for every refused one.
   * They are kept as that JSON text and parsed again on each read (each read is a fresh copy).
   */
  readonly params: unknown;
  /**
   * Size of the params as JSON (`JSON.stringify`, UTF-8 bytes) of a request run as an operation,
   * kept whatever the size; undefined for every refused one.
   */
  readonly paramsBytes: number | undefined;
  /**
   * Body bytes the sandbox read. A body refused as too large is read no further than the chunk
   * that passed the limit (0 when its Content-Length already did).
   */
  readonly bodyBytes: number;
  readonly outcome: RequestOutcome;
  /** The HTTP status sent (undefined for a hang). */
  readonly httpStatus: number | undefined;
  readonly errorCode?: number;
  readonly errorMessage?: string;
  readonly fault?: FaultKind;
  /** Delay added before answering (latency, or the slow fault). */
  readonly delayMs: number;
}

/** The most characters an entry keeps of a text the client chose (API key, path, method name). */
export const MAX_LOGGED_TEXT = 128;

/** The largest params an entry keeps, in UTF-8 bytes of their JSON; larger ones are kept as their size only. */
export const MAX_LOGGED_PARAMS_BYTES = 1024;

/** What the server hands the log: the params whole (the log keeps their size, and them only when small). */
export type RequestLogInput = Omit<RequestLogEntry, 'seq' | 'paramsBytes'>;

/** `text` cut to MAX_LOGGED_TEXT characters, marked with `…` where it was cut. */
function clip<T extends string | undefined>(text: T): T {
  return (text !== undefined && text.length > MAX_LOGGED_TEXT ? `${text.slice(0, MAX_LOGGED_TEXT)}…` : text) as T;
}

/**
 * The last `capacity` entries. Each entry's size is bounded too (texts the client chose are
 * clipped; params are kept only when at most MAX_LOGGED_PARAMS_BYTES of JSON, and only of requests
 * run as an operation), so the log holds at most `capacity` small entries, whatever was sent.
 */
export class RequestLog {
  private readonly list: RequestLogEntry[] = [];
  private seq = 0;
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  constructor(readonly capacity = 10_000) {}

  get entries(): readonly RequestLogEntry[] {
    return this.list;
  }

  add(entry: RequestLogInput): RequestLogEntry {
    const { params, ...rest } = entry;
    const json = params === undefined ? undefined : JSON.stringify(params);
    const paramsBytes = json === undefined ? undefined : Buffer.byteLength(json, 'utf8');
    const kept = paramsBytes !== undefined && paramsBytes <= MAX_LOGGED_PARAMS_BYTES ? json : undefined;
    const fields: Omit<RequestLogEntry, 'params'> = {
      seq: ++this.seq,
      ...rest,
      paramsBytes,
      apiKey: clip(entry.apiKey),
      path: clip(entry.path),
      method: clip(entry.method),
    };
    const full = Object.defineProperty(fields, 'params', {
      enumerable: true,
      get: (): unknown => (kept === undefined ? undefined : JSON.parse(kept)),
    }) as RequestLogEntry;
    this.list.push(full);
    if (this.list.length > this.capacity) this.list.splice(0, this.list.length - this.capacity);
    for (const listener of this.listeners) listener(full);
    return full;
  }

  clear(): void {
    this.list.length = 0;
  }

  /** Calls `listener` for each new entry; returns a function that stops it. */
  subscribe(listener: (entry: RequestLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
