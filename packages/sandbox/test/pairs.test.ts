import { strict as assert } from 'assert';
import type { PairLimitsRecord, Sandbox } from '../src';
import { CURRENCIES } from '../src';
import { result, rpcError, testSandbox } from './helpers';

const DECIMAL = /^\d+(\.\d+)?$/;

describe('sandbox getPairsParams', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  const limits = (pairs: unknown): Promise<PairLimitsRecord[]> =>
    result<PairLimitsRecord[]>(sandbox, 'getPairsParams', pairs);

  it('answers one record per pair, in request order, with four exact decimal strings', async () => {
    const pairs = [
      { from: 'eth', to: 'btc' },
      { from: 'btc', to: 'eth' },
      { from: 'xrp', to: 'usdt' },
      { from: 'eth', to: 'btc' },
    ];
    const records = await limits(pairs);
    assert.deepEqual(
      records.map((r) => [r.from, r.to]),
      pairs.map((p) => [p.from, p.to]),
    );
    for (const r of records) {
      assert.deepEqual(Object.keys(r), [
        'from',
        'to',
        'minAmountFloat',
        'maxAmountFloat',
        'minAmountFixed',
        'maxAmountFixed',
      ]);
      for (const key of ['minAmountFloat', 'maxAmountFloat', 'minAmountFixed', 'maxAmountFixed'] as const) {
        assert.equal(typeof r[key], 'string');
        assert.match(r[key], DECIMAL);
      }
      assert.ok(Number(r.minAmountFloat) < Number(r.maxAmountFloat));
      assert.ok(Number(r.minAmountFixed) < Number(r.maxAmountFixed));
    }
    assert.deepEqual(records[0], records[3]);
    assert.ok(
      records.some((r) => r.maxAmountFloat.split('.')[1]?.length === 11),
      'long tails as the service writes them',
    );
  });

  it('gives the same values on every run, whatever the seed', async () => {
    const other = await testSandbox({ ledgerSize: 0, seed: 99 });
    try {
      const pair = [{ from: 'btc', to: 'eth' }];
      const [a] = await limits(pair);
      assert.deepEqual(await result(other, 'getPairsParams', pair), [a]);
      assert.deepEqual(a, {
        from: 'btc',
        to: 'eth',
        minAmountFloat: '0.000609',
        maxAmountFloat: '10.40721699267',
        minAmountFixed: '0.000764',
        maxAmountFixed: '3.7514',
      });
    } finally {
      await other.stop();
    }
  });

  it('compares tickers lowercase and echoes them lowercase', async () => {
    const [r] = await limits([{ from: 'BTC', to: 'Eth' }]);
    assert.equal(r.from, 'btc');
    assert.equal(r.to, 'eth');
    const [same] = await limits([{ from: 'btc', to: 'eth' }]);
    assert.deepEqual(r, same);
  });

  it('says which currency is unknown or disabled, in the words of the spec', async () => {
    const disabled = CURRENCIES.filter((c) => c.availability === 'disabled').map((c) => c.ticker);
    const noInput = CURRENCIES.filter((c) => c.availability === 'no-input').map((c) => c.ticker);
    const noOutput = CURRENCIES.filter((c) => c.availability === 'no-output').map((c) => c.ticker);
    assert.ok(disabled.length >= 1 && noInput.length >= 1 && noOutput.length >= 1);
    const error = (message: string): { code: number; message: string } => ({ code: -32602, message });
    assert.deepEqual(
      await rpcError(sandbox, 'getPairsParams', [{ from: 'abc', to: 'btc' }]),
      error('Invalid currency: abc not found'),
    );
    assert.deepEqual(
      await rpcError(sandbox, 'getPairsParams', [{ from: 'btc', to: 'XYZ' }]),
      error('Invalid currency: xyz not found'),
    );
    for (const t of disabled) {
      assert.deepEqual(
        await rpcError(sandbox, 'getPairsParams', [{ from: t, to: 'btc' }]),
        error(`Invalid currency: ${t} temporary disabled`),
      );
      assert.deepEqual(
        await rpcError(sandbox, 'getPairsParams', [{ from: 'btc', to: t }]),
        error(`Invalid currency: ${t} temporary disabled`),
      );
    }
    for (const t of noInput) {
      assert.deepEqual(
        await rpcError(sandbox, 'getPairsParams', [{ from: t, to: 'btc' }]),
        error(`Invalid currency: ${t} is temporary disabled on API as input currency`),
      );
      assert.equal((await limits([{ from: 'btc', to: t }]))[0].to, t, 'still fine as output');
    }
    for (const t of noOutput) {
      assert.deepEqual(
        await rpcError(sandbox, 'getPairsParams', [{ from: 'btc', to: t }]),
        error(`Invalid currency: ${t} is temporary disabled on API as output currency`),
      );
      assert.equal((await limits([{ from: t, to: 'btc' }]))[0].from, t, 'still fine as input');
    }
  });

  it('fails the whole call with the first offending pair, in request order, from before to', async () => {
    const [noInput] = CURRENCIES.filter((c) => c.availability === 'no-input');
    const [disabled] = CURRENCIES.filter((c) => c.availability === 'disabled');
    const answer = await rpcError(sandbox, 'getPairsParams', [
      { from: 'btc', to: 'eth' },
      { from: 'eth', to: 'nope' },
      { from: noInput.ticker, to: 'btc' },
    ]);
    assert.equal(answer.message, 'Invalid currency: nope not found');
    const reversed = await rpcError(sandbox, 'getPairsParams', [
      { from: noInput.ticker, to: 'btc' },
      { from: 'eth', to: 'nope' },
    ]);
    assert.equal(
      reversed.message,
      `Invalid currency: ${noInput.ticker} is temporary disabled on API as input currency`,
    );
    const both = await rpcError(sandbox, 'getPairsParams', [{ from: 'nope', to: disabled.ticker }]);
    assert.equal(both.message, 'Invalid currency: nope not found');
  });

  it('refuses a missing, empty or malformed params with the parameter named', async () => {
    const bad = async (params: unknown, param: string): Promise<void> =>
      assert.deepEqual(await rpcError(sandbox, 'getPairsParams', params), {
        code: -32602,
        message: `Parameter ${param} is invalid`,
      });
    await bad([], 'params');
    await bad({ from: 'btc', to: 'eth' }, 'params');
    await bad('btc', 'params');
    await bad([{ to: 'eth' }], 'from');
    await bad([{ from: 5, to: 'eth' }], 'from');
    await bad([{ from: '', to: 'eth' }], 'from');
    await bad(['btc'], 'from');
    await bad([{ from: 'btc' }], 'to');
    await bad([{ from: 'btc', to: null }], 'to');
    await bad([{ from: 'btc', to: 'eth' }, { from: 'eth' }], 'to');
  });
});
