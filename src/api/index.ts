/** The public face of the exchange service's client. Pure Node: no `vscode` import below here. */
export { ExchangeClient } from './client';
export type { ExchangeClientOptions, PageOptions, RequestLogEntry, RequestOptions } from './client';
export * from './errors';
export { deriveApiKey, fingerprint, generateKeys, loadCredentials, MIN_RSA_BITS, signBody, verifyBody } from './keys';
export type { Credentials, GeneratedKeys } from './keys';
export { RateLimiter } from './limiter';
export type { RateLimiterOptions } from './limiter';
export { DEFAULT_LIMIT, isMicroseconds, MAX_FILTER_VALUES, MAX_LIMIT } from './params';
export { RetryPolicy } from './retry';
export type { RetryOptions } from './retry';
export { DEFAULT_TIMEOUT_MS, endpointUrl } from './transport';
export type * from './types';
export { isFinalStatus, normalizeStatus, KNOWN_STATUSES, ALL_STATUSES } from '../shared/status';
export type { KnownStatus, TransactionStatus } from '../shared/status';
