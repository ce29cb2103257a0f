/**
 * The hostile-strings fault reaches the further operations' results: display text and secondary
 * amounts carry the hostile values, what a client needs to go on (tickers, the amounts asked,
 * rate IDs, transaction ids) stays valid; with no share nothing changes.
 */
import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { HOSTILE_VALUES } from '../src';
import { result, testSandbox } from './helpers';

const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';
const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';

describe('sandbox hostile strings in the further operations', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
  });
  afterEach(() => sandbox.stop());

  it('every estimate, quote, created transaction, currency and refused address carries them at share 1', async () => {
    sandbox.setFaults({ hostile: 1 });
    const [estimate] = await result<Record<string, unknown>[]>(sandbox, 'getExchangeAmount', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.01',
    });
    assert.deepEqual([estimate.from, estimate.to, estimate.amountFrom], ['btc', 'eth', '0.01']);
    assert.equal(estimate.networkFee, HOSTILE_VALUES.markup);
    assert.equal(estimate.maxFrom, HOSTILE_VALUES.commandLink);
    assert.equal(estimate.rate, HOSTILE_VALUES.markup);
    const [quote] = await result<Record<string, unknown>[]>(sandbox, 'getFixRateForAmount', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.01',
    });
    assert.equal(quote.result, HOSTILE_VALUES.markdown);
    assert.match(String(quote.id), /^.{32}$/, 'the rate id stays usable');
    const created = await result<Record<string, unknown>>(sandbox, 'createFixTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: quote.id,
      amountFrom: '0.01',
      address: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
    });
    assert.equal(created.payoutAddress, HOSTILE_VALUES.script);
    assert.equal(created.refundAddress, HOSTILE_VALUES.long);
    assert.equal(created.status, 'new');
    assert.equal(
      sandbox.ledger.get(String(created.id))?.payoutAddress,
      ETH_ADDRESS,
      'the ledger keeps the real values',
    );
    const currencies = await result<Record<string, unknown>[]>(sandbox, 'getCurrenciesFull', {});
    const btc = currencies.find((c) => c.ticker === 'btc');
    assert.ok(btc);
    assert.deepEqual(
      [btc.fullName, btc.addressUrl, btc.enabled],
      [HOSTILE_VALUES.script, HOSTILE_VALUES.javascriptLink, true],
    );
    const verdict = await result<Record<string, unknown>>(sandbox, 'validateAddress', {
      currency: 'btc',
      address: 'nope',
    });
    assert.deepEqual(verdict, { result: false, message: HOSTILE_VALUES.script });
    assert.deepEqual(await result(sandbox, 'validateAddress', { currency: 'btc', address: BTC_ADDRESS }), {
      result: true,
    });
  });

  it('nothing is hostile without the fault', async () => {
    const [estimate] = await result<Record<string, unknown>[]>(sandbox, 'getExchangeAmount', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.01',
    });
    assert.equal(estimate.networkFee, '0.0021');
    const currencies = await result<Record<string, unknown>[]>(sandbox, 'getCurrenciesFull', {});
    assert.equal(currencies.find((c) => c.ticker === 'btc')?.fullName, 'Bitcoin');
  });
});
