/**
 * getCurrenciesFull, getPairs and validateAddress over real HTTP: the catalogue agrees with the
 * refusals of the other operations; addresses are checked by plausible format per currency.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import type { Sandbox } from '../src';
import { CURRENCIES, isPlausibleAddress, isPlausibleExtraId } from '../src';
import { Random } from '../src/random';
import { rpc, rpcError, result, testSandbox } from './helpers';

type CurrencyRecord = {
  ticker: string;
  name: string;
  enabled: boolean;
  enabledFrom: boolean;
  enabledTo: boolean;
  fixRateEnabled: boolean;
  fixedTime: number;
  extraIdName?: string;
  addressUrl: string;
  transactionUrl: string;
  blockchainPrecision: number;
};
type Pair = { from: string; to: string };

describe('sandbox: getCurrenciesFull', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  it('lists every currency, disabled ones included, with its states', async () => {
    const list = await result<CurrencyRecord[]>(sandbox, 'getCurrenciesFull', {});
    assert.deepEqual(
      list.map((c) => c.ticker),
      CURRENCIES.map((c) => c.ticker),
    );
    const by = new Map(list.map((c) => [c.ticker, c]));
    assert.deepEqual(by.get('zec'), {
      ...by.get('zec'),
      enabled: false,
      enabledFrom: false,
      enabledTo: false,
      fixRateEnabled: false,
    });
    assert.deepEqual(by.get('xmr'), { ...by.get('xmr'), enabled: true, enabledFrom: false, enabledTo: true });
    assert.deepEqual(by.get('eos'), {
      ...by.get('eos'),
      enabled: true,
      enabledFrom: true,
      enabledTo: false,
      extraIdName: 'memo',
    });
    assert.equal(by.get('doge')?.fixRateEnabled, false);
    assert.equal(by.get('btc')?.fixedTime, 1_200_000);
    assert.equal(by.get('btc')?.name, 'BTC');
    assert.equal('extraIdName' in (by.get('btc') ?? {}), false, 'omitted where not applicable');
    assert.match(by.get('btc')?.addressUrl ?? '', /%1\$s/);
    assert.match(by.get('btc')?.transactionUrl ?? '', /%1\$s/);
  });

  it('takes [] too, and refuses params that are no object', async () => {
    assert.equal((await result<unknown[]>(sandbox, 'getCurrenciesFull', [])).length, CURRENCIES.length);
    assert.deepEqual(await rpcError(sandbox, 'getCurrenciesFull', 'all'), {
      code: -32602,
      message: 'Parameter params is invalid',
    });
  });

  it('agrees with the errors: a disabled side is refused by the estimate, an enabled one is not', async () => {
    const list = await result<CurrencyRecord[]>(sandbox, 'getCurrenciesFull', {});
    for (const c of list) {
      const asFrom = await rpc(sandbox, 'getExchangeAmount', {
        from: c.ticker,
        to: c.ticker === 'btc' ? 'eth' : 'btc',
        amountFrom: '1',
      });
      const refusedAsFrom = /^Invalid currency/.test(asFrom.error?.message ?? '');
      assert.equal(refusedAsFrom, !c.enabledFrom, `${c.ticker} as input`);
      const asTo = await rpc(sandbox, 'getExchangeAmount', {
        from: c.ticker === 'btc' ? 'eth' : 'btc',
        to: c.ticker,
        amountFrom: '1',
      });
      assert.equal(/^Invalid currency/.test(asTo.error?.message ?? ''), !c.enabledTo, `${c.ticker} as output`);
      const fixed = await rpc(sandbox, 'getFixRateForAmount', {
        from: c.ticker === 'btc' ? 'eth' : 'btc',
        to: c.ticker,
        amountFrom: '1',
      });
      assert.equal(
        /^Invalid currency/.test(fixed.error?.message ?? ''),
        !(c.enabledTo && c.fixRateEnabled),
        `${c.ticker} fixed`,
      );
    }
  });
});

describe('sandbox: getPairs', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  it('lists the pairs of usable currencies, each once, and fixed ones only between fixed-rate currencies', async () => {
    const all = await result<Pair[]>(sandbox, 'getPairs', {});
    const keys = all.map((p) => `${p.from}->${p.to}`);
    assert.equal(new Set(keys).size, keys.length);
    const currencies = await result<CurrencyRecord[]>(sandbox, 'getCurrenciesFull', {});
    const by = new Map(currencies.map((c) => [c.ticker, c]));
    const expected = currencies.flatMap((a) =>
      currencies.filter((b) => a !== b && a.enabledFrom && b.enabledTo).map((b) => `${a.ticker}->${b.ticker}`),
    );
    assert.deepEqual(keys, expected);
    const fixed = await result<Pair[]>(sandbox, 'getPairs', { txType: 'fixed' });
    assert.ok(fixed.length > 0 && fixed.length < all.length);
    for (const p of fixed) assert.ok(by.get(p.from)?.fixRateEnabled && by.get(p.to)?.fixRateEnabled);
    assert.deepEqual(await result(sandbox, 'getPairs', { txType: 'float' }), all);
  });

  it('filters by from and to, and joins the filters of an array', async () => {
    const fromBtc = await result<Pair[]>(sandbox, 'getPairs', { from: 'btc' });
    assert.ok(fromBtc.length > 5 && fromBtc.every((p) => p.from === 'btc'));
    assert.deepEqual(await result(sandbox, 'getPairs', { from: 'btc', to: 'eth' }), [{ from: 'btc', to: 'eth' }]);
    const joined = await result<Pair[]>(sandbox, 'getPairs', [
      { from: 'btc', to: 'eth' },
      { from: 'btc', to: 'eth' },
      { from: 'eth', to: 'btc' },
    ]);
    assert.deepEqual(joined, [
      { from: 'btc', to: 'eth' },
      { from: 'eth', to: 'btc' },
    ]);
  });

  const refused: [string, unknown, string][] = [
    ['an unknown currency', { from: 'nope' }, 'Invalid currency: nope not found'],
    ['a disabled currency', { to: 'zec' }, 'Invalid currency: zec temporary disabled'],
    [
      'an output-only currency as from',
      { from: 'xmr' },
      'Invalid currency: xmr is temporary disabled on API as input currency',
    ],
    ['an unknown txType', { txType: 'both' }, 'Parameter txType is invalid'],
    ['a number as from', { from: 1 }, 'Parameter from is invalid'],
    ['an empty array', [], 'Parameter params is invalid'],
  ];
  for (const [label, params, message] of refused) {
    it(`refuses ${label}: ${message}`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'getPairs', params), { code: -32602, message });
    });
  }

  it('every listed pair is accepted by getExchangeAmount at its minimum', async () => {
    const pairs = await result<Pair[]>(sandbox, 'getPairs', { from: 'eth' });
    for (const p of pairs) {
      const probe = await rpc(sandbox, 'getExchangeAmount', { ...p, amountFrom: '1000' });
      const limits = (probe.error as { data?: { limits: { min: { from: string } } } } | undefined)?.data?.limits;
      const amountFrom = probe.error ? limits?.min.from : '1000';
      assert.ok(amountFrom, JSON.stringify(probe));
      assert.equal(
        (await result<unknown[]>(sandbox, 'getExchangeAmount', { ...p, amountFrom })).length,
        1,
        `${p.from}->${p.to}`,
      );
    }
  });
});

describe('sandbox: validateAddress', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  const cases: [string, string, string | undefined, boolean, string?][] = [
    ['eth', '0x0123456789abcdef0123456789abcdef01234567', undefined, true],
    ['btc', 'bc1qexampleexampleexampleexampleexampleace', undefined, true],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', undefined, true],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', undefined, true],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', undefined, true],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '12345', true],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '4294967296', false, 'Invalid extra id'],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', 'memo', false, 'Invalid extra id'],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'anything', true],
    ['eth', 'bc1qexampleexampleexampleexampleexampleace', undefined, false, 'Invalid address'],
    ['eth', '0x0123', undefined, false, 'Invalid address'],
    ['btc', '', undefined, false, 'Invalid address'],
    ['btc', ' 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', undefined, false, 'Invalid address'],
    ['zec', 't1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU', undefined, true],
  ];
  for (const [currency, address, extraId, valid, message] of cases) {
    it(`${currency} ${JSON.stringify(address)}${extraId !== undefined ? ` + ${extraId}` : ''}: ${valid ? 'valid' : (message ?? '')}`, async () => {
      const answer = await result(sandbox, 'validateAddress', {
        currency,
        address,
        ...(extraId !== undefined ? { extraId } : {}),
      });
      assert.deepEqual(answer, valid ? { result: true } : { result: false, message });
    });
  }

  const refused: [string, unknown, string][] = [
    ['an unknown currency', { currency: 'nope', address: 'x' }, 'Invalid currency: nope not found'],
    ['no currency', { address: 'x' }, 'Parameter currency is invalid'],
    ['no address', { currency: 'btc' }, 'Parameter address is invalid'],
    [
      'a number as extraId',
      { currency: 'xrp', address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', extraId: 5 },
      'Parameter extraId is invalid',
    ],
    ['params as an array', [{ currency: 'btc', address: 'x' }], 'Parameter params is invalid'],
  ];
  for (const [label, params, message] of refused) {
    it(`refuses ${label}: ${message}`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'validateAddress', params), { code: -32602, message });
    });
  }

  it('agrees with createTransaction: an address validateAddress refuses is refused there too', async () => {
    const bad = await result<{ result: boolean }>(sandbox, 'validateAddress', { currency: 'eth', address: '0x0123' });
    assert.equal(bad.result, false);
    assert.equal(
      (await rpcError(sandbox, 'createTransaction', { from: 'btc', to: 'eth', amountFrom: '0.1', address: '0x0123' }))
        .message,
      'Error: Invalid address',
    );
  });

  it('property: the addresses and extra ids the sandbox generates for each currency are plausible', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer(), (c, seed) => {
        const rng = new Random(seed);
        assert.ok(isPlausibleAddress(c, c.address(rng)), c.ticker);
        if (c.extraIdName !== null) assert.ok(isPlausibleExtraId(c, c.extraId(rng)), c.ticker);
      }),
      { numRuns: 500 },
    );
  });

  it('property: an address of one currency with a character changed to one outside every alphabet is refused', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer(), fc.nat(), (c, seed, at) => {
        const address = c.address(new Random(seed));
        const i = at % address.length;
        assert.equal(isPlausibleAddress(c, `${address.slice(0, i)}!${address.slice(i + 1)}`), false);
      }),
      { numRuns: 300 },
    );
  });
});
