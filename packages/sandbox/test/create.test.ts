/**
 * createTransaction and createFixTransaction over real HTTP: the answer, the transaction in the
 * ledger (waiting until overdue/expired on the sandbox clock), address checks, and rate IDs
 * (single use, 30 s).
 */
import { strict as assert } from 'assert';
import type { ManualClock, Sandbox } from '../src';
import { FLOAT_PAYMENT_WINDOW_MS, RATE_ID_REFUSAL, findCurrency } from '../src';
import { rpc, rpcError, result, testSandbox } from './helpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';
const XRP = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

type Rec = Record<string, unknown>;

describe('sandbox: createTransaction', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
    clock = sandbox.clock as ManualClock;
  });
  afterEach(() => sandbox.stop());

  it('answers status new with the estimate, then the ledger shows it waiting until overdue 24 h later', async () => {
    const [estimate] = await result<Rec[]>(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    const tx = await result<Rec>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: ETH,
      refundAddress: BTC,
    });
    assert.equal(tx.status, 'new');
    assert.equal(tx.type, 'float');
    assert.equal(tx.amountExpectedFrom, '0.1');
    assert.equal(tx.amountExpectedTo, estimate.amountTo);
    assert.equal(tx.networkFee, estimate.networkFee);
    assert.deepEqual([tx.currencyFrom, tx.currencyTo, tx.payoutAddress, tx.refundAddress], ['btc', 'eth', ETH, BTC]);
    assert.equal(String(tx.createdAt).length, 16, 'microseconds');
    assert.equal(tx.payTill, undefined);
    assert.ok(findCurrency('btc')?.addressPattern.test(String(tx.payinAddress)));
    const id = String(tx.id);
    assert.match(id, /^[a-z0-9]{12,16}$/);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'waiting');
    const [record] = await result<Rec[]>(sandbox, 'getTransactions', { id });
    assert.deepEqual(
      [record.status, record.amountExpectedFrom, record.amountExpectedTo, record.payoutAddress, record.rate],
      ['waiting', '0.1', tx.amountExpectedTo, ETH, estimate.rate],
    );
    clock.advance(FLOAT_PAYMENT_WINDOW_MS - 1);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'waiting', 'no automatic progress while unpaid');
    clock.advance(1);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'overdue');
  });

  it('keeps the extra id of a currency that has one, checked', async () => {
    const tx = await result<Rec>(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'xrp',
      amountFrom: '0.1',
      address: XRP,
      extraId: '12345',
    });
    assert.equal(tx.payoutExtraId, '12345');
    assert.equal(tx.refundAddress, '');
    assert.deepEqual(
      await rpcError(sandbox, 'createTransaction', {
        from: 'btc',
        to: 'xrp',
        amountFrom: '0.1',
        address: XRP,
        extraId: 'abc',
      }),
      {
        code: -32602,
        message: 'Parameter extraId is invalid',
      },
    );
  });

  it('issues the payin extra id of a currency that needs one', async () => {
    const tx = await result<Rec>(sandbox, 'createTransaction', {
      from: 'xrp',
      to: 'eth',
      amountFrom: '500',
      address: ETH,
    });
    assert.match(String(tx.payinExtraId), /^\d+$/);
  });

  const refused: [string, Rec, string][] = [
    ['no address', { from: 'btc', to: 'eth', amountFrom: '0.1' }, 'Parameter address is invalid'],
    [
      'a payout address of another currency',
      { from: 'btc', to: 'eth', amountFrom: '0.1', address: BTC },
      'Error: Invalid address',
    ],
    [
      'a refund address of another currency',
      { from: 'btc', to: 'eth', amountFrom: '0.1', address: ETH, refundAddress: ETH },
      'Error: Invalid refund address',
    ],
    ['no amountFrom', { from: 'btc', to: 'eth', address: ETH }, 'Parameter amountFrom is invalid'],
    [
      'a disabled currency',
      { from: 'dash', to: 'eth', amountFrom: '1', address: ETH },
      'Invalid currency: dash temporary disabled',
    ],
    [
      'a number as subaccountId',
      { from: 'btc', to: 'eth', amountFrom: '0.1', address: ETH, subaccountId: 3 },
      'Parameter subaccountId is invalid',
    ],
  ];
  for (const [label, params, message] of refused) {
    it(`refuses ${label}: ${message}, creating nothing`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'createTransaction', params), { code: -32602, message });
      assert.equal(sandbox.ledger.size, 5);
    });
  }

  it('refuses an amount out of range with the amount error and data.limits', async () => {
    const answer = await rpc(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'eth',
      amountFrom: '100000',
      address: ETH,
    });
    const error = answer.error as { code: number; message: string; data?: { limits?: unknown } };
    assert.equal(error.code, -32602);
    assert.match(error.message, /^Invalid amount for pair btc->eth\. Maximum amount is [\d.]+ btc$/);
    assert.ok(error.data?.limits);
    assert.equal(sandbox.ledger.size, 5);
  });
});

