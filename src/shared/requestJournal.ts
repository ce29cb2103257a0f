/**
 * The sandbox's request journal as it is read from outside: one entry per request that reached it
 * (the control endpoint's `requests` action, the CLI's `--journal` lines), with the diagnosis of a
 * refused one. Types and constants only: the journal itself is packages/sandbox/src/requestLog.ts,
 * the diagnosis packages/sandbox/src/diagnosis.ts.
 */
/** The `User-Agent` of the extension's own requests (src/api/transport.ts), so a journal can leave them out. */
export const EXTENSION_USER_AGENT = 'exchange-tx';

/**
 * `ok`: a result; `error`: a JSON-RPC error (see `errorCode`); `rate-limited`: the -32600 rate
 * limit error; `unauthorized`: HTTP 401; `not-found`: HTTP 404 (path or HTTP method);
 * `too-large`: HTTP 413; `fault`: an injected fault (see `fault`).
 */
export const REQUEST_OUTCOMES = [
  'ok',
  'error',
  'rate-limited',
  'unauthorized',
  'not-found',
  'too-large',
  'fault',
] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];

/** The findings of the diagnosis, one per refused request (their words and sources: DIAGNOSES in the sandbox). */
export const DIAGNOSIS_CODES = [
  'header-missing',
  'header-misnamed',
  'api-key-other-form',
  'api-key-unknown',
  'api-key-not-digest',
  'signature-not-base64',
  'signature-other-bytes',
  'signature-other-key',
  'wrong-path',
  'body-too-large',
  'rate-limited',
  'body-not-json',
  'id-not-string',
  'envelope-invalid',
  'method-unknown',
  'params-missing',
] as const;
export type DiagnosisCode = (typeof DIAGNOSIS_CODES)[number];

/** Why a request was refused: a code, and words that say what to change. */
export interface Diagnosis {
  readonly code: DiagnosisCode;
  readonly words: string;
}

/** One request as the journal shows it. Nothing in it is a secret: keys as fingerprints, no signature, private keys redacted. */
export interface JournalEntry {
  /** 1, 2, 3… in the order outcomes were decided; never reused while the sandbox runs (a clear keeps counting). */
  readonly seq: number;
  /** When it arrived, on the sandbox clock: Unix ms, and ISO 8601. */
  readonly timeMs: number;
  readonly time: string;
  readonly httpMethod: string;
  readonly path: string;
  /** The JSON-RPC method (or the control action), when the body named one. */
  readonly method: string | null;
  readonly id: string | number | null;
  readonly outcome: RequestOutcome;
  /** null for a request never answered (the hang fault). */
  readonly httpStatus: number | null;
  readonly errorCode?: number;
  readonly errorMessage?: string;
  /** The fault injected (a FaultKind of controlProtocol.ts, which imports this file). */
  readonly fault?: string;
  /** From the whole request in until its answer was sent, planned delays included; null for a hang. */
  readonly durationMs: number | null;
  /** The `X-Api-Key` header as a fingerprint (its first and last characters), null when missing. */
  readonly apiKey: string | null;
  /** The `User-Agent` header, clipped; null when missing. */
  readonly client: string | null;
  /** Whether it came from the extension itself (its User-Agent, EXTENSION_USER_AGENT). */
  readonly own: boolean;
  /** The body as it arrived (UTF-8), its first MAX_JOURNAL_TEXT_BYTES, private keys redacted. */
  readonly body: string;
  /** The body's whole size, in bytes read. */
  readonly bodyBytes: number;
  /** Whether `body` is cut short: the first MAX_JOURNAL_TEXT_BYTES only. */
  readonly bodyCut: boolean;
  /** Whether a private key was taken out of `body` (so it is not the bytes that arrived). */
  readonly redacted: boolean;
  /** The answer's body as sent, its first MAX_JOURNAL_TEXT_BYTES; null for a hang. */
  readonly answer: string | null;
  /** Why a refused request was refused. */
  readonly diagnosis?: Diagnosis;
}

/** The most bytes of a body, or an answer, an entry keeps. */
export const MAX_JOURNAL_TEXT_BYTES = 4096;

/** Entries a journal keeps by default (the oldest dropped first). */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** The `requests` action's filters: each one left out matches every entry. */
export interface RequestsFilter {
  readonly method?: string;
  readonly outcome?: RequestOutcome;
  /** An API key, or its fingerprint. */
  readonly apiKey?: string;
  /** Only the extension's own requests (true), or only the others (false). */
  readonly own?: boolean;
  /** Only entries after this `seq` (the `lastSeq` of an earlier answer, to read what is new). */
  readonly afterSeq?: number;
  /** Only entries that arrived at or after this time of the sandbox clock, Unix ms. */
  readonly sinceMs?: number;
  /** The newest this many of the matches (1 to the journal's size; default 100). */
  readonly limit?: number;
}

/** The answer of `requests`. */
export interface RequestsResult {
  /** The matches kept, oldest first. */
  readonly entries: readonly JournalEntry[];
  /** All the matches, before `limit`. */
  readonly matched: number;
  /** The newest `seq` the sandbox has given (0 before any request): `afterSeq` for the next read. */
  readonly lastSeq: number;
}

export const DEFAULT_REQUESTS_LIMIT = 100;
