/**
 * The exchange service's client: the operations of docs/service/methods.md (checks
 * and decoders in params.ts, estimates.ts, creation.ts, catalogue.ts), each checked before sending, every call
 * through one shared rate limiter and bounded retries, every answer decoded and validated.
 */
import { lifetimeController, linkSignals } from './abort';
import type { ExchangeClientOptions, PageOptions, RawExchange, RequestLogEntry, RequestOptions } from './clientOptions';
import { addressParams, decodeAddressVerdict, decodeCurrencies, decodePairs, pairsParams } from './catalogue';
import { createFixTransactionParams, createTransactionParams, decodeCreatedTransaction } from './creation';
import { decodePairLimits, decodeStatus, decodeTransactions } from './decode';
import { CancelledError, ExchangeError, RateLimitError, TransportError } from './exchangeErrors';
import { decodeExchangeAmounts, decodeFixRates, exchangeAmountParamsOf, fixRateParamsOf } from './estimates';
import { RateLimiter } from './limiter';
import { checkId, MAX_FILTER_VALUES, MAX_LIMIT, pairParams, transactionParams } from './params';
import { RetryPolicy } from './retry';
import { rateLimitOf } from './serviceErrorReading';
import { JsonRpcTransport } from './transport';
import type {
  AddressQuery,
  AddressVerdict,
  CreatedTransaction,
  CreateFixTransactionRequest,
  CreateTransactionRequest,
  CurrencyInfo,
  CurrencyPair,
  ExchangeAmountQuery,
  ExchangeEstimate,
  FixRateQuery,
  FixRateQuote,
  PairLimits,
  PairsQuery,
  StatusResult,
  TransactionQuery,
  TransactionRecord,
} from './types';
import { errorText } from '../shared/errorText';

/** Loaded with the client (the extension makes a connection's redactor beside its client). */
export { valueRedactor } from './valueRedactor';

/**
 * Ours: an interactive call (a lookup, a hover, a command) tells the user something within about
 * 20 s, whatever its retries: they share this deadline.
 */
export const INTERACTIVE_DEADLINE_MS = 20_000;

/**
 * Whether a failed request had its answer (or at least its status line) back: then it had reached
 * the service by that moment. Cancelled, timed out or cut off before any answer: it may still
 * arrive, and the rate limiter counts it from its arrival bound instead. Exported for its tests.
 */
export function wasAnswered(error: unknown): boolean {
  if (error instanceof CancelledError) return false;
  return !(error instanceof TransportError && error.status === undefined);
}

/** Whether an answer's text is the service's rate-limit error (exported for its tests). */
export function isRateLimitAnswer(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('error' in body)) return false;
    const error: unknown = body.error;
    if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return false;
    return (
      error.code === -32600 &&
      typeof error.message === 'string' &&
      rateLimitOf(error.message, 'data' in error ? error.data : undefined) !== undefined
    );
  } catch {
    return false;
  }
}

export class ExchangeClient {
  readonly limiter: RateLimiter;
  private readonly ownsLimiter: boolean;
  private readonly transport: JsonRpcTransport;
  private readonly retry: RetryPolicy;
  private readonly onRequest: ((entry: RequestLogEntry) => void) | undefined;
  private readonly deadlineMs: number;
  /** Aborts every call of this client, wherever it is (queued, sending, reading, in backoff). */
  private readonly lifetime = lifetimeController();

  constructor(options: ExchangeClientOptions) {
    this.transport = new JsonRpcTransport(options);
    this.ownsLimiter = options.limiter === undefined;
    this.limiter = options.limiter ?? new RateLimiter({ limit: options.rateLimit ?? 10 });
    this.retry = new RetryPolicy(options.retry);
    this.onRequest = options.onRequest;
    this.deadlineMs = options.deadlineMs ?? Math.max(INTERACTIVE_DEADLINE_MS, this.transport.timeoutMs);
  }

  /** Whether {@link dispose} was called: every call now rejects with a CancelledError. */
  get disposed(): boolean {
    return this.lifetime.signal.aborted;
  }

  /** The `/v2` address requests go to. */
  get url(): string {
    return this.transport.url;
  }

