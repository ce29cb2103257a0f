/**
 * The sandbox faithful to the last field (RULES.md): `trackUrl` on the create answers, every field
 * of the service's sample records present with null or 0, amounts sent as JSON numbers read by our
 * written rule, the amount errors in the current documentation's wording, and getFixRateBulk.
 * Over real HTTP with real signatures.
 */
import { strict as assert } from 'assert';
import type { Sandbox } from '../src';
import { findCurrency, ManualClock } from '../src';
import { SEEDED_CURRENCIES } from '../src/seededLedger';
import { currencyRefusal } from '../src/pairs';
import { postSigned, result, rpcError, testKeys, testSandbox } from './helpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';
/** Every field of the service's sample records (docs "Get transactions"; docs/service/interface.md#the-transaction-record). */
const RECORD_FIELDS = [
  'id',
  'trackUrl',
  'createdAt',
  'type',
  'moneyReceived',
  'moneySent',
  'rate',
  'payinConfirmations',
  'status',
  'currencyFrom',
  'currencyTo',
  'payinAddress',
  'payinExtraId',
  'payinExtraIdName',
  'payinHash',
  'payoutAddress',
  'payoutExtraId',
  'payoutExtraIdName',
  'payoutHash',
  'payoutHashLink',
  'refundAddress',
  'refundExtraId',
  'refundHash',
  'refundHashLink',
  'amountExpectedFrom',
  'amountExpectedTo',
  'amountFrom',
  'amountTo',
  'networkFee',
  'changellyFee',
  'apiExtraFee',
  'totalFee',
  'canPush',
  'canRefund',
];

