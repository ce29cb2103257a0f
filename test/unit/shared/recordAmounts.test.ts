/** One rule for the amounts both tooltips show: a payout only once `amountTo` says one happened. */
import { strict as assert } from 'assert';
import { knownAmount, recordAmounts } from '../../../src/shared/recordAmounts';

describe('record amounts', () => {
  it('an unpaid record (amountTo "0") has no payout, only the expected one', () => {
    assert.deepEqual(recordAmounts({ amountFrom: '0', amountTo: '0', amountExpectedTo: '1078.13117858' }), {
      expectedPayout: '1078.13117858',
    });
    assert.deepEqual(recordAmounts({ amountFrom: '', amountTo: '', amountExpectedTo: '' }), {});
  });

  it('a paid one has its payout and what was received', () => {
    assert.deepEqual(recordAmounts({ amountFrom: '1.5', amountTo: '20.1', amountExpectedTo: '20.2' }), {
      received: '1.5',
      paidOut: '20.1',
      expectedPayout: '20.2',
    });
  });

  it('known means neither missing, blank nor "0"', () => {
    for (const value of [null, undefined, '', '  ', '0']) assert.equal(knownAmount(value), false, String(value));
    for (const value of ['0.0001', '12', '0.0']) assert.equal(knownAmount(value), true, value);
  });
});
