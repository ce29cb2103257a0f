import { strict as assert } from 'assert';
import {
  amountProblem,
  draftFromArgument,
  limitsOfError,
  limitsOfEstimate,
  requestText,
} from '../../../src/features/builtInSandbox/transactionDraft';
import { compareDecimal, defaultAmount } from '../../../src/features/common/payinAmount';

describe('sandbox New Transaction: the draft', () => {
  it('compares decimal strings exactly, whatever their scales', () => {
    assert.equal(compareDecimal('0.1', '0.10'), 0);
    assert.equal(compareDecimal('0.000609', '0.00061'), -1);
    assert.equal(compareDecimal('10.40721699267', '10.4072169926'), 1);
    assert.equal(compareDecimal('100000000000000000000.000000000000000001', '100000000000000000000'), 1);
  });

  it('offers twice the minimum, the minimum when twice is too much, the maximum alone, or 1', () => {
    assert.equal(defaultAmount({ min: '0.000609', max: '10.40721699267' }), '0.001218');
    assert.equal(defaultAmount({ min: '311', max: '6684417.2231053902' }), '622');
    assert.equal(defaultAmount({ min: '0.5', max: '0.9' }), '0.5');
    assert.equal(defaultAmount({ min: '0.05' }), '0.1');
    assert.equal(defaultAmount({}), '1');
    assert.equal(defaultAmount({ max: '0.3' }), '0.3');
    assert.equal(defaultAmount({ min: 'junk' }), '1');
    assert.equal(defaultAmount({ min: '0', max: '0.3' }), '0.3', 'a zero minimum guides nothing');
  });

  it('says what is wrong with a typed amount: format, zero, decimals, below or above the limits', () => {
    const limits = { min: '0.000609', max: '10.40721699267' };
    assert.equal(amountProblem('0.001', limits, 8), undefined);
    assert.equal(amountProblem(' 0.001 ', limits, 8), undefined);
    assert.deepEqual(amountProblem('1e3', limits), { kind: 'format' });
    assert.deepEqual(amountProblem('-1', limits), { kind: 'format' });
    assert.deepEqual(amountProblem('0.000', {}), { kind: 'zero' });
    assert.deepEqual(amountProblem('0.123456789', limits, 8), { kind: 'precision', digits: 8 });
    assert.deepEqual(amountProblem('0.0006', limits, 8), { kind: 'below', min: '0.000609' });
    assert.deepEqual(amountProblem('11', limits, 8), { kind: 'above', max: '10.40721699267' });
  });

  it('reads the payin limits of an estimate and of an amount error', () => {
    assert.deepEqual(limitsOfEstimate({ minFrom: '0.1', maxFrom: '2', min: '9', max: '9' }), { min: '0.1', max: '2' });
    assert.deepEqual(limitsOfEstimate({ min: '0.1' }), { min: '0.1' });
    assert.deepEqual(limitsOfError({ min: { from: '0.1', to: '3' }, max: { to: '60' } }), { min: '0.1' });
    assert.deepEqual(limitsOfError(undefined), {});
  });

  it('takes a whole draft from an argument, and nothing that is not one', () => {
    assert.deepEqual(
      draftFromArgument({
        from: 'BTC',
        to: 'eth',
        amount: '0.01',
        address: ' 0xabc ',
        refundAddress: 'bc1q',
        extra: 'ignored',
      }),
      {
        from: 'btc',
        to: 'eth',
        type: 'float',
        amount: '0.01',
        address: '0xabc',
        refundAddress: 'bc1q',
      },
    );
    assert.equal(draftFromArgument({ from: 'btc', to: 'eth', type: 'swap', amount: '1', address: 'a' }), undefined);
    assert.equal(draftFromArgument({ from: 'btc', to: 'eth', amount: '1' }), undefined);
    assert.equal(draftFromArgument({ from: 'btc', to: 'eth', amount: '1', address: 'a\u0000b' }), undefined);
    assert.equal(draftFromArgument({ from: 'btc', to: 'eth', amount: '1', address: 'x'.repeat(257) }), undefined);
    assert.equal(draftFromArgument(['btc', 'eth']), undefined);
    assert.equal(draftFromArgument('btc'), undefined);
    const getter = Object.defineProperty({ from: 'btc', to: 'eth', amount: '1' }, 'address', {
      get: () => 'a',
      enumerable: true,
    });
    assert.equal(draftFromArgument(getter), undefined, 'no getter runs');
  });

  it('writes a draft as the createTransaction of a request document, with only the fields it has', () => {
    const text = requestText({ from: 'btc', to: 'xrp', type: 'float', amount: '0.01', address: 'r1', extraId: '7' });
    assert.ok(text.endsWith('}\n'));
    assert.deepEqual(JSON.parse(text), {
      method: 'createTransaction',
      params: { from: 'btc', to: 'xrp', address: 'r1', extraId: '7', amountFrom: '0.01' },
    });
  });
});
