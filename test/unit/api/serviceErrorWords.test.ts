// Which service messages are read as which typed error, at the edges: a message is matched whole
// (nothing before or after it), under its own code only, and a rate limit of 1 is a limit of 1.
import { strict as assert } from 'assert';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InvalidParameterError,
  JsonRpcError,
  RateLimitError,
  rateLimitOf,
  serviceErrorFrom,
} from '../../../src/api';

const kindOf = (code: number, message: string): string => serviceErrorFrom(code, message).constructor.name;

describe('service error words', () => {
  it('reads the -32602 refusals only from the whole message', () => {
    assert.equal(kindOf(-32602, 'Parameter id is invalid'), InvalidParameterError.name);
    assert.equal(kindOf(-32602, 'Note: Parameter id is invalid'), JsonRpcError.name);
    assert.equal(kindOf(-32602, 'Parameter id is invalid, really'), JsonRpcError.name);
    assert.equal(
      kindOf(-32602, 'Invalid currency: xmr is temporary disabled on API as input currency'),
      CurrencyDisabledError.name,
    );
    assert.equal(
      kindOf(-32602, 'Invalid currency: xmr is temporary disabled on API as input currency!'),
      JsonRpcError.name,
    );
    assert.equal(
      kindOf(-32602, 'x Invalid currency: xmr is temporary disabled on API as input currency'),
      JsonRpcError.name,
    );
    assert.equal(kindOf(-32602, 'Invalid currency: zec temporary disabled'), CurrencyDisabledError.name);
    assert.equal(kindOf(-32602, 'x Invalid currency: zec temporary disabled'), JsonRpcError.name);
    assert.equal(kindOf(-32602, 'Invalid currency: qqq not found'), CurrencyNotFoundError.name);
    assert.equal(kindOf(-32602, 'x Invalid currency: qqq not found'), JsonRpcError.name);
    assert.equal(kindOf(-32602, 'Invalid currency: qqq not found today'), JsonRpcError.name);
    const output = serviceErrorFrom(-32602, 'Invalid currency: btc is temporary disabled on API as output currency');
    assert.ok(output instanceof CurrencyDisabledError && output.direction === 'output' && output.currency === 'btc');
  });

  it('reads them under -32602 only', () => {
    assert.equal(kindOf(-32600, 'Parameter id is invalid'), JsonRpcError.name);
    assert.equal(kindOf(-32603, 'Invalid currency: qqq not found'), 'InternalServiceError');
    assert.equal(kindOf(-32601, 'Invalid currency: qqq not found'), JsonRpcError.name);
  });

  it('a rate limit of 1 request per second is 1; of 0, the default 10', () => {
    assert.equal(rateLimitOf('You reached requests limit 1 rps'), 1);
    assert.equal(rateLimitOf('You reached requests limit 0 rps'), 10);
    const error = serviceErrorFrom(-32600, 'Error: You reached requests limit 1 rps');
    assert.ok(error instanceof RateLimitError && error.limit === 1);
  });

  it('the older amount error names its pair when it has one, and none otherwise', () => {
    const withPair = serviceErrorFrom(-32600, 'Invalid amount: minimal amount for BTC->ETH is 0.01');
    assert.ok(withPair instanceof AmountOutOfRangeError);
    assert.deepEqual([withPair.bound, withPair.amount, withPair.pair], ['min', '0.01', { from: 'btc', to: 'eth' }]);
    const bare = serviceErrorFrom(-32600, 'Invalid amount: maximal amount is 5');
    assert.ok(bare instanceof AmountOutOfRangeError);
    assert.deepEqual([bare.bound, bare.amount, bare.pair], ['max', '5', undefined]);
  });
});
