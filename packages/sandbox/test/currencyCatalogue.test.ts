/**
 * The sandbox's currency catalogue (packages/sandbox/src/catalogue.json): the service's tickers, networks
 * and precisions; amounts accepted up to each currency's precision and not one digit more; pair
 * limits that hold for every pair; addresses per protocol family and the extra-id rules, over real
 * HTTP; and a seeded ledger that does not change as the catalogue grows.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import type { Sandbox } from '../src';
import { CURRENCIES, findCurrency, Ledger, ManualClock } from '../src';
import type { Currency } from '../src/currencies';
import { readCatalogue } from '../src/currencies';
import catalogue from '../src/catalogue.json';
import { SEEDED_CURRENCIES } from '../src/seededLedger';
import { pairLimits } from '../src/pairs';
import { limitsOf } from '../src/rates';
import { rpc, result, testSandbox } from './helpers';

type CurrencyRecord = {
  ticker: string;
  fullName: string;
  protocol: string;
  blockchain: string;
  blockchainPrecision: number;
  extraIdName?: string;
  enabledFrom: boolean;
  enabledTo: boolean;
  fixRateEnabled: boolean;
  contractAddress?: string;
};

/** Fractional digits of a decimal string. */
const decimalsOf = (amount: string): number => amount.split('.')[1]?.length ?? 0;
const usableFrom = (c: Currency): boolean => c.availability === 'enabled' || c.availability === 'no-output';
const usableTo = (c: Currency): boolean => c.availability === 'enabled' || c.availability === 'no-input';
/** The sandbox computes with 18 fractional digits; NEAR (24) and XNO (30) amounts are accepted up to 18 (RULES.md). */
const accepted = (c: Currency): number => Math.min(c.blockchainPrecision, 18);

