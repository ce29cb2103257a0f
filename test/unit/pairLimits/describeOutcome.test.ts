/** How a pair's outcome is written in the log: one short word, with the currency or parameter it names. */
import { strict as assert } from 'assert';
import { CurrencyDisabledError, CurrencyNotFoundError, InvalidParameterError, JsonRpcError } from '../../../src/api';
import { describeOutcome } from '../../../src/features/pairLimits/fetchPairLimits';

describe('describeOutcome', () => {
  it('names each kind of outcome', () => {
    assert.equal(describeOutcome(undefined), 'unsettled');
    assert.equal(describeOutcome({ limits: { from: 'btc', to: 'eth', minAmountFloat: '0.001', maxAmountFloat: '2', minAmountFixed: '0.002', maxAmountFixed: '1' } }), 'limits');
    assert.equal(describeOutcome({ missing: true }), 'missing');
    assert.equal(describeOutcome({ error: new CurrencyDisabledError('xmr', 'input', 'Currency xmr is disabled for input') }), 'disabled:xmr:input');
    assert.equal(describeOutcome({ error: new CurrencyNotFoundError('zzz', 'Currency zzz not found') }), 'not-found:zzz');
    assert.equal(describeOutcome({ error: new InvalidParameterError('to') }), 'invalid:to');
    assert.equal(describeOutcome({ error: new JsonRpcError(-32000, 'Pair is not available') }), 'refused:-32000');
  });
});