  async getStatus(id: string, options: RequestOptions = {}): Promise<StatusResult> {
    const params = { id: checkId(id) };
    return decodeStatus(await this.call('getStatus', params, options));
  }

  async getTransactions(query: TransactionQuery = {}, options: RequestOptions = {}): Promise<TransactionRecord[]> {
    const params = transactionParams(query);
    return decodeTransactions(await this.call('getTransactions', params, options));
  }

  async getPairsParams(pairs: readonly CurrencyPair[], options: RequestOptions = {}): Promise<PairLimits[]> {
    const params = pairParams(pairs);
    return decodePairLimits(await this.call('getPairsParams', params, options));
  }

  /**
   * Floating-rate estimates: one query, or a bulk array of 1–100 (a pair the service refuses is
   * left out of a bulk answer; a single refused query fails, e.g. with an AmountOutOfRangeError).
   */
  async getExchangeAmount(
    queries: ExchangeAmountQuery | readonly ExchangeAmountQuery[],
    options: RequestOptions = {},
  ): Promise<ExchangeEstimate[]> {
    const params = exchangeAmountParamsOf(queries);
    return decodeExchangeAmounts(await this.call('getExchangeAmount', params, options));
  }

  /** Fixed-rate quotes with their rate IDs: one query or a bulk array, as {@link getExchangeAmount}. */
  async getFixRateForAmount(
    queries: FixRateQuery | readonly FixRateQuery[],
    options: RequestOptions = {},
  ): Promise<FixRateQuote[]> {
    const params = fixRateParamsOf(queries);
    return decodeFixRates(await this.call('getFixRateForAmount', params, options));
  }

  /** Creates a floating-rate transaction. Not idempotent: never retried after it was sent. */
  async createTransaction(
    request: CreateTransactionRequest,
    options: RequestOptions = {},
  ): Promise<CreatedTransaction> {
    const params = createTransactionParams(request);
    return decodeCreatedTransaction(await this.call('createTransaction', params, options, false));
  }

  /** Creates a fixed-rate transaction with a rate ID of {@link getFixRateForAmount}. Never retried after it was sent. */
  async createFixTransaction(
    request: CreateFixTransactionRequest,
    options: RequestOptions = {},
  ): Promise<CreatedTransaction> {
    const params = createFixTransactionParams(request);
    return decodeCreatedTransaction(await this.call('createFixTransaction', params, options, false));
  }

  /** Every currency with its state, disabled ones included. */
  async getCurrenciesFull(options: RequestOptions = {}): Promise<CurrencyInfo[]> {
    return decodeCurrencies(await this.call('getCurrenciesFull', {}, options));
  }

  /** The enabled pairs, optionally filtered by payin, payout and rate type. */
  async getPairs(query: PairsQuery = {}, options: RequestOptions = {}): Promise<CurrencyPair[]> {
    const params = pairsParams(query);
    return decodePairs(await this.call('getPairs', params, options));
  }

  /** Whether an address (and extra id) is valid for a currency; an invalid one is a result, not an error. */
  async validateAddress(query: AddressQuery, options: RequestOptions = {}): Promise<AddressVerdict> {
    const params = addressParams(query);
    return decodeAddressVerdict(await this.call('validateAddress', params, options));
  }

