import { strict as assert } from 'assert';
import { AmountOutOfRangeError, RateLimiter } from '../../../src/api';
import { exampleAddress, exampleTickers } from '../../../src/features/builtInSandbox/exampleAddresses';
import {
  AddressRefusedError,
  createFromDraft,
  loadPairsFrom,
  loadPayins,
  probeLimits,
} from '../../../src/features/builtInSandbox/newTransactionCore';
import type { CreationStep } from '../../../src/features/builtInSandbox/newTransactionCore';
import { CURRENCIES } from '../../../packages/sandbox/src';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

const BTC = 'bc1qexampleexampleexampleexampleexampleace';
const ETH = '0x0123456789abcdef0123456789abcdef01234567';

describe('sandbox New Transaction: the real operations', function () {
  this.timeout(20_000);
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ ledgerSize: 5, rateLimit: false });
  });
  after(() => harness.sandbox.stop());

  const methods = (): string[] => harness.sandbox.requests.map((r) => r.method ?? '');

  it('the pair in two questions: the payins (one short call), then the pairs of one payin', async () => {
    const client = harness.client();
    harness.sandbox.clearRequests();
    const { currencies, payins } = await loadPayins(client);
    assert.deepEqual(methods(), ['getCurrenciesFull']);
    const all = await client.getPairs({});
    assert.deepEqual(
      payins.map((c) => c.ticker),
      [...new Set(all.map((p) => p.from))].sort(),
      'every payin of the pairs, by ticker, and no other',
    );
    assert.ok(payins.length < 500 && all.length > 10_000, `${payins.length} payins instead of ${all.length} pairs`);
    assert.ok(!payins.some((c) => c.ticker === 'dot' || c.ticker === 'zec'), 'DOT is no payin; ZEC is disabled');
    harness.sandbox.clearRequests();
    const btc = await loadPairsFrom(client, 'btc', currencies);
    assert.deepEqual(methods(), ['getPairs']);
    assert.deepEqual(
      btc.map((p) => p.to),
      all
        .filter((p) => p.from === 'btc')
        .map((p) => p.to)
        .sort(),
      'the payouts of BTC, by ticker',
    );
    assert.deepEqual(
      btc.slice(0, 3).map((p) => p.to),
      ['1inch', 'aave', 'ada'],
    );
    assert.equal(btc.find((p) => p.to === 'eth')?.fromCurrency?.fullName, 'Bitcoin');
    assert.equal(
      btc.find((p) => p.to === 'atom'),
      undefined,
      'ATOM is no payout',
    );
  });

  it('reads the floating-rate limits of a pair from the amount error of a tiny estimate', async () => {
    const client = harness.client();
    assert.deepEqual(await probeLimits(client, 'btc', 'eth'), { min: '0.000609', max: '10.40721699267' });
    assert.deepEqual(await probeLimits(client, 'doge', 'btc'), { min: '311', max: '6684417.2231053902' });
  });

  it('creates a float transaction: addresses checked, estimated, created; it waits for its payin', async () => {
    harness.sandbox.clearRequests();
    const steps: CreationStep[] = [];
    const created = await createFromDraft(
      harness.client(),
      { from: 'btc', to: 'eth', type: 'float', amount: '0.01', address: ETH },
      (step) => steps.push(step),
    );
    assert.deepEqual(steps, ['addresses', 'estimate', 'create']);
    assert.deepEqual(methods(), ['validateAddress', 'getExchangeAmount', 'createTransaction']);
    assert.equal(created.status, 'new');
    assert.equal(created.type, 'float');
    assert.equal(created.amountExpectedFrom, '0.01');
    assert.equal(harness.sandbox.ledger.statusOf(created.id), 'waiting');
  });

  it('creates a fixed transaction through a rate ID, with its refund address', async () => {
    harness.sandbox.clearRequests();
    const created = await createFromDraft(harness.client(), {
      from: 'eth',
      to: 'btc',
      type: 'fixed',
      amount: '0.5',
      address: BTC,
      refundAddress: ETH,
    });
    assert.deepEqual(methods(), ['validateAddress', 'validateAddress', 'getFixRateForAmount', 'createFixTransaction']);
    assert.equal(created.type, 'fixed');
    assert.equal(created.refundAddress, ETH);
    assert.equal(harness.sandbox.ledger.statusOf(created.id), 'waiting');
  });

  it('an amount out of range is the typed amount error with the limits, and creates nothing', async () => {
    const before = harness.sandbox.ledger.all().length;
    await assert.rejects(
      createFromDraft(harness.client(), { from: 'btc', to: 'eth', type: 'float', amount: '0.0001', address: ETH }),
      (error: unknown) =>
        error instanceof AmountOutOfRangeError &&
        error.limits?.min?.from === '0.000609' &&
        error.limits.max?.from === '10.40721699267',
    );
    await assert.rejects(
      createFromDraft(harness.client(), {
        from: 'btc',
        to: 'eth',
        type: 'fixed',
        amount: '4',
        address: ETH,
        refundAddress: BTC,
      }),
      (error: unknown) =>
        error instanceof AmountOutOfRangeError && error.bound === 'max' && error.limits?.max?.from === '3.7514',
    );
    assert.equal(harness.sandbox.ledger.all().length, before);
  });

  it('a refused address stops before the estimate and names the field', async () => {
    harness.sandbox.clearRequests();
    await assert.rejects(
      createFromDraft(harness.client(), { from: 'btc', to: 'eth', type: 'float', amount: '0.01', address: BTC }),
      (error: unknown) => error instanceof AddressRefusedError && error.field === 'address' && error.currency === 'eth',
    );
    assert.deepEqual(methods(), ['validateAddress']);
    await assert.rejects(
      createFromDraft(harness.client(), {
        from: 'eth',
        to: 'xrp',
        type: 'float',
        amount: '0.1',
        address: 'rqZJU7meAdVrW9xjDM5PWZPqjFH1vCCJVR',
        extraId: 'not a tag',
      }),
      (error: unknown) => error instanceof AddressRefusedError && error.field === 'extraId',
    );
    await assert.rejects(
      createFromDraft(harness.client(), {
        from: 'eth',
        to: 'btc',
        type: 'float',
        amount: '0.1',
        address: BTC,
        refundAddress: BTC,
      }),
      (error: unknown) =>
        error instanceof AddressRefusedError && error.field === 'refundAddress' && error.currency === 'eth',
    );
    await assert.rejects(
      createFromDraft(harness.client(), { from: 'eth', to: 'btc', type: 'fixed', amount: '0.1', address: BTC }),
      (error: unknown) => error instanceof AddressRefusedError && error.field === 'refundAddress',
    );
  });

  it('has an example address (and extra id) the sandbox accepts for every one of its currencies, by ticker or by network', async () => {
    const tickers = CURRENCIES.map((c) => c.ticker);
    assert.ok(
      exampleTickers().every((t) => tickers.includes(t)),
      'no example for a currency the sandbox does not know',
    );
    // Some 175 calls: a limiter of the service's 10 a second would make this test wait 17 s.
    const client = harness.client({ limiter: new RateLimiter({ limit: 1000 }) });
    for (const currency of await client.getCurrenciesFull()) {
      const example = exampleAddress(currency.ticker, currency.blockchain);
      assert.ok(example, currency.ticker);
      const verdict = await client.validateAddress({
        currency: currency.ticker,
        address: example.address,
        ...(example.extraId ? { extraId: example.extraId } : {}),
      });
      assert.deepEqual(verdict, { result: true }, currency.ticker);
    }
    assert.equal(exampleAddress('BTC')?.address, BTC);
    assert.equal(exampleAddress('toString'), undefined);
    assert.equal(
      exampleAddress('usdtrx', 'tron')?.address,
      exampleAddress('trx')?.address,
      'a token takes the example of its chain',
    );
    assert.equal(exampleAddress('nosuch', '__proto__'), undefined);
  });
});
