/**
 * What the exchange service's client (client.ts) is made with and each call takes, and what it
 * tells of each attempt and of a body sent as written.
 */
import type { ExchangeError } from './exchangeErrors';
import type { Credentials } from './keys';
import type { RateLimiter } from './limiter';
import type { RetryOptions } from './retry';
import type { HttpAnswer } from './transport';

/** One attempt of one call, as a log line would tell it. Holds no keys or signatures. */
export interface RequestLogEntry {
  readonly method: string;
  readonly params: unknown;
  readonly attempt: number;
  readonly durationMs: number;
  /** `ok`, or the kind of error. */
  readonly outcome: 'ok' | ExchangeError['kind'] | 'error';
  readonly message?: string;
}

export interface ExchangeClientOptions {
  readonly baseUrl: string;
  readonly credentials: Credentials;
  readonly timeoutMs?: number;
  /** Answers larger than this are cut off with an AnswerTooLargeError (default 8 MiB). */
  readonly maxResponseBytes?: number;
  /**
   * Share one limiter between clients of the same key; by default each client has its own. A
   * shared limiter is not disposed with the client: its owner disposes it.
   */
  readonly limiter?: RateLimiter;
  /** Requests per second when the client makes its own limiter; the service allows 10. */
  readonly rateLimit?: number;
  readonly retry?: RetryOptions;
  /**
   * The time one call may take with all its retries, unless the call says otherwise
   * ({@link RequestOptions.deadlineMs}): `INTERACTIVE_DEADLINE_MS` (client.ts), or one attempt's timeout
   * when that is longer (a user who set a long timeout gets at least one whole attempt).
   */
  readonly deadlineMs?: number;
  readonly onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  /**
   * The time this call may take with all its retries, in ms (default: the client's, 20 s). Background
   * polling, which keeps its own pace and tells no one while it waits, passes `Infinity`: then only
   * the number of retries and each attempt's timeout bound it.
   */
  readonly deadlineMs?: number;
}

export interface PageOptions extends RequestOptions {
  /** Records per request, 1–100 (default 100). */
  readonly pageSize?: number;
  /** Stop after this many records. */
  readonly maxRecords?: number;
}

/** One body sent as written and its answer as it arrived (see `ExchangeClient.send`). */
export interface RawExchange extends HttpAnswer {
  /** From just before the body was sent to the answer's end, in milliseconds. */
  readonly durationMs: number;
  /** How long the rate limiter held the request back first. */
  readonly queuedMs: number;
  readonly bytesSent: number;
  /** Whether the answer is the service's rate-limit error (the key's limiter holds after it). */
  readonly rateLimited: boolean;
}
