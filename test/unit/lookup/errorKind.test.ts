import { strict as assert } from 'assert';
import {
  AuthenticationError,
  CancelledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  KeyFormatError,
  ProtocolError,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import { classifyError } from '../../../src/features/lookup/errorKind';

describe('error kinds shown to the user', () => {
  it('classifies every error by its class', () => {
    const cases: [unknown, string][] = [
      [new CancelledError(), 'cancelled'],
      [new InvalidParameterError('id'), 'not-found'],
      [new InvalidParameterError('limit'), 'service'],
      [new AuthenticationError(401), 'authentication'],
      [new RateLimitError(10, 'Error: You reached requests limit 10 rps'), 'rate-limit'],
      [new TimeoutError(15_000), 'timeout'],
      [new TransportError('Could not reach the service (ECONNREFUSED).', undefined, { code: 'ECONNREFUSED' }), 'network'],
      [new TransportError('The service answered HTTP 500.', 500), 'network'],
      [new ProtocolError('The answer is not JSON', 200), 'protocol'],
      [new InternalServiceError(-32603, 'Internal Error'), 'internal'],
      [new JsonRpcError(-32601, 'Method not found'), 'service'],
      [new CurrencyNotFoundError('xyz', 'Invalid currency: xyz not found'), 'service'],
      [new KeyFormatError('bad key'), 'service'],
      [new Error('Parameter id is invalid'), 'other'],
      ['rate limit', 'other'],
    ];
    for (const [error, kind] of cases) assert.equal(classifyError(error), kind, String(error));
  });

  it('never reads the message: a rate-limit text in another class is not a rate limit', () => {
    assert.equal(classifyError(new JsonRpcError(-32600, 'Error: You reached requests limit 10 rps')), 'service');
    assert.equal(classifyError(new TransportError('Parameter id is invalid')), 'network');
  });
});
