import { strict as assert } from 'assert';
import {
  AmountOutOfRangeError,
  AnswerTooLargeError,
  AuthenticationError,
  CancelledError,
  CurrencyNotFoundError,
  IncompleteAnswerError,
  InsecureEndpointError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  KeyFormatError,
  ProtocolError,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import { AccountAccessError } from '../../../src/features/common/accountAccessError';
import { classifyError } from '../../../src/features/common/errorKind';

describe('error kinds shown to the user', () => {
  it('classifies every error by its class', () => {
    const cases: [unknown, string][] = [
      [new CancelledError(), 'cancelled'],
      [new InvalidParameterError('id'), 'not-found'],
      [new InvalidParameterError('limit'), 'service'],
      [new AuthenticationError(401), 'authentication'],
      [new RateLimitError(10, 'Error: You reached requests limit 10 rps'), 'rate-limit'],
      [new TimeoutError(15_000), 'timeout'],
      [new IncompleteAnswerError(15_000, 200), 'incomplete'],
      [new AnswerTooLargeError(8 * 1024 * 1024, 200), 'too-large'],
      [new InsecureEndpointError('api.example.com', 'plain-http'), 'insecure-endpoint'],
      [new InsecureEndpointError('api.example.com', 'credentials'), 'insecure-endpoint'],
      [
        new TransportError(
          'The service answered with a redirect (HTTP 302); requests are never sent on to another address.',
          302,
        ),
        'network',
      ],
      [
        new TransportError('Could not reach the service (ECONNREFUSED).', undefined, { code: 'ECONNREFUSED' }),
        'network',
      ],
      [new TransportError('The service answered HTTP 500.', 500), 'network'],
      [new ProtocolError('The answer is not JSON', 200), 'protocol'],
      [new InternalServiceError(-32603, 'Internal Error'), 'internal'],
      [new JsonRpcError(-32601, 'Method not found'), 'service'],
      [new CurrencyNotFoundError('xyz', 'Invalid currency: xyz not found'), 'service'],
      [
        new AmountOutOfRangeError(
          -32602,
          'Invalid amount for pair btc->eth. Minimum amount is 0.001 btc',
          'min',
          '0.001',
          undefined,
        ),
        'service',
      ],
      [new KeyFormatError('bad key'), 'service'],
      [new AccountAccessError('declined', 'Signed requests for account "A" to host x.test are not allowed.'), 'access'],
      [new AccountAccessError('missing', 'That account no longer exists.'), 'access'],
      [new Error('Parameter id is invalid'), 'other'],
      ['rate limit', 'other'],
    ];
    for (const [error, kind] of cases) assert.equal(classifyError(error), kind, String(error));
  });

  it('never reads the message: a rate-limit text in another class is not a rate limit', () => {
    assert.equal(classifyError(new JsonRpcError(-32600, 'Error: You reached requests limit 10 rps')), 'service');
    assert.equal(classifyError(new TransportError('Parameter id is invalid')), 'network');
    assert.equal(
      classifyError(new TransportError("The service's answer was larger than 8 MiB: the client stopped reading it.")),
      'network',
    );
    assert.equal(
      classifyError(new Error('Refused to send a signed request over plain http to api.example.com')),
      'other',
    );
  });

  it('tells the new transport failures apart from a timeout and from a network error', () => {
    // An incomplete answer is not a TimeoutError, a too-large one not a TransportError: each has its own message.
    assert.notEqual(classifyError(new IncompleteAnswerError(200, 200)), classifyError(new TimeoutError(200)));
    assert.notEqual(classifyError(new AnswerTooLargeError(1024, 200)), classifyError(new TransportError('x')));
  });
});
