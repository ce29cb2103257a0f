/** The public face of the exchange service's client. Pure Node: no `vscode` import below here. */
export { amountLimits } from './amountLimits';
export type { AmountBound, AmountLimits } from './amountLimits';
export { ExchangeClient } from './client';
export type { ExchangeClientOptions, PageOptions, RawExchange, RequestLogEntry, RequestOptions } from './clientOptions';
export type { HttpAnswer, SentHeaders } from './transport';
export { checkEndpoint, endpointUrl, isLoopbackHost } from './endpoint';
export * from './exchangeErrors';
export {
  deriveApiKey,
  fingerprint,
  generateKeys,
  generateKeysAsync,
  loadCredentials,
  MIN_RSA_BITS,
  signBody,
  verifyBody,
} from './keys';
export type { Credentials, GeneratedKeys } from './keys';
export { RateLimiter } from './limiter';
export type { RateLimiterOptions } from './limiter';
export { DEFAULT_LIMIT, isMicroseconds, MAX_FILTER_VALUES, MAX_LIMIT } from './params';
export { RetryPolicy } from './retry';
export type { RetryOptions } from './retry';
export { amountErrorOf, DEFAULT_RATE_LIMIT, rateLimitOf, serviceErrorFrom } from './serviceErrorReading';
export { MAX_BULK } from './estimates';
export { MAX_AMOUNT_LENGTH } from './params';
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from './transport';
export { formatBytes, formatSeconds } from './units';
export type * from './types';
export { isFinalStatus, normalizeStatus, KNOWN_STATUSES, ALL_STATUSES } from '../shared/status';
export type { KnownStatus, TransactionStatus } from '../shared/status';
export { ControlClient, interpretControlAnswer, sendControl } from './controlClient';
export { ControlError } from './controlError';
export type { ControlCallOptions, ControlClientOptions } from './controlClient';
