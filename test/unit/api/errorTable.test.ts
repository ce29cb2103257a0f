/**
 * Every error class with its kind, code, message and whether it is retried, written out: callers
 * match on `kind` and `code`, users read `message`, the retry policy reads `transient`.
 */
import { strict as assert } from 'assert';
import {
  AuthenticationError,
  CancelledError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  KeyFormatError,
  KeyMismatchError,
  ProtocolError,
  RateLimitError,
  ControlError,
  TransportError,
} from '../../../src/api';
import type { ExchangeError } from '../../../src/api';
import { fingerprint } from '../../../src/api/keys';

const row = (e: ExchangeError) => [
  e.name,
  e.kind,
  'code' in e ? (e as { code?: unknown }).code : undefined,
  e.message,
  e.transient,
];

describe('the error table', () => {
  it('names, kinds, codes, messages and transience of each class', () => {
    assert.deepEqual(
      [
        new KeyFormatError('bad key'),
        new KeyMismatchError('derived'),
        new AuthenticationError(401),
        new RateLimitError(10, 'Error: You reached requests limit 10 rps'),
        new InvalidParameterError('id'),
        new InvalidParameterError('limit', 'Parameter limit is invalid', 'at most 100'),
        new CurrencyDisabledError('xmr', 'input', 'Invalid currency: xmr disabled for input'),
        new CurrencyNotFoundError('nope', 'Invalid currency: nope not found'),
        new InternalServiceError(-32603, 'Internal Error'),
        new JsonRpcError(-32601, 'Method not found'),
        new CancelledError(),
        new ProtocolError('The answer is not a JSON-RPC object'),
        new ProtocolError('The answer is not a JSON-RPC object', 200),
        new TransportError('The service answered HTTP 500.', 500),
        new ControlError('not-found', 'No transaction abc.', 404, 'id'),
      ].map(row),
      [
        ['KeyFormatError', 'key-format', undefined, 'bad key', false],
        [
          'KeyMismatchError',
          'key-mismatch',
          undefined,
          'The API key does not match the private key: the key derived from the private key differs from the one entered.',
          false,
        ],
        [
          'AuthenticationError',
          'authentication',
          undefined,
          'The service refused the request (HTTP 401, Unauthorized). Check the API keys.',
          false,
        ],
        [
          'RateLimitError',
          'rate-limit',
          -32600,
          "The service's rate limit of 10 requests per second was reached.",
          true,
        ],
        ['InvalidParameterError', 'invalid-parameter', -32602, 'Parameter id is invalid', false],
        ['InvalidParameterError', 'invalid-parameter', -32602, 'Parameter limit is invalid: at most 100', false],
        ['CurrencyDisabledError', 'currency-disabled', -32602, 'Invalid currency: xmr disabled for input', false],
        ['CurrencyNotFoundError', 'currency-not-found', -32602, 'Invalid currency: nope not found', false],
        ['InternalServiceError', 'internal', -32603, 'Internal Error', true],
        ['JsonRpcError', 'json-rpc', -32601, 'The service answered error -32601: Method not found', false],
        ['CancelledError', 'cancelled', undefined, 'The request was cancelled.', false],
        ['ProtocolError', 'protocol', undefined, 'The answer is not a JSON-RPC object', false],
        ['ProtocolError', 'protocol', undefined, 'The answer is not a JSON-RPC object (HTTP 200)', false],
        ['TransportError', 'transport', undefined, 'The service answered HTTP 500.', false],
        ['ControlError', 'sandbox-control', 'not-found', 'The sandbox refused the action: No transaction abc.', false],
      ],
    );
  });

  it('a transport error is retried for 502, 503, 504 and a reset, not for 500, 501, 505 or a refusal', () => {
    const transient = (status?: number, code?: string) =>
      new TransportError('x', status, code === undefined ? undefined : { code }).transient;
    assert.deepEqual(
      [transient(502), transient(503), transient(504), transient(undefined, 'ECONNRESET')],
      [true, true, true, true],
    );
    assert.deepEqual(
      [transient(500), transient(501), transient(505), transient(undefined, 'ECONNREFUSED'), transient()],
      [false, false, false, false, false],
    );
  });

  it('fingerprint shows an API key of up to 12 characters whole, a longer one as its first 6 and last 4', () => {
    assert.equal(fingerprint('abcdefghijkl'), 'abcdefghijkl');
    assert.equal(fingerprint('abcdefghijklm'), 'abcdef…jklm');
    assert.equal(fingerprint('Q2hhbmdlbGx5IGlzIGEgc2ltdWxhdGVkIHNlcnZpY2U='), 'Q2hhbm…Y2U=');
  });
});
