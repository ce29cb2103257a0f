// The catalogue and estimate operations' local checks and the decoders' edges, value by value:
// which parameter a refusal names and why, what is sent, how a currency's optional members and
// notices are read, and the bounds between seconds, milliseconds and microseconds.
import { strict as assert } from 'assert';
import { InvalidParameterError, MAX_BULK, ProtocolError } from '../../../src/api';
import { addressParams, decodeCurrencies, decodePairs, pairsParams } from '../../../src/api/catalogue';
import { parse, toMicroseconds } from '../../../src/api/decode';
import { exchangeAmountParamsOf, fixRateParamsOf } from '../../../src/api/estimates';
import * as v from 'valibot';

function refused(call: () => unknown, param: string, detail: string): void {
  assert.throws(call, (e: unknown) => {
    assert.ok(e instanceof InvalidParameterError, String(e));
    assert.deepEqual([e.param, e.detail], [param, detail]);
    return true;
  });
}

describe('catalogue and estimates: params', () => {
  it('getPairs: optional filters, lowercased; txType float or fixed; from and to apart', () => {
    assert.deepEqual(pairsParams({}), {});
    assert.deepEqual(pairsParams({ from: 'BTC', txType: 'fixed' }), { from: 'btc', txType: 'fixed' });
    assert.deepEqual(pairsParams({ to: ' Eth ', txType: 'float' }), { to: 'eth', txType: 'float' });
    refused(() => pairsParams({ txType: 'spot' as never }), 'txType', 'expected "float" or "fixed"');
    refused(() => pairsParams({ from: 'btc', to: 'BTC' }), 'to', 'must differ from "from"');
    refused(() => pairsParams({ from: '' }), 'from', 'must not be empty');
    refused(() => pairsParams({ to: ' ' }), 'to', 'must not be empty');
    refused(() => pairsParams(null as never), 'params', 'expected an object');
  });

  it('validateAddress: currency lowercased, address and extra id trimmed', () => {
    assert.deepEqual(addressParams({ currency: 'BTC', address: ' bc1q ', extraId: ' 7 ' }), {
      currency: 'btc',
      address: 'bc1q',
      extraId: '7',
    });
    assert.deepEqual(addressParams({ currency: 'xrp', address: 'r1' }), { currency: 'xrp', address: 'r1' });
    refused(() => addressParams({ currency: 'xrp', address: 'r1', extraId: '' }), 'extraId', 'must not be empty');
    refused(() => addressParams({ currency: 'xrp', address: '' }), 'address', 'must not be empty');
    refused(() => addressParams([] as never), 'params', 'expected an object');
  });

  it('estimates: one object, or 1 to 100 of them, each checked', () => {
    const one = { from: 'btc', to: 'eth', amountFrom: '1' };
    assert.deepEqual(exchangeAmountParamsOf({ ...one, userMetadata: ' m ' }), { ...one, userMetadata: 'm' });
    assert.equal((exchangeAmountParamsOf(Array.from({ length: MAX_BULK }, () => one)) as unknown[]).length, 100);
    refused(() => exchangeAmountParamsOf([]), 'params', 'at least one pair is needed');
    refused(
      () => exchangeAmountParamsOf(Array.from({ length: MAX_BULK + 1 }, () => one)),
      'params',
      'at most 100 pairs, got 101',
    );
    refused(() => exchangeAmountParamsOf([null as never]), 'params', 'expected an object');
    refused(() => exchangeAmountParamsOf(null as never), 'params', 'expected an object');
    refused(() => exchangeAmountParamsOf({ ...one, userMetadata: '' }), 'userMetadata', 'must not be empty');
    refused(
      () => fixRateParamsOf({ from: 'btc', to: 'eth', amountTo: '1', userMetadata: '' }),
      'userMetadata',
      'must not be empty',
    );
    assert.deepEqual(fixRateParamsOf([{ from: 'BTC', to: 'eth', amountTo: '2' }]), [
      { from: 'btc', to: 'eth', amountTo: '2' },
    ]);
  });
});

describe('catalogue and decoders: edges', () => {
  const btc = { ticker: 'btc', enabled: true };

  it('reads a payin notice only from a plain object’s own value, and leaves absent members out', () => {
    const [plain] = decodeCurrencies([{ ...btc, notifications: { payin: 'Send from a wallet you own.' } }]);
    assert.equal(plain.payinNotice, 'Send from a wallet you own.');
    const [listed] = decodeCurrencies([{ ...btc, notifications: ['payin'] }]);
    assert.equal('payinNotice' in listed, false);
    const getter = Object.defineProperty({}, 'payin', { get: () => 'from a getter', enumerable: true });
    const [got] = decodeCurrencies([{ ...btc, notifications: getter }]);
    assert.equal('payinNotice' in got, false, 'a getter is never run');
    assert.deepEqual(Object.keys(decodeCurrencies([btc])[0]).sort(), [
      'enabled',
      'enabledFrom',
      'enabledTo',
      'fixRateEnabled',
      'ticker',
    ]);
  });

  it('names the field of a malformed pair, and says what was expected', () => {
    assert.throws(
      () =>
        decodePairs([
          { from: 'btc', to: 'eth' },
          { from: 7, to: 'eth' },
        ]),
      (e: unknown) =>
        e instanceof ProtocolError &&
        e.field === 'result[1].from' &&
        e.message.startsWith('The service sent an unexpected value for "result[1].from": '),
    );
    assert.throws(
      () => parse(v.object({ a: v.string() }), { a: 1 }, 'result'),
      (e: unknown) =>
        e instanceof ProtocolError &&
        e.message === 'The service sent an unexpected value for "result.a": expected string, received 1',
    );
  });

  it('reads Unix time in seconds below 1e12, milliseconds below 1e15, microseconds from there', () => {
    assert.equal(toMicroseconds(0), 0);
    assert.equal(toMicroseconds(999_999_999_999), 999_999_999_999_000_000);
    assert.equal(toMicroseconds(1_000_000_000_000), 1_000_000_000_000_000, '1e12 is milliseconds');
    assert.equal(toMicroseconds(999_999_999_999_999), 999_999_999_999_999_000);
    assert.equal(toMicroseconds(1_000_000_000_000_000), 1_000_000_000_000_000, '1e15 is microseconds');
  });
});