describe('sandbox: faithful to the last field', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;

  before(async () => {
    clock = new ManualClock(Date.UTC(2030, 0, 10, 12));
    sandbox = await testSandbox({ clock, seed: 4 });
  });
  after(() => sandbox.stop());

  it('answers createTransaction and createFixTransaction with the trackUrl their records carry', async () => {
    const float = await result<{ id: string; trackUrl: string }>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: ETH,
    });
    const [quote] = await result<{ id: string }[]>(sandbox, 'getFixRateForAmount', {
      from: 'btc',
      to: 'eth',
      amountTo: '2',
    });
    const fixed = await result<{ id: string; trackUrl: string }>(sandbox, 'createFixTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: quote.id,
      amountTo: '2',
      address: ETH,
      refundAddress: BTC,
    });
    for (const created of [float, fixed]) {
      assert.equal(created.trackUrl, `https://changelly.com/track/${created.id}`);
      const [record] = await result<{ trackUrl: string }[]>(sandbox, 'getTransactions', { id: created.id });
      assert.equal(record.trackUrl, created.trackUrl);
    }
  });

  it('writes every field of the sample records on every record, null or 0 where there is nothing yet', async () => {
    const created = await result<{ id: string }>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: ETH,
    });
    const records = await result<Record<string, unknown>[]>(sandbox, 'getTransactions', { limit: 100 });
    const seen = new Set<unknown>();
    for (const r of [
      ...records,
      ...(await result<Record<string, unknown>[]>(sandbox, 'getTransactions', { id: created.id })),
    ]) {
      for (const field of RECORD_FIELDS) assert.ok(field in r, `${String(r.id)} (${String(r.status)}) has ${field}`);
      if (r.status !== 'finished') assert.equal(r.moneySent, 0, `${String(r.status)}: moneySent 0 until sent`);
      if (r.status !== 'refunded') assert.deepEqual([r.refundHash, r.refundHashLink], [null, null]);
      if (r.payinExtraId === null) assert.equal(r.payinExtraIdName, null);
      if (r.payoutExtraId === null) assert.equal(r.payoutExtraIdName, null);
      seen.add(r.status);
    }
    assert.ok(seen.size >= 5, 'records of several statuses were looked at');
  });

  describe('amounts sent as JSON numbers (ours: read as the decimal JavaScript writes for them)', () => {
    it('estimates, quotes and creates as for the same decimal string', async () => {
      assert.deepEqual(
        await result(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: 0.1 }),
        await result(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' }),
      );
      const [quote] = await result<{ id: string; amountFrom: string }[]>(sandbox, 'getFixRateForAmount', {
        from: 'eth',
        to: 'btc',
        amountFrom: 2,
      });
      assert.equal(quote.amountFrom, '2');
      const fixed = await result<{ amountExpectedFrom: string }>(sandbox, 'createFixTransaction', {
        from: 'eth',
        to: 'btc',
        rateId: quote.id,
        amountFrom: 2,
        address: BTC,
        refundAddress: ETH,
      });
      assert.equal(fixed.amountExpectedFrom, '2');
      const float = await result<{ amountExpectedFrom: string }>(sandbox, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: 0.25,
        address: ETH,
      });
      assert.equal(float.amountExpectedFrom, '0.25', 'echoed as a decimal string');
    });

    it("refuses a number JSON writes with an exponent, beyond the currency's decimals, or negative", async () => {
      // The raw body: 1e-7 and 1e21 as the JSON text a client would send.
      for (const text of ['1e-7', '1E+21', '-0.1', '0.123456789']) {
        const body = `{"jsonrpc":"2.0","id":"n","method":"getExchangeAmount","params":{"from":"btc","to":"eth","amountFrom":${text}}}`;
        const answer = JSON.parse((await postSigned(sandbox, testKeys().a, body)).text) as {
          error?: { code: number; message: string };
        };
        assert.deepEqual(answer.error, { code: -32602, message: 'Parameter amountFrom is invalid' }, text);
      }
    });
  });

  describe('amount errors, as the current v2 documentation gives them ("Errors" page)', () => {
    it('-32602 "Invalid amount for pair {from}->{to}. Maximum|Minimum amount is {x} {from}" with data.limits', async () => {
      const raw = async (amountFrom: string) => {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 'a',
          method: 'getExchangeAmount',
          params: { from: 'btc', to: 'ltc', amountFrom },
        });
        return JSON.parse((await postSigned(sandbox, testKeys().a, body)).text) as {
          error: {
            code: number;
            message: string;
            data: { limits: { min: { from: string; to: string }; max: { from: string; to: string } } };
          };
        };
      };
      const high = (await raw('100000')).error;
      assert.equal(high.code, -32602);
      assert.equal(
        high.message,
        `Invalid amount for pair btc->ltc. Maximum amount is ${high.data.limits.max.from} btc`,
      );
      for (const side of [high.data.limits.min, high.data.limits.max])
        assert.match(`${side.from} ${side.to}`, /^\d+(\.\d+)? \d+(\.\d+)?$/);
      const low = (await raw('0.00000001')).error;
      assert.equal(low.message, `Invalid amount for pair btc->ltc. Minimum amount is ${low.data.limits.min.from} btc`);
      assert.deepEqual(low.data.limits, high.data.limits);
    });
  });

  describe('getFixRateBulk', () => {
    it('quotes every fixed-rate pair of the main currencies, each with its own rate ID that creates a transaction', async () => {
      const quotes = await result<
        { id: string; from: string; to: string; result: string; minFrom: string; expiredAt: number }[]
      >(sandbox, 'getFixRateBulk', undefined);
      const usable = SEEDED_CURRENCIES.filter(
        (t) =>
          currencyRefusal(t, 'from') === undefined &&
          currencyRefusal(t, 'to') === undefined &&
          findCurrency(t)?.fixRateEnabled,
      );
      assert.equal(quotes.length, usable.length * (usable.length - 1));
      assert.equal(new Set(quotes.map((q) => q.id)).size, quotes.length, 'a rate ID each');
      assert.ok(!quotes.some((q) => q.from === 'doge' || q.to === 'doge'), 'doge takes no fixed rate');
      const fix = await result<{ id: string; result: string }[]>(sandbox, 'getFixRate', { from: 'btc', to: 'eth' });
      const btcEth = quotes.find((q) => q.from === 'btc' && q.to === 'eth');
      assert.ok(btcEth);
      assert.equal(btcEth.result, fix[0]?.result);
      assert.equal(btcEth.expiredAt, Math.floor((clock.now() + 60_000) / 1000), 'lives as a getFixRate rate ID: 1 min');
      const created = await result<{ amountExpectedFrom: string }>(sandbox, 'createFixTransaction', {
        from: 'btc',
        to: 'eth',
        rateId: btcEth.id,
        amountFrom: btcEth.minFrom,
        address: ETH,
        refundAddress: BTC,
      });
      assert.equal(created.amountExpectedFrom, btcEth.minFrom);
      for (const params of [{}, []]) {
        const again = await result<{ id: string; from: string; to: string }[]>(sandbox, 'getFixRateBulk', params);
        assert.deepEqual(
          again.map((q) => `${q.from}->${q.to}`),
          quotes.map((q) => `${q.from}->${q.to}`),
          'the same pairs, in the same order',
        );
        assert.ok(
          again.every((q, i) => q.id !== quotes[i]?.id),
          'with new rate IDs',
        );
      }
    });

    it('refuses params other than none, an object or []', async () => {
      assert.deepEqual(await rpcError(sandbox, 'getFixRateBulk', [{ from: 'btc', to: 'eth' }]), {
        code: -32602,
        message: 'Parameter params is invalid',
      });
      assert.deepEqual(await rpcError(sandbox, 'getFixRateBulk', 'btc'), {
        code: -32602,
        message: 'Parameter params is invalid',
      });
    });
  });
});
