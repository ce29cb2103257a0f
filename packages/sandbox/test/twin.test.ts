/**
 * The sandbox as the service's twin (docs/service/methods.md and
 * docs/service/documentation.md): clients written from the service's own docs work against it unchanged. Real
 * HTTP, real signatures; each case is the repro of what the sandbox answered before.
 */
import { strict as assert } from 'assert';
import { RateLimitError } from '../../../src/api';
import type { ManualClock, Sandbox } from '../src';
import { RATE_ID_REFUSAL } from '../src';
import { startHarness } from '../../../test/unit/api/support';
import { postSigned, rpc, rpcError, result, testKeys, testSandbox } from './helpers';

const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';
const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('sandbox as the twin of the service', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 20 });
    clock = sandbox.clock as ManualClock;
    clock.set(NOW);
  });
  afterEach(() => sandbox.stop());

  describe('params may be left out', () => {
    it("answers the service's own Node sample, a getCurrencies without params, with a result", async () => {
      const answer = await postSigned(sandbox, testKeys().a, '{"jsonrpc":"2.0","id":"test","method":"getCurrencies"}');
      assert.equal(answer.status, 200);
      const body = JSON.parse(answer.text) as { id: unknown; result?: unknown; error?: unknown };
      assert.equal(body.id, 'test');
      assert.equal(body.error, undefined, answer.text);
      assert.ok(Array.isArray(body.result) && body.result.includes('btc'));
    });

    it('runs methods with no required parameter without params, and names the missing required one otherwise', async () => {
      const without = async (
        method: string,
      ): Promise<{ result?: unknown; error?: { code: number; message: string } }> =>
        JSON.parse(
          (await postSigned(sandbox, testKeys().a, JSON.stringify({ jsonrpc: '2.0', id: 1, method }))).text,
        ) as { result?: unknown; error?: { code: number; message: string } };
      for (const method of ['getCurrenciesFull', 'getTransactions', 'getPairs', 'createSubaccount', 'getFixRateBulk']) {
        assert.equal((await without(method)).error, undefined, method);
      }
      assert.deepEqual((await without('getStatus')).error, { code: -32602, message: 'Parameter id is invalid' });
      assert.deepEqual((await without('getExchangeAmount')).error, {
        code: -32602,
        message: 'Parameter from is invalid',
      });
      assert.deepEqual((await without('createTransaction')).error, {
        code: -32602,
        message: 'Parameter from is invalid',
      });
      assert.deepEqual((await without('validateAddress')).error, {
        code: -32602,
        message: 'Parameter currency is invalid',
      });
      assert.deepEqual((await without('getMinAmount')).error, { code: -32602, message: 'Parameter from is invalid' });
      assert.deepEqual((await without('getPairsParams')).error, {
        code: -32602,
        message: 'Parameter params is invalid',
      });
      assert.deepEqual((await without('updateSubaccount')).error, {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      assert.deepEqual(
        (await without('getFixRateBulks')).error,
        { code: -32601, message: 'Method not found' },
        'an unknown method stays unknown',
      );
    });
  });

  describe('getCurrencies', () => {
    it('lists the tickers of the enabled currencies: those getCurrenciesFull says are enabled, in its order', async () => {
      const tickers = await result<string[]>(sandbox, 'getCurrencies', {});
      const full = await result<{ ticker: string; enabled: boolean }[]>(sandbox, 'getCurrenciesFull', {});
      assert.deepEqual(
        tickers,
        full.filter((c) => c.enabled).map((c) => c.ticker),
      );
      for (const ticker of ['btc', 'eth', 'usdt']) assert.ok(tickers.includes(ticker), ticker);
      for (const ticker of ['zec', 'dash']) assert.ok(!tickers.includes(ticker), `${ticker} is disabled`);
      assert.deepEqual(await rpcError(sandbox, 'getCurrencies', 'btc'), {
        code: -32602,
        message: 'Parameter params is invalid',
      });
    });
  });

  describe('getMinAmount (deprecated, served)', () => {
    it("answers the pair's floating-rate minimum as a decimal string, as getPairsParams and getExchangeAmount give it", async () => {
      const min = await result<string>(sandbox, 'getMinAmount', { from: 'btc', to: 'eth' });
      const [limits] = await result<{ minAmountFloat: string }[]>(sandbox, 'getPairsParams', [
        { from: 'btc', to: 'eth' },
      ]);
      assert.equal(typeof min, 'string');
      assert.match(min, /^\d+(\.\d+)?$/);
      assert.equal(min, limits.minAmountFloat);
      const [estimate] = await result<{ minFrom: string }[]>(sandbox, 'getExchangeAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '1',
      });
      assert.equal(min, estimate.minFrom);
    });

    it('refuses a pair as the estimates do', async () => {
      assert.deepEqual(await rpcError(sandbox, 'getMinAmount', { from: 'btc' }), {
        code: -32602,
        message: 'Parameter to is invalid',
      });
      assert.deepEqual(await rpcError(sandbox, 'getMinAmount', { from: 'nope', to: 'eth' }), {
        code: -32602,
        message: 'Invalid currency: nope not found',
      });
      assert.deepEqual(await rpcError(sandbox, 'getMinAmount', { from: 'zec', to: 'eth' }), {
        code: -32602,
        message: 'Invalid currency: zec temporary disabled',
      });
    });
  });

  describe('rate IDs: getFixRateForAmount 30 s, getFixRate 1 min', () => {
    it('getFixRate quotes the pair with a rate ID expiring at the whole second 60 s on', async () => {
      clock.set(NOW + 250);
      const [quote] = await result<Record<string, unknown>[]>(sandbox, 'getFixRate', { from: 'btc', to: 'eth' });
      assert.deepEqual(Object.keys(quote).sort(), [
        'expiredAt',
        'from',
        'id',
        'max',
        'maxFrom',
        'maxTo',
        'min',
        'minFrom',
        'minTo',
        'networkFee',
        'result',
        'to',
      ]);
      assert.equal(quote.expiredAt, 1_736_942_460);
      const [forAmount] = await result<{ result: string; expiredAt: number }[]>(sandbox, 'getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      assert.equal(forAmount.expiredAt, 1_736_942_430);
      assert.equal(quote.result, forAmount.result, 'the same fixed rate');
    });

    it('getFixRate takes an array of pairs and leaves bad ones out', async () => {
      const quotes = await result<{ from: string; to: string }[]>(sandbox, 'getFixRate', [
        { from: 'btc', to: 'eth' },
        { from: 'nope', to: 'eth' },
        { from: 'eth', to: 'usdt' },
      ]);
      assert.deepEqual(
        quotes.map((q) => `${q.from}->${q.to}`),
        ['btc->eth', 'eth->usdt'],
      );
    });

    it("creates a fixed transaction from a getFixRate rate ID for any amount within the pair's fixed limits, once, until it expires", async () => {
      const [quote] = await result<{ id: string; minFrom: string; maxFrom: string; result: string }[]>(
        sandbox,
        'getFixRate',
        { from: 'btc', to: 'eth' },
      );
      clock.advance(59_000);
      const params = {
        from: 'btc',
        to: 'eth',
        rateId: quote.id,
        amountFrom: '0.5',
        address: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
      };
      const created = await result<{ amountExpectedFrom: string; amountExpectedTo: string; type: string }>(
        sandbox,
        'createFixTransaction',
        params,
      );
      assert.equal(created.type, 'fixed');
      assert.equal(created.amountExpectedFrom, '0.5');
      assert.equal((await rpcError(sandbox, 'createFixTransaction', params)).message, RATE_ID_REFUSAL, 'single use');

      const [late] = await result<{ id: string }[]>(sandbox, 'getFixRate', { from: 'btc', to: 'eth' });
      clock.advance(60_000);
      assert.equal(
        (await rpcError(sandbox, 'createFixTransaction', { ...params, rateId: late.id })).message,
        RATE_ID_REFUSAL,
        'expired after 1 min',
      );

      const [small] = await result<{ id: string }[]>(sandbox, 'getFixRate', { from: 'btc', to: 'eth' });
      const below = await rpcError(sandbox, 'createFixTransaction', {
        ...params,
        rateId: small.id,
        amountFrom: '0.00000001',
      });
      assert.match(below.message, /^Invalid amount for pair btc->eth\. Minimum amount is /);
    });

    it('refuses a getFixRateForAmount rate ID 30 s after it was issued', async () => {
      const [quote] = await result<{ id: string; amountFrom: string }[]>(sandbox, 'getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      clock.advance(30_000);
      const error = await rpcError(sandbox, 'createFixTransaction', {
        from: 'btc',
        to: 'eth',
        rateId: quote.id,
        amountFrom: '0.1',
        address: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
      });
      assert.equal(error.message, RATE_ID_REFUSAL);
    });

    it('takes the lifetimes from the rateIdLifetimeMs option, and refuses a bad one', async () => {
      const custom = await testSandbox({
        ledgerSize: 0,
        rateIdLifetimeMs: { getFixRateForAmount: 5_000, getFixRate: 120_000 },
      });
      try {
        (custom.clock as ManualClock).set(NOW);
        assert.deepEqual(custom.rateIdLifetimes, { getFixRateForAmount: 5_000, getFixRate: 120_000 });
        const [forAmount] = await result<{ expiredAt: number }[]>(custom, 'getFixRateForAmount', {
          from: 'btc',
          to: 'eth',
          amountFrom: '0.1',
        });
        const [pair] = await result<{ expiredAt: number }[]>(custom, 'getFixRate', { from: 'btc', to: 'eth' });
        assert.deepEqual([forAmount.expiredAt, pair.expiredAt], [1_736_942_405, 1_736_942_520]);
      } finally {
        await custom.stop();
      }
      assert.deepEqual(sandbox.rateIdLifetimes, { getFixRateForAmount: 30_000, getFixRate: 60_000 });
      await assert.rejects(testSandbox({ rateIdLifetimeMs: { getFixRate: 0 } }), RangeError);
      await assert.rejects(testSandbox({ rateIdLifetimeMs: { getExchangeAmount: 1000 } as never }), RangeError);
    });
  });

  describe('subaccounts', () => {
    it('createSubaccount answers {subaccountId}; the create methods keep it on the record and getTransactions filters by it', async () => {
      const { subaccountId } = await result<{ subaccountId: string }>(sandbox, 'createSubaccount', {
        email: 'user@example.com',
      });
      assert.match(subaccountId, /^[A-Za-z0-9_-]{8}$/, "as the service's sample FhbRm-Ox");
      const other = await result<{ subaccountId: string }>(sandbox, 'createSubaccount', {});
      assert.notEqual(other.subaccountId, subaccountId);

      const float = await result<{ id: string }>(sandbox, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.5',
        address: ETH_ADDRESS,
        subaccountId,
      });
      const [quote] = await result<{ id: string; amountFrom: string }[]>(sandbox, 'getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      const fixed = await result<{ id: string }>(sandbox, 'createFixTransaction', {
        from: 'btc',
        to: 'eth',
        rateId: quote.id,
        amountFrom: '0.1',
        address: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
        subaccountId,
      });
      await result(sandbox, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.5',
        address: ETH_ADDRESS,
        subaccountId: other.subaccountId,
      });
      await result(sandbox, 'createTransaction', { from: 'btc', to: 'eth', amountFrom: '0.5', address: ETH_ADDRESS });

      const mine = await result<{ id: string; subaccountId?: string }[]>(sandbox, 'getTransactions', {
        subaccountId,
        limit: 100,
      });
      assert.deepEqual(mine.map((r) => r.id).sort(), [float.id, fixed.id].sort());
      assert.ok(mine.every((r) => r.subaccountId === subaccountId));
      const both = await result<unknown[]>(sandbox, 'getTransactions', {
        subaccountId: [subaccountId, other.subaccountId],
        limit: 100,
      });
      assert.equal(both.length, 3);
      assert.deepEqual(await result(sandbox, 'getTransactions', { subaccountId: 'nobody' }), []);
    });

    it('refuses a malformed email, subaccountId or subaccountId filter, naming it', async () => {
      assert.deepEqual(await rpcError(sandbox, 'createSubaccount', { email: 'not an address' }), {
        code: -32602,
        message: 'Parameter email is invalid',
      });
      assert.deepEqual(await rpcError(sandbox, 'createSubaccount', { email: 7 }), {
        code: -32602,
        message: 'Parameter email is invalid',
      });
      const create = { from: 'btc', to: 'eth', amountFrom: '0.5', address: ETH_ADDRESS };
      assert.deepEqual(await rpcError(sandbox, 'createTransaction', { ...create, subaccountId: 7 }), {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      assert.deepEqual(await rpcError(sandbox, 'createTransaction', { ...create, subaccountId: 'two words' }), {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      assert.deepEqual(await rpcError(sandbox, 'getTransactions', { subaccountId: [] }), {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      assert.deepEqual(
        await rpcError(sandbox, 'getTransactions', { subaccountId: Array.from({ length: 11 }, (_, i) => `s${i}`) }),
        { code: -32602, message: 'Parameter subaccountId is invalid' },
      );
    });

    it('keeps the subaccount of a transaction through a snapshot', async () => {
      const { subaccountId } = await result<{ subaccountId: string }>(sandbox, 'createSubaccount', {});
      const created = await result<{ id: string }>(sandbox, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.5',
        address: ETH_ADDRESS,
        subaccountId,
      });
      const snapshot = JSON.parse(JSON.stringify(sandbox.toSnapshot())) as unknown;
      sandbox.control({ action: 'reset' });
      assert.deepEqual(sandbox.restore(snapshot), { restored: 1, dropped: 0 });
      const [record] = await result<{ id: string; subaccountId?: string }[]>(sandbox, 'getTransactions', {
        subaccountId,
      });
      assert.deepEqual([record.id, record.subaccountId], [created.id, subaccountId]);
    });
  });

  describe('transaction records', () => {
    it('carry trackUrl, changellyFee, apiExtraFee, totalFee, canPush and canRefund on every record', async () => {
      const records = await result<Record<string, unknown>[]>(sandbox, 'getTransactions', { limit: 20 });
      assert.equal(records.length, 20);
      for (const record of records) {
        for (const field of ['trackUrl', 'changellyFee', 'apiExtraFee', 'totalFee', 'canPush', 'canRefund'])
          assert.ok(field in record, `${String(record.id)}: ${field}`);
        assert.equal(record.trackUrl, `https://changelly.com/track/${String(record.id)}`);
        assert.equal(record.changellyFee, '0.25');
        assert.equal(typeof record.canPush, 'boolean');
      }
    });
  });
});

describe('the rate limit answer echoes the id, and our client still knows it', () => {
  it('answers the refused request with its own id, and ExchangeClient fails with a RateLimitError (asked not to retry)', async () => {
    const h = await startHarness({ ledgerSize: 0, rateLimit: { limit: 1, windowMs: 60_000 } });
    try {
      const first = await rpc(h.sandbox, 'getCurrencies', {}, h.credentials, 'first');
      assert.equal(first.error, undefined);
      const refused = await rpc(h.sandbox, 'getCurrencies', {}, h.credentials, 'second');
      assert.deepEqual(refused, {
        jsonrpc: '2.0',
        id: 'second',
        error: { code: -32600, message: 'Error: You reached requests limit 1 rps' },
      });

      const client = h.client({ retry: { retries: 0 } });
      await assert.rejects(
        client.getTransactions({ limit: 1 }),
        (e: unknown) => e instanceof RateLimitError && e.limit === 1,
      );
      const sent = await h.client().send(Buffer.from('{"jsonrpc":"2.0","id":"raw","method":"getCurrencies"}'));
      assert.equal(sent.rateLimited, true);
      assert.equal((JSON.parse(sent.text) as { id: unknown }).id, 'raw');
    } finally {
      await h.sandbox.stop();
    }
  });
});
