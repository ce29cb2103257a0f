import { strict as assert } from 'assert';
import {
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  RateLimitError,
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
