/**
 * What the sandbox saw of each request, for tests and the CLI: when it arrived, with which key,
 * what it asked and how it was answered. No signatures or bodies are kept.
 */
import type { FaultKind } from './faults';
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
  /** The `X-Api-Key` header as sent (undefined when missing). */
  readonly apiKey: string | undefined;
  /** From the body, when it could be read. */
  readonly id: RpcId;
  readonly method: string | undefined;
  readonly params: unknown;
  readonly outcome: RequestOutcome;
  /** The HTTP status sent (undefined for a hang). */
  readonly httpStatus: number | undefined;
  readonly errorCode?: number;
  readonly errorMessage?: string;
  readonly fault?: FaultKind;
  /** Delay added before answering (latency, or the slow fault). */
  readonly delayMs: number;
}

export class RequestLog {
  private readonly list: RequestLogEntry[] = [];
  private seq = 0;
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  /** Keeps the last `capacity` entries. */
  constructor(readonly capacity = 10_000) {}

  get entries(): readonly RequestLogEntry[] {
    return this.list;
  }

  add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
    const full: RequestLogEntry = { seq: ++this.seq, ...entry };
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
