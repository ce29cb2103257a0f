import { strict as assert } from 'assert';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  RateLimitError,
  rateLimitOf,
  ServiceError,
  serviceErrorFrom,
} from '../../../src/api';

describe('service errors', () => {
  it('turns every row of the spec error table into its own class with its fields', () => {
    const rate = serviceErrorFrom(-32600, 'Error: You reached requests limit 10 rps');
    assert.ok(rate instanceof RateLimitError);
    assert.equal(rate.limit, 10);
    assert.ok(rate.transient);

    const param = serviceErrorFrom(-32602, 'Parameter id is invalid');
    assert.ok(param instanceof InvalidParameterError);
    assert.equal(param.param, 'id');
    assert.ok(!param.transient);

    const both = serviceErrorFrom(-32602, 'Invalid currency: xmr temporary disabled');
    assert.ok(both instanceof CurrencyDisabledError);
    assert.deepEqual([both.currency, both.direction], ['xmr', 'both']);

    const output = serviceErrorFrom(-32602, 'Invalid currency: dash is temporary disabled on API as output currency');
    assert.ok(output instanceof CurrencyDisabledError);
    assert.deepEqual([output.currency, output.direction], ['dash', 'output']);

    const input = serviceErrorFrom(-32602, 'Invalid currency: zec is temporary disabled on API as input currency');
    assert.ok(input instanceof CurrencyDisabledError);
    assert.deepEqual([input.currency, input.direction], ['zec', 'input']);

    const missing = serviceErrorFrom(-32602, 'Invalid currency: foo not found');
    assert.ok(missing instanceof CurrencyNotFoundError);
    assert.equal(missing.currency, 'foo');

    for (const message of ['Internal Error', 'Error']) {
      const internal = serviceErrorFrom(-32603, message);
      assert.ok(internal instanceof InternalServiceError);
      assert.ok(internal.transient);
    }
  });

  it('keeps unknown codes and unknown messages of known codes with code and message', () => {
    const cases: [number, string][] = [
      [-32601, 'Method not found'],
      [-32600, 'Invalid Request'],
      [-32602, 'Something else entirely'],
      [-32000, 'Amount is less than minimal'],
    ];
    for (const [code, message] of cases) {
      const error = serviceErrorFrom(code, message, { limits: {} });
      assert.ok(error instanceof JsonRpcError, `${code} ${message}`);
      assert.equal(error.code, code);
      assert.equal(error.serviceMessage, message);
      assert.ok(!error.transient);
    }
  });
});

describe('rate-limit answers in other wordings', () => {
  it('reads a -32600 that mentions the request limit as a rate limit, with its number', () => {
    const cases: [string, number][] = [
      ['Error: You reached requests limit 10 rps', 10],
      ['You reached requests limit 10 rps', 10],
      ['Error: You reached requests limit 10 rps.', 10],
      ['error: you reached requests limit 25 RPS', 25],
      ['YOU REACHED REQUESTS LIMIT 5 RPS.', 5],
      ['You reached requests limit 20rps', 20],
      ['You reached the requests limit of 15 requests per second.', 15],
      ['Request limit exceeded: 12 requests/s', 12],
      ['Rate limit exceeded (30 req/s)', 30],
      ['Limit of 8 rps reached', 8],
      ['Requests limit: 40', 40],
      ['You reached requests limit', 10],
      ['Too many requests', 10],
      ['rate-limit reached, slow down', 10],
      ['You reached requests limit 0 rps', 10],
    ];
    for (const [message, limit] of cases) {
      const error = serviceErrorFrom(-32600, message);
      assert.ok(error instanceof RateLimitError, message);
      assert.equal(error.limit, limit, message);
      assert.equal(error.serviceMessage, message);
      assert.ok(error.transient);
    }
  });

  it('never reads an amount error, or another -32600, as a rate limit', () => {
    const messages = [
      'Invalid amount: minimal amount is 0.1',
      'invalid amount: minimal amount for eth->btc is 0.0816',
      'Invalid amount: maximal amount is 10 (requests limit 10 rps)',
      'Invalid Request',
      'Error: Creating fix transactions limit exceeds, wait 5 minute',
      'Limit exceeded',
      '10 rps',
    ];
    for (const message of messages) {
      const error = serviceErrorFrom(-32600, message);
      assert.ok(!(error instanceof RateLimitError), message);
      // The amount errors have their own class; every other -32600 stays a plain JSON-RPC error.
      assert.ok(
        /^invalid amount/i.test(message) ? error instanceof AmountOutOfRangeError : error instanceof JsonRpcError,
        message,
      );
      assert.ok(!error.transient, message);
    }
    assert.ok(
      !(
        serviceErrorFrom(-32600, 'You reached requests limit 10 rps', { limits: { min: { from: '0.1' } } }) instanceof
        RateLimitError
      ),
      'an error with amount limits is an amount error',
    );
    assert.equal(rateLimitOf('Invalid amount: minimal amount is 0.1'), undefined);
    assert.equal(rateLimitOf('Error: You reached requests limit 10 rps'), 10);
  });

  it('reads the limit only under -32600', () => {
    for (const code of [-32602, -32603, -32000])
      assert.ok(
        !(serviceErrorFrom(code, 'Error: You reached requests limit 10 rps') instanceof RateLimitError),
        String(code),
      );
  });
});

describe('error data', () => {
  it("keeps the error object's data on every service error class", () => {
    const data = { limits: { min: { from: '0.1', to: '2.5' } }, extra: [1, 2] };
    const cases: [number, string, new (...args: never[]) => ServiceError][] = [
      [-32600, 'Error: You reached requests limit 10 rps', RateLimitError],
      [-32602, 'Parameter id is invalid', InvalidParameterError],
      [-32602, 'Invalid currency: xmr temporary disabled', CurrencyDisabledError],
      [-32602, 'Invalid currency: foo not found', CurrencyNotFoundError],
      [-32603, 'Internal Error', InternalServiceError],
      [-32602, 'Invalid amount for pair btc->eth. Maximum amount is 12.3 btc', AmountOutOfRangeError],
      [-32601, 'Method not found', JsonRpcError],
    ];
    for (const [code, message, type] of cases) {
      // The rate-limit row is the one that must not carry amount limits.
      const sent = type === RateLimitError ? { retryAfter: 1 } : data;
      const error = serviceErrorFrom(code, message, sent);
      assert.ok(error instanceof type, message);
      assert.ok(error instanceof ServiceError);
      assert.equal(error.data, sent, message);
    }
    assert.equal(serviceErrorFrom(-32603, 'Internal Error').data, undefined);
    assert.equal(new InvalidParameterError('limit', undefined, 'must be 1 to 100').data, undefined);
  });
});