describe('sandbox: createFixTransaction', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
    clock = sandbox.clock as ManualClock;
  });
  afterEach(() => sandbox.stop());

  async function quote(params: Rec = { amountFrom: '0.1' }): Promise<Rec> {
    const [q] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', ...params });
    return q;
  }
  const create = (q: Rec, extra: Rec = {}): Promise<{ result?: unknown; error?: { code: number; message: string } }> =>
    rpc(sandbox, 'createFixTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: q.id,
      amountFrom: q.amountFrom,
      address: ETH,
      refundAddress: BTC,
      ...extra,
    });

  it("creates at the quoted amounts with payTill at the payin currency's fixedTime, then expires there", async () => {
    const q = await quote();
    const start = clock.now();
    const answer = await create(q);
    const tx = answer.result as Rec;
    assert.equal(tx.status, 'new');
    assert.equal(tx.type, 'fixed');
    assert.deepEqual([tx.amountExpectedFrom, tx.amountExpectedTo], [q.amountFrom, q.amountTo]);
    const payTill = Date.parse(String(tx.payTill));
    assert.equal(payTill, start + 1_200_000, 'BTC: 20 minutes');
    assert.match(String(tx.payTill), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const id = String(tx.id);
    const [record] = await result<Rec[]>(sandbox, 'getTransactions', { id });
    assert.deepEqual(
      [record.status, record.type, record.payTill, record.rate],
      ['waiting', 'fixed', tx.payTill, q.result],
    );
    clock.set(payTill - 1);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'waiting');
    clock.set(payTill);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'expired');
  });

  it('accepts a quote by amountTo when amountTo is sent', async () => {
    const q = await quote({ amountTo: '1.5' });
    const answer = await rpc(sandbox, 'createFixTransaction', {
      from: 'btc',
      to: 'eth',
      rateId: q.id,
      amountTo: '1.5',
      address: ETH,
      refundAddress: BTC,
    });
    assert.equal((answer.result as Rec).amountExpectedTo, '1.5');
    assert.equal((answer.result as Rec).amountExpectedFrom, q.amountFrom);
  });

  it('uses a rate ID once: the second create is refused', async () => {
    const q = await quote();
    assert.equal((await create(q)).error, undefined);
    assert.deepEqual((await create(q)).error, { code: -32602, message: RATE_ID_REFUSAL });
  });

  it('refuses a rate ID from its expiredAt on, and accepts it a moment before', async () => {
    const q = await quote();
    clock.set(Number(q.expiredAt) * 1000);
    assert.deepEqual((await create(q)).error, { code: -32602, message: RATE_ID_REFUSAL });
    const fresh = await quote();
    clock.set(Number(fresh.expiredAt) * 1000 - 1);
    assert.equal((await create(fresh)).error, undefined);
  });

  it('refuses an unknown rate ID', async () => {
    assert.deepEqual((await create({ id: 'no-such-rate', amountFrom: '0.1' })).error, {
      code: -32602,
      message: RATE_ID_REFUSAL,
    });
  });

  it("refuses a rate ID of another pair, and an amount other than the quote's, keeping the rate ID usable", async () => {
    const q = await quote();
    assert.deepEqual(
      (
        await rpc(sandbox, 'createFixTransaction', {
          from: 'btc',
          to: 'usdt',
          rateId: q.id,
          amountFrom: q.amountFrom,
          address: ETH,
          refundAddress: BTC,
        })
      ).error,
      { code: -32602, message: 'Parameter rateId is invalid' },
    );
    assert.deepEqual((await create(q, { amountFrom: '0.2' })).error, {
      code: -32602,
      message: 'Parameter amountFrom is invalid',
    });
    assert.equal((await create(q)).error, undefined);
  });

  const refused: [string, Rec, string][] = [
    ['both amounts', { amountTo: '1' }, 'Parameter amountFrom is invalid'],
    ['neither amount', { amountFrom: undefined }, 'Parameter amountFrom is invalid'],
    ['no rate ID', { rateId: undefined }, 'Parameter rateId is invalid'],
    [
      'no refund address (required for fixed rates)',
      { refundAddress: undefined },
      'Parameter refundAddress is invalid',
    ],
    ['an implausible refund address', { refundAddress: 'not-an-address' }, 'Error: Invalid refund address'],
    ['an implausible payout address', { address: '0x123' }, 'Error: Invalid address'],
  ];
  for (const [label, extra, message] of refused) {
    it(`refuses ${label}: ${message}, and the rate ID stays usable`, async () => {
      const q = await quote();
      assert.deepEqual((await create(q, extra)).error, { code: -32602, message });
      assert.equal(sandbox.ledger.size, 5);
      assert.equal((await create(q)).error, undefined);
    });
  }

  it('refuses a currency disabled for fixed rates', async () => {
    assert.deepEqual(
      (
        await rpc(sandbox, 'createFixTransaction', {
          from: 'btc',
          to: 'doge',
          rateId: 'x',
          amountFrom: '0.1',
          address: 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD',
          refundAddress: BTC,
        })
      ).error,
      { code: -32602, message: 'Invalid currency: doge temporary disabled for fix rate transactions' },
    );
  });
});
