/**
 * How a pair's outcome is written in the log (one short word, with the currency or parameter it
 * names), and a group whose every pair the refusal names: settled, with no call for what is left.
 */
import { strict as assert } from 'assert';
import { CurrencyDisabledError, CurrencyNotFoundError, InvalidParameterError, JsonRpcError } from '../../../src/api';
import { describeOutcome, fetchPairLimits } from '../../../src/features/pairLimits/fetchLimits';
import type { CurrencyPairKey } from '../../../src/shared/currencyPairs';

describe('describeOutcome', () => {
  it('names each kind of outcome', () => {
    assert.equal(describeOutcome(undefined), 'unsettled');
    assert.equal(
      describeOutcome({
        limits: {
          from: 'btc',
          to: 'eth',
          minAmountFloat: '0.001',
          maxAmountFloat: '2',
          minAmountFixed: '0.002',
          maxAmountFixed: '1',
        },
      }),
      'limits',
    );
    assert.equal(describeOutcome({ missing: true }), 'missing');
    assert.equal(
      describeOutcome({ error: new CurrencyDisabledError('xmr', 'input', 'Currency xmr is disabled for input') }),
      'disabled:xmr:input',
    );
    assert.equal(
      describeOutcome({ error: new CurrencyNotFoundError('zzz', 'Currency zzz not found') }),
      'not-found:zzz',
    );
    assert.equal(describeOutcome({ error: new InvalidParameterError('to') }), 'invalid:to');
    assert.equal(describeOutcome({ error: new JsonRpcError(-32000, 'Pair is not available') }), 'refused:-32000');
  });

  it('a refusal that names every pair of the group settles them all with one call', async () => {
    const groups: string[][] = [];
    const fetch = (group: readonly CurrencyPairKey[]) => {
      groups.push(group.map((p) => `${p.from}/${p.to}`));
      return Promise.reject(new CurrencyNotFoundError('xmr', 'Currency xmr not found'));
    };
    const report = await fetchPairLimits(fetch, [
      { from: 'xmr', to: 'btc' },
      { from: 'eth', to: 'xmr' },
    ]);
    assert.deepEqual(groups, [['xmr/btc', 'eth/xmr']]);
    assert.equal(report.calls, 1);
    assert.deepEqual([...report.outcomes.keys()], ['xmr/btc', 'eth/xmr']);
    assert.deepEqual([...report.outcomes.values()].map(describeOutcome), ['not-found:xmr', 'not-found:xmr']);
  });
});