describe('sandbox: the currency catalogue', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  it('holds at least 150 currencies, each ticker unique and lowercase', () => {
    assert.ok(CURRENCIES.length >= 150, `${CURRENCIES.length} currencies`);
    const tickers = CURRENCIES.map((c) => c.ticker);
    assert.equal(new Set(tickers).size, tickers.length);
    for (const t of tickers) assert.match(t, /^[a-z0-9]+$/);
  });

  it('keeps the seventeen first currencies, in their order, and seeds the ledger from them only', () => {
    assert.deepEqual(
      CURRENCIES.slice(0, 17).map((c) => c.ticker),
      [
        'btc',
        'eth',
        'ltc',
        'xrp',
        'xlm',
        'usdt',
        'trx',
        'doge',
        'bch',
        'sol',
        'ada',
        'dot',
        'atom',
        'xmr',
        'eos',
        'zec',
        'dash',
      ],
    );
    assert.deepEqual(
      SEEDED_CURRENCIES,
      CURRENCIES.slice(0, 17).map((c) => c.ticker),
    );
    const ledger = new Ledger({ seed: 1, size: 400, clock: new ManualClock() });
    const used = new Set(ledger.all().flatMap((tx) => [tx.currencyFrom, tx.currencyTo]));
    assert.deepEqual(
      [...used].filter((t) => !SEEDED_CURRENCIES.includes(t)),
      [],
    );
  });

  it("answers getCurrenciesFull with the service's tickers, networks and precisions", async () => {
    const list = await result<CurrencyRecord[]>(sandbox, 'getCurrenciesFull', {});
    const by = new Map(list.map((c) => [c.ticker, c]));
    const facts: [string, string, string, number][] = [
      ['btc', 'BTC', 'bitcoin', 8],
      ['eth', 'ETH', 'ethereum', 18],
      ['usdt20', 'ERC20', 'ethereum', 6],
      ['usdtrx', 'TRC20', 'tron', 6],
      ['usdtbsc', 'BEP20', 'binance_smart_chain', 18],
      ['usdc', 'ERC20', 'ethereum', 6],
      ['etc', 'ETC', 'ethereum_classic', 18],
      ['bnbbsc', 'BEP20', 'binance_smart_chain', 18],
      ['avaxc', 'AVAXC', 'avaxc', 18],
      ['matic', 'ERC20', 'ethereum', 18],
      ['pol', 'POL', 'polygon', 18],
      ['xrp', 'XRP', 'ripple', 6],
      ['xlm', 'XLM', 'stellar', 7],
      ['eos', 'EOS', 'eos', 4],
      ['trx', 'TRX', 'tron', 6],
      ['sol', 'SOL', 'solana', 9],
      ['ada', 'ADA', 'cardano', 6],
      ['doge', 'DOGE', 'dogecoin', 8],
      ['dot', 'DOT', 'polkadot', 10],
      ['xmr', 'XMR', 'monero', 12],
      ['ton', 'TON', 'ton', 9],
      ['near', 'NEAR', 'near', 24],
      ['gusd', 'ERC20', 'ethereum', 2],
    ];
    for (const [ticker, protocol, blockchain, precision] of facts) {
      const c = by.get(ticker);
      assert.deepEqual(
        c && { protocol: c.protocol, blockchain: c.blockchain, blockchainPrecision: c.blockchainPrecision },
        { protocol, blockchain, blockchainPrecision: precision },
        ticker,
      );
    }
    assert.equal(by.get('usdt20')?.fullName, 'Tether USD (ERC20)');
    assert.equal(by.get('usdt20')?.contractAddress, '0xdac17f958d2ee523a2206206994597c13d831ec7');
    assert.equal(by.get('usdtrx')?.contractAddress, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    assert.deepEqual(
      ['xrp', 'xlm', 'eos', 'iost', 'steem', 'stx', 'atom', 'ton', 'hbar', 'btc', 'usdt20'].map(
        (t) => by.get(t)?.extraIdName ?? null,
      ),
      ['destination tag', 'memo', 'memo', 'memo', 'memo', 'memo', 'memo', 'memo', 'memo', null, null],
    );
    assert.equal(by.get('waves')?.enabledFrom, false, 'some are disabled as input');
    assert.equal(by.get('busd')?.enabledTo, false, 'some are disabled as output');
    assert.equal(by.get('kas')?.fixRateEnabled, false, 'some take no fixed rate');
  });

  it('refuses a catalogue with a repeated ticker, an unknown address format or a ticker in capitals', () => {
    const doc = catalogue as { explorers: unknown; currencies: Record<string, unknown>[] };
    const btc = doc.currencies[0];
    assert.throws(() => readCatalogue({ ...doc, currencies: [btc, btc] }), /btc is listed twice/);
    assert.throws(
      () => readCatalogue({ ...doc, currencies: [{ ...btc, addressFormat: 'nosuch' }] }),
      /unknown address format nosuch/,
    );
    assert.throws(() => readCatalogue({ ...doc, currencies: [{ ...btc, ticker: 'BTC' }] }), /lowercase/);
    assert.throws(
      () => readCatalogue({ ...doc, currencies: [{ ...btc, enabledFrom: false, enabledTo: false }] }),
      /disabled on both sides/,
    );
    assert.equal(readCatalogue(doc).length, CURRENCIES.length);
  });

  it("every pair's limits hold: positive, min below max, within the payin's precision, converted within the payout's", () => {
    let pairs = 0;
    for (const from of CURRENCIES.filter(usableFrom)) {
      for (const to of CURRENCIES.filter(usableTo)) {
        if (from === to) continue;
        pairs++;
        const r = pairLimits(from, to);
        const where = `${from.ticker}->${to.ticker}`;
        for (const bound of [r.minAmountFloat, r.maxAmountFloat, r.minAmountFixed, r.maxAmountFixed])
          assert.ok(Number(bound) > 0, where);
        assert.ok(Number(r.minAmountFloat) < Number(r.maxAmountFloat), where);
        assert.ok(Number(r.minAmountFixed) < Number(r.maxAmountFixed), where);
        // The float maximum keeps the service's long tail (up to 11 decimals); the others fit the payin.
        for (const bound of [r.minAmountFloat, r.minAmountFixed, r.maxAmountFixed])
          assert.ok(decimalsOf(bound) <= from.blockchainPrecision, `${where}: ${bound}`);
        for (const type of ['float', 'fixed'] as const) {
          const l = limitsOf(type, from, to);
          assert.ok(l.minTo > 0n && l.minTo < l.maxTo, `${where} ${type}`);
        }
      }
    }
    assert.ok(pairs > 20_000, `${pairs} pairs`);
  });

  it("property: an amount at the currency's precision is accepted, one digit more is refused (over HTTP)", async () => {
    const payins = CURRENCIES.filter(usableFrom);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...payins), fc.integer({ min: 1, max: 9 }), async (from, last) => {
        const to = findCurrency(from.ticker === 'btc' ? 'eth' : 'btc');
        assert.ok(to);
        // One unit more than the whole part of the pair's float minimum is within its limits (a
        // minimum is at most 45 USD, a float maximum at least 150,000 USD): written out to the
        // accepted precision, ending in a non-zero digit.
        const whole = BigInt(pairLimits(from, to).minAmountFloat.split('.')[0] ?? '0') + 1n;
        const digits = accepted(from);
        const atPrecision = digits === 0 ? `${whole}` : `${whole}.${'0'.repeat(digits - 1)}${last}`;
        assert.equal(decimalsOf(atPrecision), digits);
        const ok = await rpc(sandbox, 'getExchangeAmount', {
          from: from.ticker,
          to: to.ticker,
          amountFrom: atPrecision,
        });
        assert.equal(ok.error, undefined, `${from.ticker} ${atPrecision}: ${JSON.stringify(ok.error)}`);
        const tooPrecise = await rpc(sandbox, 'getExchangeAmount', {
          from: from.ticker,
          to: to.ticker,
          amountFrom: `${atPrecision}${digits === 0 ? '.' : ''}${last}`,
        });
        assert.deepEqual(tooPrecise.error, { code: -32602, message: 'Parameter amountFrom is invalid' }, from.ticker);
      }),
      { numRuns: 40 },
    );
  });

  it('takes ETH amounts with 18 decimals and USDT (ERC20) with 6, not 7', async () => {
    const eth = await rpc(sandbox, 'getExchangeAmount', { from: 'eth', to: 'btc', amountFrom: '0.123456789012345678' });
    assert.equal(eth.error, undefined, JSON.stringify(eth.error));
    assert.deepEqual(
      (await rpc(sandbox, 'getExchangeAmount', { from: 'eth', to: 'btc', amountFrom: '0.1234567890123456789' })).error,
      { code: -32602, message: 'Parameter amountFrom is invalid' },
    );
    assert.equal(
      (await rpc(sandbox, 'getExchangeAmount', { from: 'usdt20', to: 'btc', amountFrom: '100.123456' })).error,
      undefined,
    );
    assert.deepEqual(
      (await rpc(sandbox, 'getExchangeAmount', { from: 'usdt20', to: 'btc', amountFrom: '100.1234567' })).error,
      { code: -32602, message: 'Parameter amountFrom is invalid' },
    );
    assert.equal(
      (await rpc(sandbox, 'getExchangeAmount', { from: 'usdtrx', to: 'eth', amountFrom: '100' })).error,
      undefined,
      'real tickers are found',
    );
  });

  // The protocol families: one address each that passes, and one that does not.
  const addresses: [string, string, boolean][] = [
    ['usdt20', '0x0123456789abcdef0123456789abcdef01234567', true],
    ['usdt20', '0x0123456789abcdef0123456789abcdef0123456', false],
    ['bnbbsc', '0x0123456789ABCDEF0123456789abcdef01234567', true],
    ['bnbbsc', 'bnb1etap3nchpkk7wuzm08tju9lcfs6tnudxhncwjy', false],
    ['usdtrx', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['usdtrx', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', false],
    ['usdtrx', '0x0123456789abcdef0123456789abcdef01234567', false],
    ['usdcsol', '1Ran6jLgbhJutox7QCDCCFJoCtKy1ad4cBByAbGBZwDP', true],
    ['usdcsol', '0Ran6jLgbhJutox7QCDCCFJoCtKy1ad4cBByAbGBZwDP', false],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', true],
    ['xrp', 'xEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', false],
    ['btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', false],
    ['ton', 'UQWThTZiUXR-a4hVpgVXsmCcdtBbv235RxMFKJvMAapWQ5C2', true],
    ['ton', 'XQWThTZiUXR-a4hVpgVXsmCcdtBbv235RxMFKJvMAapWQ5C2', false],
    ['osmo', 'osmo1eafs304pw053egfd4zjksk5mxafngz0c0l3wwn', true],
    ['osmo', 'cosmos15qznschns8uh95es3t7mxmw2pah4rzrvwtxnpf', false],
    ['stx', 'SPDM7T51K84J5HJY5597KAGRV92BX6CZW69C4C3R', true],
    ['stx', 'SPDM7T51K84J5HJY5597KAGRV92BX6CZW69C4C3U', false],
    ['near', 'sandbox.near', true],
    ['hbar', '0.0.4361326', true],
    ['hbar', '0.0.0', false],
  ];
  for (const [currency, address, valid] of addresses) {
    it(`validateAddress ${currency} ${address}: ${valid ? 'valid' : 'Invalid address'}`, async () => {
      assert.deepEqual(
        await result(sandbox, 'validateAddress', { currency, address }),
        valid ? { result: true } : { result: false, message: 'Invalid address' },
      );
    });
  }

  // The extra ids the service checks (EOS, IOST, STEEM, STX, XLM, XRP), and one it does not.
  const extraIds: [string, string, string, boolean][] = [
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '4294967295', true],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '4294967296', false],
    ['xrp', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', '0123', false],
    ['xlm', 'GXNUOZLT7XOOOSRN5CW7HYNDW37MMJLVH6HZONM35UCBPQUT7HSYDQN3', 'twenty-eight characters ok!!', true],
    ['xlm', 'GXNUOZLT7XOOOSRN5CW7HYNDW37MMJLVH6HZONM35UCBPQUT7HSYDQN3', 'twenty-nine characters: no!!!', false],
    ['eos', 'sandboxuser1', 'm'.repeat(256), true],
    ['eos', 'sandboxuser1', 'm'.repeat(257), false],
    ['iost', 'sandbox_1', 'order 1234', true],
    ['iost', 'sandbox_1', 'tab\there', false],
    ['steem', 'sandboxuser1', 's'.repeat(2048), true],
    ['steem', 'sandboxuser1', 's'.repeat(2049), false],
    ['stx', 'SPDM7T51K84J5HJY5597KAGRV92BX6CZW69C4C3R', 'x'.repeat(34), true],
    ['stx', 'SPDM7T51K84J5HJY5597KAGRV92BX6CZW69C4C3R', 'x'.repeat(35), false],
    ['atom', 'cosmos15qznschns8uh95es3t7mxmw2pah4rzrvwtxnpf', 'x'.repeat(1000), true],
  ];
  for (const [currency, address, extraId, valid] of extraIds) {
    it(`validateAddress ${currency} with extra id ${JSON.stringify(extraId.length > 40 ? `${extraId.length} characters` : extraId)}: ${valid ? 'valid' : 'Invalid extra id'}`, async () => {
      assert.deepEqual(
        await result(sandbox, 'validateAddress', { currency, address, extraId }),
        valid ? { result: true } : { result: false, message: 'Invalid extra id' },
      );
    });
  }

  it('the create operations check addresses by the same formats: a TRON address is refused for an ERC20 payout', async () => {
    const refused = await rpc(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'usdt20',
      amountFrom: '0.1',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    assert.deepEqual(refused.error, { code: -32602, message: 'Error: Invalid address' });
    const created = await rpc(sandbox, 'createTransaction', {
      from: 'btc',
      to: 'usdtrx',
      amountFrom: '0.1',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    assert.equal(created.error, undefined, JSON.stringify(created.error));
  });
});
