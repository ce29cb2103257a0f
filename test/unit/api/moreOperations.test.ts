/**
 * The seven further operations (docs/service/methods.md) against the sandbox over real HTTP with real
 * signatures: results decoded, local checks refusing before anything is sent, the amount errors
 * typed with their limits (both wordings), and exact decimal strings end to end.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  ExchangeClient,
  InvalidParameterError,
  JsonRpcError,
  MAX_BULK,
  ProtocolError,
  RateLimitError,
  rateLimitOf,
  serviceErrorFrom,
} from '../../../src/api';
import type {
  CreateFixTransactionRequest,
  CreateTransactionRequest,
  ExchangeAmountQuery,
  FixRateQuery,
} from '../../../src/api';
import { decodeAddressVerdict, decodeCurrencies } from '../../../src/api/catalogue';
import { decodeCreatedTransaction } from '../../../src/api/creation';
import { decodeExchangeAmounts, decodeFixRates } from '../../../src/api/estimates';
import { checkAmount } from '../../../src/api/params';
import { MAX_TEXT_LENGTH } from '../../../src/api/wire';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import type { ManualClock } from '../../../packages/sandbox/src';
import { startLocalServer } from './localServer';
import type { LocalServer } from './localServer';
import { startHarness, testCredentials } from './support';
import type { Harness } from './support';

const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';
const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';

describe('ExchangeClient: estimates, creation, catalogue against the sandbox', function () {
  let h: Harness;
  let client: ExchangeClient;

  before(async () => {
    h = await startHarness({ ledgerSize: 20 });
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    h.sandbox.setFaults({});
    h.sandbox.clearRequests();
    client = h.client();
  });
  afterEach(() => client.dispose());

  const lastParams = (): unknown => h.sandbox.requests.at(-1)?.params;

  describe('getExchangeAmount', () => {
    it('estimates one pair: tickers lowercased on the wire, amounts kept as exact strings, limits read', async () => {
      const [estimate, ...rest] = await client.getExchangeAmount({ from: 'BTC', to: 'Eth', amountFrom: '0.50' });
      assert.equal(rest.length, 0);
      assert.ok(estimate);
      assert.deepEqual(lastParams(), { from: 'btc', to: 'eth', amountFrom: '0.50' });
      assert.equal(estimate.from, 'btc');
      assert.equal(estimate.to, 'eth');
      assert.equal(estimate.amountFrom, '0.5'); // the sandbox echoes the canonical form
      for (const field of [
        'amountTo',
        'networkFee',
        'rate',
        'fee',
        'visibleAmount',
        'min',
        'max',
        'minFrom',
        'maxFrom',
        'minTo',
        'maxTo',
      ] as const) {
        assert.match(estimate[field] ?? '', /^\d+(\.\d+)?$/, field);
      }
      assert.equal(estimate.min, estimate.minFrom);
      assert.equal(estimate.max, estimate.maxFrom);
    });

    it('bulk: one array request, a refused pair left out, the rest in request order', async () => {
      const estimates = await client.getExchangeAmount([
        { from: 'btc', to: 'eth', amountFrom: '0.5' },
        { from: 'zec', to: 'eth', amountFrom: '1' },
        { from: 'eth', to: 'btc', amountFrom: '2' },
      ]);
      assert.equal(h.sandbox.requests.length, 1);
      assert.ok(Array.isArray(lastParams()));
      assert.deepEqual(
        estimates.map((e) => `${e.from}->${e.to}`),
        ['btc->eth', 'eth->btc'],
      );
    });

    it('an amount below the minimum is an AmountOutOfRangeError (min) with the limits of error.data.limits, not retried', async () => {
      const [inRange] = await client.getExchangeAmount({ from: 'btc', to: 'eth', amountFrom: '0.5' });
      h.sandbox.clearRequests();
      const error = await client.getExchangeAmount({ from: 'btc', to: 'eth', amountFrom: '0.00000001' }).then(
        () => assert.fail('expected an amount error'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof AmountOutOfRangeError, String(error));
      assert.ok(!(error instanceof RateLimitError));
      assert.equal(error.kind, 'amount-out-of-range');
      assert.equal(error.code, -32602);
      assert.equal(error.bound, 'min');
      assert.equal(error.amount, inRange?.minFrom);
      assert.deepEqual(error.pair, { from: 'btc', to: 'eth' });
      assert.deepEqual(error.limits, {
        min: { from: inRange?.minFrom, to: inRange?.minTo },
        max: { from: inRange?.maxFrom, to: inRange?.maxTo },
      });
      assert.equal(h.sandbox.requests.length, 1);
    });

    it('an amount above the maximum is an AmountOutOfRangeError (max) with its limits; also for fixed quotes and float creation', async () => {
      const [fixed] = await client.getFixRateForAmount({ from: 'btc', to: 'eth', amountFrom: '0.5' });
      const tooMuch = '99999999';
      const check = (e: unknown): boolean =>
        e instanceof AmountOutOfRangeError && e.bound === 'max' && e.limits?.max?.from === e.amount;
      await assert.rejects(client.getExchangeAmount({ from: 'btc', to: 'eth', amountFrom: tooMuch }), check);
      await assert.rejects(
        client.getFixRateForAmount({ from: 'btc', to: 'eth', amountFrom: tooMuch }),
        (e: unknown) => check(e) && (e as AmountOutOfRangeError).amount === fixed?.maxFrom,
      );
      await assert.rejects(
        client.createTransaction({ from: 'btc', to: 'eth', amountFrom: tooMuch, address: ETH_ADDRESS }),
        check,
      );
    });
  });

  describe('getFixRateForAmount and createFixTransaction', () => {
    it('quotes by amountFrom or amountTo with a rate ID expiring 30 s on (microseconds), and the rate ID creates once only', async () => {
      const clock = h.sandbox.clock as ManualClock;
      const now = clock.now();
      const [byFrom] = await client.getFixRateForAmount({ from: 'btc', to: 'eth', amountFrom: '0.5' });
      assert.ok(byFrom);
      assert.deepEqual(lastParams(), { from: 'btc', to: 'eth', amountFrom: '0.5' });
      assert.equal(byFrom.amountFrom, '0.5');
      assert.match(byFrom.result, /^\d+(\.\d+)?$/);
      assert.ok(byFrom.id.length > 0);
      assert.equal(byFrom.expiredAt, Math.floor((now + 30_000) / 1000) * 1e6);

      const [byTo] = await client.getFixRateForAmount({ from: 'btc', to: 'eth', amountTo: '10' });
      assert.deepEqual(lastParams(), { from: 'btc', to: 'eth', amountTo: '10' });
      assert.equal(byTo?.amountTo, '10');

      const request: CreateFixTransactionRequest = {
        from: 'btc',
        to: 'eth',
        rateId: byFrom.id,
        amountFrom: byFrom.amountFrom,
        address: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
      };
      const created = await client.createFixTransaction(request);
      assert.equal(created.type, 'fixed');
      assert.equal(created.status, 'new');
      assert.equal(created.amountExpectedFrom, '0.5');
      assert.equal(created.amountExpectedTo, byFrom.amountTo);
      assert.equal(created.payoutAddress, ETH_ADDRESS);
      assert.equal(created.refundAddress, BTC_ADDRESS);
      assert.equal(created.currencyFrom, 'btc');
      assert.ok(created.payTill !== undefined && Number.isFinite(Date.parse(created.payTill)));
      assert.equal(Math.floor((created.createdAt ?? 0) / 1000), now);
      assert.equal((await client.getStatus(created.id)).status, 'waiting');

      h.sandbox.clearRequests();
      await assert.rejects(
        client.createFixTransaction(request),
        (e: unknown) => e instanceof JsonRpcError && /rateId was expired or already used/.test(e.serviceMessage),
      );
      assert.equal(h.sandbox.requests.length, 1, 'a refused create is not retried');
    });

    it('a currency refused for fixed rates is the typed currency error', async () => {
      await assert.rejects(
        client.getFixRateForAmount({ from: 'doge', to: 'btc', amountFrom: '100' }),
        (e: unknown) => e instanceof CurrencyDisabledError || e instanceof JsonRpcError,
      );
    });
  });

  describe('createTransaction', () => {
    it('creates a float transaction: decoded, sent with exactly the given members, waiting afterwards', async () => {
      const created = await client.createTransaction({
        from: 'ETH',
        to: 'btc',
        amountFrom: '1.25',
        address: BTC_ADDRESS,
        refundAddress: ETH_ADDRESS,
      });
      assert.deepEqual(lastParams(), {
        from: 'eth',
        to: 'btc',
        amountFrom: '1.25',
        address: BTC_ADDRESS,
        refundAddress: ETH_ADDRESS,
      });
      assert.equal(created.type, 'float');
      assert.equal(created.status, 'new');
      assert.equal(created.amountExpectedFrom, '1.25');
      assert.match(created.amountExpectedTo, /^\d+(\.\d+)?$/);
      assert.equal(created.payoutAddress, BTC_ADDRESS);
      assert.equal(created.payTill, undefined);
      const [record] = await client.getTransactions({ id: created.id });
      assert.equal(record?.status, 'waiting');
      assert.equal(record?.amountExpectedFrom, '1.25');
    });

    it('an implausible payout address is the service error, sent once', async () => {
      await assert.rejects(
        client.createTransaction({ from: 'eth', to: 'btc', amountFrom: '1', address: 'not-an-address' }),
        (e: unknown) => e instanceof JsonRpcError && e.serviceMessage === 'Error: Invalid address',
      );
      assert.equal(h.sandbox.requests.length, 1);
    });
  });

  describe('catalogue', () => {
    it('getCurrenciesFull lists every currency with the states the other operations refuse by', async () => {
      const currencies = await client.getCurrenciesFull();
      assert.deepEqual(lastParams(), {});
      const by = new Map(currencies.map((c) => [c.ticker, c]));
      const btc = by.get('btc');
      assert.ok(btc);
      assert.equal(btc.enabled, true);
      assert.equal(btc.fixRateEnabled, true);
      assert.equal(btc.fixedTime, 1_200_000);
      assert.equal(btc.blockchainPrecision, 8);
      assert.equal(btc.fullName, 'Bitcoin');
      assert.equal(by.get('doge')?.fixRateEnabled, false);
      assert.equal(by.get('zec')?.enabled, false);
      assert.equal(by.get('dot')?.enabledFrom, false);
      assert.equal(by.get('dot')?.enabledTo, true);
      assert.equal(by.get('xrp')?.extraIdName, 'destination tag');
      assert.match(by.get('xrp')?.payinNotice ?? '', /destination tag/);
      assert.equal(by.get('btc')?.extraIdName, undefined);
    });

    it('getPairs filters by payin and rate type (lowercased on the wire)', async () => {
      const all = await client.getPairs();
      assert.deepEqual(lastParams(), {});
      const fixed = await client.getPairs({ from: 'BTC', txType: 'fixed' });
      assert.deepEqual(lastParams(), { from: 'btc', txType: 'fixed' });
      assert.ok(fixed.length > 0 && fixed.length < all.length);
      assert.ok(fixed.every((p) => p.from === 'btc' && p.to !== 'doge'));
      assert.ok(all.some((p) => p.from === 'btc' && p.to === 'doge'));
    });

    it('validateAddress answers valid and invalid as results', async () => {
      assert.deepEqual(await client.validateAddress({ currency: 'BTC', address: BTC_ADDRESS }), { result: true });
      assert.deepEqual(lastParams(), { currency: 'btc', address: BTC_ADDRESS });
      assert.deepEqual(await client.validateAddress({ currency: 'btc', address: ETH_ADDRESS }), {
        result: false,
        message: 'Invalid address',
      });
      const xrp = await client.validateAddress({
        currency: 'xrp',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        extraId: 'x',
      });
      assert.equal(xrp.result, false);
    });
  });

  describe('local checks refuse before sending', () => {
    const amountFrom = '0.5';
    const float: CreateTransactionRequest = { from: 'eth', to: 'btc', amountFrom, address: BTC_ADDRESS };
    const fixed: CreateFixTransactionRequest = {
      from: 'btc',
      to: 'eth',
      rateId: 'r',
      amountFrom,
      address: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
    };
    const asString = (value: unknown): string => value as string;
    const pair = (extra: Partial<ExchangeAmountQuery>): ExchangeAmountQuery => ({
      from: 'btc',
      to: 'eth',
      amountFrom,
      ...extra,
    });
    const quote = (extra: Partial<FixRateQuery>): FixRateQuery => ({ from: 'btc', to: 'eth', ...extra });
    const cases: readonly [string, string, (c: ExchangeClient) => Promise<unknown>][] = [
      ['a JS number amount', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: asString(0.5) }))],
      ['an exponent', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: '1e3' }))],
      ['a negative amount', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: '-1' }))],
      ['an amount with spaces', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: ' 1' }))],
      ['a comma', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: '0,5' }))],
      ['an overlong amount', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: `1.${'0'.repeat(80)}` }))],
      ['a missing amount', 'amountFrom', (c) => c.getExchangeAmount(pair({ amountFrom: asString(undefined) }))],
      ['an empty ticker', 'from', (c) => c.getExchangeAmount(pair({ from: ' ' }))],
      ['the same currency twice', 'to', (c) => c.getExchangeAmount(pair({ to: 'BTC' }))],
      ['an empty bulk', 'params', (c) => c.getExchangeAmount([])],
      [
        'a bulk over the bound',
        'params',
        (c) => c.getExchangeAmount(Array.from({ length: MAX_BULK + 1 }, () => pair({}))),
      ],
      ['a bad element of a bulk', 'amountFrom', (c) => c.getExchangeAmount([pair({}), pair({ amountFrom: '1.' })])],
      ['both amounts of a quote', 'amountFrom', (c) => c.getFixRateForAmount(quote({ amountFrom, amountTo: '1' }))],
      ['neither amount of a quote', 'amountFrom', (c) => c.getFixRateForAmount(quote({}))],
      ['a number amountTo', 'amountTo', (c) => c.getFixRateForAmount(quote({ amountTo: asString(10) }))],
      ['float: no address', 'address', (c) => c.createTransaction({ ...float, address: '' })],
      ['float: an empty refund address', 'refundAddress', (c) => c.createTransaction({ ...float, refundAddress: '' })],
      ['float: a number amount', 'amountFrom', (c) => c.createTransaction({ ...float, amountFrom: asString(1) })],
      ['fixed: no rate ID', 'rateId', (c) => c.createFixTransaction({ ...fixed, rateId: '' })],
      [
        'fixed: no refund address',
        'refundAddress',
        (c) => c.createFixTransaction({ ...fixed, refundAddress: asString(undefined) }),
      ],
      ['fixed: both amounts', 'amountFrom', (c) => c.createFixTransaction({ ...fixed, amountTo: '1' })],
      ['fixed: neither amount', 'amountFrom', (c) => c.createFixTransaction({ ...fixed, amountFrom: undefined })],
      ['pairs: an unknown rate type', 'txType', (c) => c.getPairs({ txType: asString('swap') as 'float' })],
      ['pairs: the same currency twice', 'to', (c) => c.getPairs({ from: 'btc', to: 'BTC' })],
      ['address: no currency', 'currency', (c) => c.validateAddress({ currency: '', address: BTC_ADDRESS })],
      ['address: no address', 'address', (c) => c.validateAddress({ currency: 'btc', address: asString(null) })],
    ];
    for (const [name, param, run] of cases) {
      it(`${name}: InvalidParameterError(${param}), nothing sent`, async () => {
        await assert.rejects(
          run(client),
          (e: unknown) => e instanceof InvalidParameterError && e.param === param && e.detail !== undefined,
        );
        assert.equal(h.sandbox.requests.length, 0);
      });
    }
  });
});

describe('amount errors: both wordings, never a rate limit', () => {
  it('reads the older -32600 wording (with or without a pair) as AmountOutOfRangeError', () => {
    const min = serviceErrorFrom(-32600, 'Invalid amount: minimal amount is 0.0816');
    assert.ok(min instanceof AmountOutOfRangeError);
    assert.equal(min.code, -32600);
    assert.equal(min.bound, 'min');
    assert.equal(min.amount, '0.0816');
    assert.equal(min.limits, undefined);
    const max = serviceErrorFrom(-32600, 'invalid amount: maximal amount for eth->btc is 20');
    assert.ok(max instanceof AmountOutOfRangeError);
    assert.equal(max.bound, 'max');
    assert.equal(max.amount, '20');
    assert.deepEqual(max.pair, { from: 'eth', to: 'btc' });
    assert.equal(rateLimitOf('Invalid amount: maximal amount is 20 rps'), undefined);
    assert.ok(serviceErrorFrom(-32600, 'Invalid amount: maximal amount is 20 rps') instanceof AmountOutOfRangeError);
  });

  it('reads the -32602 wording with data.limits; an unparsed "Invalid amount" wording keeps the limits without a bound', () => {
    const data = { limits: { min: { from: '0.01', to: '0.2' }, max: { from: '20', to: '400' } } };
    const e = serviceErrorFrom(-32602, 'Invalid amount for pair btc->eth. Maximum amount is 20 btc', data);
    assert.ok(e instanceof AmountOutOfRangeError);
    assert.equal(e.bound, 'max');
    assert.equal(e.amount, '20');
    assert.deepEqual(e.limits, data.limits);
    assert.equal(e.data, data);
    const odd = serviceErrorFrom(-32602, 'Invalid amount, see limits', data);
    assert.ok(odd instanceof AmountOutOfRangeError);
    assert.equal(odd.bound, undefined);
    assert.deepEqual(odd.limits, data.limits);
    // Other -32600 / -32602 messages are not amount errors.
    assert.ok(serviceErrorFrom(-32600, 'Error: You reached requests limit 10 rps') instanceof RateLimitError);
    assert.ok(serviceErrorFrom(-32602, 'Parameter amountFrom is invalid') instanceof InvalidParameterError);
    assert.ok(!(serviceErrorFrom(-32603, 'Invalid amount: minimal amount is 1') instanceof AmountOutOfRangeError));
  });

  describe('from a service over HTTP', () => {
    let server: LocalServer;
    let answer: (request: { id: unknown; params: unknown }) => unknown;
    before(async () => {
      server = await startLocalServer(({ request, res }) => {
        const body = JSON.parse(request.body.toString('utf8')) as { id: unknown; params: unknown };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...(answer(body) as object) }));
      });
    });
    after(() => server.close());

    it('the older -32600 wording is an AmountOutOfRangeError, sent once (not retried as a rate limit)', async () => {
      answer = () => ({ error: { code: -32600, message: 'Invalid amount: minimal amount is 0.0816' } });
      const before = server.requests.length;
      const client = new ExchangeClient({
        baseUrl: server.url,
        credentials: testCredentials(),
        retry: { baseDelayMs: 1, rateLimitDelayMs: 1 },
      });
      try {
        await assert.rejects(
          client.getExchangeAmount({ from: 'eth', to: 'btc', amountFrom: '0.01' }),
          (e: unknown) => e instanceof AmountOutOfRangeError && e.bound === 'min' && e.amount === '0.0816',
        );
        assert.equal(server.requests.length - before, 1);
      } finally {
        client.dispose();
      }
    });

    it('property: decimal strings round-trip exactly, sent as written and read back as sent', async () => {
      answer = ({ params }) => {
        const p = params as { from: string; to: string; amountFrom: string };
        return {
          result: [
            { from: p.from, to: p.to, amountFrom: p.amountFrom, amountTo: p.amountFrom, networkFee: p.amountFrom },
          ],
        };
      };
      const client = new ExchangeClient({ baseUrl: server.url, credentials: testCredentials(), rateLimit: 1000 });
      const decimal = fc.stringMatching(/^\d{1,30}(\.\d{1,30})?$/);
      try {
        await fc.assert(
          fc.asyncProperty(decimal, async (text) => {
            assert.equal(checkAmount('amountFrom', text), text);
            const [estimate] = await client.getExchangeAmount({ from: 'btc', to: 'eth', amountFrom: text });
            const sent = JSON.parse(server.requests.at(-1)?.body.toString('utf8') ?? '{}') as {
              params: { amountFrom: string };
            };
            assert.equal(sent.params.amountFrom, text);
            assert.equal(estimate?.amountFrom, text);
            assert.equal(estimate?.amountTo, text);
          }),
          { numRuns: 60 },
        );
      } finally {
        client.dispose();
      }
    });
  });
});

describe('decoders of the further operations', () => {
  const estimate = { from: 'btc', to: 'eth', amountFrom: '0.5', amountTo: '10.123456789012345678901234567890' };

  it('property: decimal strings survive the estimate and quote decoders exactly', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,40}(\.\d{1,20})?$/), (text) => {
        assert.equal(decodeExchangeAmounts([{ ...estimate, amountTo: text, minFrom: text }])[0]?.amountTo, text);
        assert.equal(
          decodeFixRates([{ ...estimate, id: 'x', result: text, expiredAt: 1_763_700_000 }])[0]?.result,
          text,
        );
      }),
    );
  });

  it('ignores unknown fields, tolerates absent limits and numbers for amounts, reads expiredAt seconds as microseconds', () => {
    assert.deepEqual(decodeExchangeAmounts([{ ...estimate, surprise: { nested: true }, min: null, rate: 12.5 }]), [
      { ...estimate, rate: '12.5' },
    ]);
    assert.deepEqual(
      decodeFixRates([{ ...estimate, id: 'a%#$@~(', result: '20', expiredAt: 1_763_700_060 }])[0]?.expiredAt,
      1_763_700_060_000_000,
    );
    assert.deepEqual(decodeAddressVerdict({ result: true, extra: 1 }), { result: true });
  });

  it('refuses what cannot be an amount or a record, naming the field', () => {
    const cases: readonly [unknown, string, (value: unknown) => unknown][] = [
      [[{ ...estimate, amountTo: HOSTILE_VALUES.script }], 'result[0].amountTo', decodeExchangeAmounts],
      [[{ ...estimate, amountTo: '1e21' }], 'result[0].amountTo', decodeExchangeAmounts],
      [[{ ...estimate, amountTo: -1 }], 'result[0].amountTo', decodeExchangeAmounts],
      [[{ ...estimate, amountFrom: `1${'0'.repeat(70)}` }], 'result[0].amountFrom', decodeExchangeAmounts],
      [{ ...estimate }, 'result', decodeExchangeAmounts],
      [[{ ...estimate, result: '1' }], 'result[0].id', decodeFixRates],
      [[{ ...estimate, id: 'x'.repeat(300), result: '1' }], 'result[0].id', decodeFixRates],
      [{ result: 'yes' }, 'result.result', decodeAddressVerdict],
      [[{ ticker: 'btc' }], 'result[0].enabled', decodeCurrencies],
    ];
    for (const [value, field, decode] of cases) {
      assert.throws(
        () => decode(value),
        (e: unknown) => e instanceof ProtocolError && e.field === field,
        field,
      );
    }
  });

  it('bounds hostile free text and keeps it inert text; hostile optional amounts read as absent', () => {
    const created = decodeCreatedTransaction({
      id: 'tx1',
      type: 'float',
      status: 'new',
      payinAddress: HOSTILE_VALUES.long,
      payinExtraId: HOSTILE_VALUES.control,
      payoutAddress: HOSTILE_VALUES.markup,
      refundAddress: '',
      amountExpectedFrom: '1',
      amountExpectedTo: '2',
      networkFee: HOSTILE_VALUES.script,
      currencyFrom: 'ETH',
      currencyTo: 'btc',
      createdAt: 1_763_700_000_123_456,
      trackUrl: 42,
    });
    assert.equal(created.payinAddress.length, MAX_TEXT_LENGTH);
    assert.ok(HOSTILE_VALUES.long.startsWith(created.payinAddress));
    assert.equal(created.payinExtraId, HOSTILE_VALUES.control);
    assert.equal(created.payoutExtraId, null);
    assert.equal(created.networkFee, undefined);
    assert.equal(created.trackUrl, undefined);
    assert.equal(created.currencyFrom, 'eth');
    assert.equal(created.createdAt, 1_763_700_000_123_456);
    assert.equal(
      decodeCreatedTransaction({ ...created, createdAt: '2024-09-17T02:31:54.173Z' }).createdAt,
      Date.parse('2024-09-17T02:31:54.173Z') * 1000,
    );
    const [currency] = decodeCurrencies([
      {
        ticker: 'BTC',
        enabled: true,
        fullname: 'Bitcoin',
        coin: 'BTC',
        network: 'bitcoin',
        image: HOSTILE_VALUES.long,
        notifications: { payin: HOSTILE_VALUES.commandLink },
      },
    ]);
    assert.deepEqual(currency, {
      ticker: 'btc',
      fullName: 'Bitcoin',
      protocol: 'BTC',
      blockchain: 'bitcoin',
      enabled: true,
      enabledFrom: true,
      enabledTo: true,
      fixRateEnabled: false,
      image: HOSTILE_VALUES.long.slice(0, MAX_TEXT_LENGTH),
      payinNotice: HOSTILE_VALUES.commandLink,
    });
  });
});