  /**
   * Every record matching `query`, page by page with `offset`, until a short page. Records that a
   * moving ledger pushes onto the next page are given once only.
   */
  async *iterateTransactions(
    query: Omit<TransactionQuery, 'limit' | 'offset'> = {},
    options: PageOptions = {},
  ): AsyncGenerator<TransactionRecord> {
    const pageSize = options.pageSize ?? MAX_LIMIT;
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = await this.getTransactions({ ...query, limit: pageSize, offset }, options);
      for (const record of page) {
        if (seen.has(record.id)) continue;
        seen.add(record.id);
        yield record;
        if (options.maxRecords !== undefined && seen.size >= options.maxRecords) return;
      }
      if (page.length < pageSize) return;
      offset += page.length;
    }
  }

  /**
   * The records of any number of ids, one `getTransactions` call per 10 ids (sent together; the
   * limiter paces them). Ids the service does not know are absent from the map.
   */
  async getTransactionsByIds(
    ids: readonly string[],
    options: RequestOptions = {},
  ): Promise<Map<string, TransactionRecord>> {
    const unique = [...new Set(ids.map((id) => checkId(id)))];
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += MAX_FILTER_VALUES) chunks.push(unique.slice(i, i + MAX_FILTER_VALUES));
    const pages = await Promise.all(
      chunks.map((chunk) => this.getTransactions({ id: chunk, limit: chunk.length }, options)),
    );
    const found = new Map<string, TransactionRecord>();
    for (const record of pages.flat()) found.set(record.id, record);
    return found;
  }

  /**
   * Signs and sends these exact bytes once (no local checks, no retry) through the key's rate
   * limiter, and gives back the answer as it arrived, for a developer to read: any HTTP status,
   * any body. A rate-limit answer holds the limiter as for any call. Throws only when no whole
   * answer came (see JsonRpcTransport.post) or the client is disposed.
   */
  async send(body: Buffer, options: RequestOptions = {}): Promise<RawExchange> {
    const linked = linkSignals(options.signal, this.lifetime.signal);
    const { signal } = linked;
    const queued = performance.now();
    try {
      const release = await this.limiter.acquire(signal);
      const started = performance.now();
      try {
        const answer = await this.transport.post(body, { signal });
        release();
        const rateLimited = isRateLimitAnswer(answer.text);
        if (rateLimited) this.limiter.holdFor(this.limiter.windowMs);
        return {
          ...answer,
          durationMs: Math.round(performance.now() - started),
          queuedMs: Math.round(started - queued),
          bytesSent: body.length,
          rateLimited,
        };
      } catch (error) {
        release(wasAnswered(error));
        throw error;
      }
    } catch (error) {
      if (signal.aborted && !(error instanceof CancelledError)) throw new CancelledError();
      throw error;
    } finally {
      linked.unlink();
    }
  }

  /**
   * Ends every call of this client: queued ones leave the limiter, one being sent or read is
   * aborted, one waiting to retry stops; all reject with a {@link CancelledError}, and nothing is
   * signed or sent with this client's key afterwards. The limiter is disposed only if this client
   * made it; a shared one keeps serving the other clients.
   */
  dispose(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    if (this.ownsLimiter) this.limiter.dispose();
  }

  /**
   * One call through the limiter and the retry policy. A call that is not `idempotent` (the
   * creates) is retried only after a rate-limit answer, which the service refused before acting:
   * after a timeout or a fault it may have been carried out, and a second one would create again.
   */
  private async call(method: string, params: unknown, options: RequestOptions, idempotent = true): Promise<unknown> {
    const linked = linkSignals(options.signal, this.lifetime.signal);
    const { signal } = linked;
    try {
      return await this.retry.run(
        async (attempt, remainingMs) => {
          const asked = performance.now();
          const release = await this.limiter.acquire(signal);
          const started = performance.now();
          try {
            // What is left of the call's deadline once the limiter let it go.
            const answer = await this.transport.call(method, params, {
              signal,
              timeoutMs: remainingMs - (started - asked),
            });
            release();
            this.log(method, params, attempt, started, 'ok');
            return answer.result;
          } catch (error) {
            release(wasAnswered(error));
            const kind = error instanceof ExchangeError ? error.kind : 'error';
            this.log(method, params, attempt, started, kind, errorText(error));
            if (error instanceof RateLimitError) this.limiter.holdFor(this.limiter.windowMs);
            throw error;
          }
        },
        signal,
        undefined,
        idempotent ? undefined : (error) => error instanceof RateLimitError,
        options.deadlineMs ?? this.deadlineMs,
      );
    } catch (error) {
      // Whatever an attempt ended with, a call stopped by its caller or by dispose() is cancelled.
      if (signal.aborted && !(error instanceof CancelledError)) throw new CancelledError();
      throw error;
    } finally {
      linked.unlink();
    }
  }

  private log(
    method: string,
    params: unknown,
    attempt: number,
    started: number,
    outcome: RequestLogEntry['outcome'],
    message?: string,
  ): void {
    this.onRequest?.({
      method,
      params,
      attempt,
      durationMs: Math.round(performance.now() - started),
      outcome,
      ...(message === undefined ? {} : { message }),
    });
  }
}
