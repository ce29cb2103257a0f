/** What kind of failure an error is: by class (and the parameter named), never by message text. */
import {
  AnswerTooLargeError,
  AuthenticationError,
  CancelledError,
  ExchangeError,
  IncompleteAnswerError,
  InsecureEndpointError,
  InternalServiceError,
  InvalidParameterError,
  ProtocolError,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../api/exchangeErrors';
import { AccountAccessError } from './accountAccessError';

export type ErrorKind =
  /** The service does not know the id (`Parameter id is invalid`, or no record). */
  | 'not-found'
  /** The keys were refused. */
  | 'authentication'
  | 'rate-limit'
  /** No answer in time. */
  | 'timeout'
  /** An answer started in time but did not finish. */
  | 'incomplete'
  /** An answer over the client's size cap, cut off unread. */
  | 'too-large'
  /** Requests for the chosen account are not sent: its host was declined, or it is gone. */
  | 'access'
  /** The service address was refused before sending: plain http to another machine, or credentials in it. */
  | 'insecure-endpoint'
  /** No HTTP answer, or a non-2xx one. */
  | 'network'
  /** An answer that breaks the protocol (not JSON, truncated, another id, wrong shape). */
  | 'protocol'
  /** The service's own `-32603 Internal Error`. */
  | 'internal'
  | 'cancelled'
  /** Any other error the service or the client reported. */
  | 'service'
  /** Not an error of the client at all (a bug, the extension shutting down). */
  | 'other';

export function classifyError(error: unknown): ErrorKind {
  if (error instanceof CancelledError) return 'cancelled';
  if (error instanceof InvalidParameterError && error.param === 'id') return 'not-found';
  if (error instanceof AuthenticationError) return 'authentication';
  if (error instanceof RateLimitError) return 'rate-limit';
  if (error instanceof InsecureEndpointError) return 'insecure-endpoint';
  if (error instanceof AccountAccessError) return 'access';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof IncompleteAnswerError) return 'incomplete';
  if (error instanceof AnswerTooLargeError) return 'too-large';
  if (error instanceof TransportError) return 'network';
  if (error instanceof ProtocolError) return 'protocol';
  if (error instanceof InternalServiceError) return 'internal';
  if (error instanceof ExchangeError) return 'service';
  return 'other';
}
