/**
 * The request journal: what the sandbox saw of each request, for the control endpoint's `requests`
 * action, the CLI, the editor and tests. Each entry holds when it arrived, the API key (shown
 * outside only as a fingerprint), the client (`User-Agent`), the method, the outcome, the body as it arrived and the
 * answer as sent, both cut to MAX_JOURNAL_TEXT_BYTES, and the diagnosis of a refused one. No
 * signature is kept, and a private key in a body is redacted (redact.ts). So the last `capacity`
 * entries stay bounded whatever was sent: 1 000 calls near the 1 MiB body limit hold 8 MiB at most.
 */
import { fingerprint } from '../../../src/api/keys';
import type { FaultKind } from '../../../src/shared/controlProtocol';
import type { Diagnosis, JournalEntry, RequestOutcome } from '../../../src/shared/requestJournal';
import { DEFAULT_JOURNAL_SIZE, EXTENSION_USER_AGENT, MAX_JOURNAL_TEXT_BYTES } from '../../../src/shared/requestJournal';
import type { RpcId } from './protocol';
import { redactPrivateKeys } from './redact';

export type { RequestOutcome } from '../../../src/shared/requestJournal';

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
  /**
   * The `X-Api-Key` header as sent (undefined when missing), clipped to MAX_LOGGED_TEXT characters;
   * the journal shows it as a fingerprint only (journalEntry).
   */
  readonly apiKey: string | undefined;
  /** The `User-Agent` header, clipped to MAX_LOGGED_TEXT characters; undefined when missing. */
  readonly client: string | undefined;
  /** From the body, when it was parsed (never for a refused or unauthorized request). */
  readonly id: RpcId;
  /** The method asked for, when the body was parsed and has one (an unknown method included). */
  readonly method: string | undefined;
  /**
   * The params of a request that was run as an operation (its answer a result, an operation error
   * or an injected fault), read from the body kept: undefined when that body is cut short or
   * redacted (their size is in `paramsBytes`), and for every refused request. Each read is a fresh copy.
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
  /** The body's first MAX_JOURNAL_TEXT_BYTES as UTF-8, private keys redacted. */
  readonly body: string;
  readonly bodyCut: boolean;
  readonly redacted: boolean;
  readonly outcome: RequestOutcome;
  /** The HTTP status sent (undefined for a hang). */
  readonly httpStatus: number | undefined;
  /** The answer's body as sent, its first MAX_JOURNAL_TEXT_BYTES (undefined for a hang). */
  readonly answer: string | undefined;
  readonly errorCode?: number;
  readonly errorMessage?: string;
  readonly fault?: FaultKind;
  /** Delay added before answering (latency, or the slow fault). */
  readonly delayMs: number;
  /** From `at` until the answer was decided, with `delayMs`; undefined for a hang. */
  readonly durationMs: number | undefined;
  readonly diagnosis?: Diagnosis;
}

/** The most characters an entry keeps of a text the client chose (API key, path, method name, User-Agent). */
export const MAX_LOGGED_TEXT = 128;

/** What the server hands the log: the key, the body and the answer whole (the log keeps them bounded). */
export interface RequestLogInput extends Omit<
  RequestLogEntry,
  'seq' | 'paramsBytes' | 'body' | 'bodyCut' | 'redacted' | 'answer' | 'durationMs' | 'client'
> {
  readonly client: string | undefined;
  /** The bytes read (for a body refused as too large, the first of them). */
  readonly raw: Buffer;
  /** The answer's body, null for a hang. */
  readonly answerBody: string | null;
}

/** `text` cut to MAX_LOGGED_TEXT characters, marked with `…` where it was cut. */
function clip<T extends string | undefined>(text: T): T {
  return (text !== undefined && text.length > MAX_LOGGED_TEXT ? `${text.slice(0, MAX_LOGGED_TEXT)}…` : text) as T;
}

/** The first MAX_JOURNAL_TEXT_BYTES of `bytes` as UTF-8 text, and whether that is all of them. */
function bounded(bytes: Buffer): { text: string; cut: boolean } {
  const cut = bytes.length > MAX_JOURNAL_TEXT_BYTES;
  return { text: (cut ? bytes.subarray(0, MAX_JOURNAL_TEXT_BYTES) : bytes).toString('utf8'), cut };
}

/** Whether the extension itself sent it (its User-Agent). */
export function isOwn(entry: Pick<RequestLogEntry, 'client'>): boolean {
  return entry.client === EXTENSION_USER_AGENT;
}

/** The entry as the journal shows it outside the sandbox (control `requests`, `--journal`). */
export function journalEntry(entry: RequestLogEntry): JournalEntry {
  return {
    seq: entry.seq,
    timeMs: entry.ledgerTime,
    time: new Date(entry.ledgerTime).toISOString(),
    httpMethod: entry.httpMethod,
    path: entry.path,
    method: entry.method ?? null,
    id: entry.id,
    outcome: entry.outcome,
    httpStatus: entry.httpStatus ?? null,
    ...(entry.errorCode === undefined ? {} : { errorCode: entry.errorCode }),
    ...(entry.errorMessage === undefined ? {} : { errorMessage: entry.errorMessage }),
    ...(entry.fault === undefined ? {} : { fault: entry.fault }),
    durationMs: entry.durationMs ?? null,
    apiKey: entry.apiKey === undefined ? null : fingerprint(entry.apiKey),
    client: entry.client ?? null,
    own: isOwn(entry),
    body: entry.body,
    bodyBytes: entry.bodyBytes,
    bodyCut: entry.bodyCut,
    redacted: entry.redacted,
    answer: entry.answer ?? null,
    ...(entry.diagnosis === undefined ? {} : { diagnosis: entry.diagnosis }),
  };
}

/**
 * The last `capacity` entries, each bounded (texts the client chose clipped, body and answer cut
 * to MAX_JOURNAL_TEXT_BYTES), so the log holds at most `capacity` small entries, whatever was sent.
 */
export class RequestLog {
  private readonly list: RequestLogEntry[] = [];
  private seq = 0;
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  constructor(readonly capacity = DEFAULT_JOURNAL_SIZE) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError('the journal keeps at least 1 entry');
  }

  get entries(): readonly RequestLogEntry[] {
    return this.list;
  }

  /** The newest `seq` given (0 before any request); a clear keeps counting. */
  get lastSeq(): number {
    return this.seq;
  }

  add(input: RequestLogInput): RequestLogEntry {
    const { params, raw, answerBody, ...rest } = input;
    const json = params === undefined ? undefined : JSON.stringify(params);
    const paramsBytes = json === undefined ? undefined : Buffer.byteLength(json, 'utf8');
    const kept = bounded(raw);
    const { text: body, redacted } = redactPrivateKeys(kept.text);
    const readable = paramsBytes !== undefined && !kept.cut && !redacted;
    const fields: Omit<RequestLogEntry, 'params'> = {
      seq: ++this.seq,
      ...rest,
      paramsBytes,
      apiKey: clip(input.apiKey),
      client: clip(input.client),
      path: clip(input.path),
      method: clip(input.method),
      body,
      bodyCut: kept.cut,
      redacted,
      answer: answerBody === null ? undefined : bounded(Buffer.from(answerBody, 'utf8')).text,
      durationMs: answerBody === null ? undefined : performance.now() - input.at + input.delayMs,
    };
    const full = Object.defineProperty(fields, 'params', {
      enumerable: true,
      get: (): unknown => (readable ? (JSON.parse(body) as { params?: unknown }).params : undefined),
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
