/**
 * getExchangeAmount and getFixRateForAmount over real HTTP: shapes, exact decimal strings, limits,
 * amount errors with error.data.limits, bulk rules, rate IDs (30 s, single use), and properties
 * of amounts and limits (fast-check).
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import type { ManualClock, Sandbox } from '../src';
import { CURRENCIES, findCurrency, limitsOf, pairLimits } from '../src';
import { rpc, rpcError, result, testSandbox } from './helpers';

const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
const FIELDS = [
  'from',
  'to',
  'networkFee',
  'amountFrom',
  'amountTo',
  'max',
  'maxFrom',
  'maxTo',
  'min',
  'minFrom',
  'minTo',
  'visibleAmount',
  'rate',
  'fee',
];
const FIX_FIELDS = [
  'id',
  'result',
  'from',
  'to',
  'networkFee',
  'max',
  'maxFrom',
  'maxTo',
  'min',
  'minFrom',
  'minTo',
  'amountFrom',
  'amountTo',
  'expiredAt',
];

type Rec = Record<string, string | number>;

/** Exact decimal string → scaled bigint (18 places), for comparisons in the tests. */
function big(text: string | number): bigint {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
}

function fracDigits(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/** Pairs the estimates accept (both sides usable, different tickers). */
const USABLE_PAIRS = CURRENCIES.flatMap((a) =>
  CURRENCIES.filter(
    (b) =>
      a !== b &&
      a.availability !== 'disabled' &&
      a.availability !== 'no-input' &&
      b.availability !== 'disabled' &&
      b.availability !== 'no-output',
  ).map((b) => [a, b] as const),
);
const FIXED_PAIRS = USABLE_PAIRS.filter(([a, b]) => a.fixRateEnabled && b.fixRateEnabled);

/** An amount string with at most `decimals` places, between lo and hi (scaled bigints, inclusive). */
function amountBetween(lo: bigint, hi: bigint, decimals: number): fc.Arbitrary<string> {
  const step = 10n ** BigInt(18 - decimals);
  const first = (lo + step - 1n) / step;
  const last = hi / step;
  return fc.bigInt(first, last).map((units) => {
    const scaled = units * step;
    const whole = scaled / 10n ** 18n;
    const frac = (scaled % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
    return frac ? `${whole}.${frac}` : String(whole);
  });
}

describe('sandbox: getExchangeAmount', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox();
  });
  after(() => sandbox.stop());

  it('answers an object with a one-record array of exact decimal strings', async () => {
    const [r] = await result<Rec[]>(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    assert.deepEqual(Object.keys(r), FIELDS);
    assert.equal(r.from, 'btc');
    assert.equal(r.to, 'eth');
    assert.equal(r.amountFrom, '0.1');
    assert.equal(r.networkFee, findCurrency('eth')?.networkFee);
    for (const f of FIELDS.slice(2)) assert.match(String(r[f]), DECIMAL, f);
    assert.equal(r.min, r.minFrom);
    assert.equal(r.max, r.maxFrom);
    const limits = pairLimits(CURRENCIES[0], CURRENCIES[1]);
    assert.equal(r.minFrom, limits.minAmountFloat, 'the float limits are those of getPairsParams');
    assert.equal(r.maxFrom, limits.maxAmountFloat);
    assert.equal(big(r.amountTo) + big(r.fee), big(r.visibleAmount));
  });

  it('lowercases tickers and normalises the echoed amount', async () => {
    const [r] = await result<Rec[]>(sandbox, 'getExchangeAmount', { from: 'BTC', to: 'Eth', amountFrom: '00.1000' });
    assert.deepEqual([r.from, r.to, r.amountFrom], ['btc', 'eth', '0.1']);
  });

  it('refuses an amount below the minimum: -32602 with the minimum and data.limits', async () => {
    const l = limitsOf('float', CURRENCIES[0], CURRENCIES[1]);
    const answer = await rpc(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0.00000001' });
    const error = answer.error as { code: number; message: string; data?: unknown };
    assert.equal(error.code, -32602);
    const [min] = await limitStrings('float');
    assert.equal(error.message, `Invalid amount for pair btc->eth. Minimum amount is ${min.from} btc`);
    assert.deepEqual(error.data, {
      limits: { min: { from: min.from, to: min.to }, max: (await limitStrings('float'))[1] },
    });
    assert.ok(l.minFrom > 0n);
  });

  it('refuses an amount above the maximum with the maximum', async () => {
    const error = await rpcError(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '1000000' });
    const [, max] = await limitStrings('float');
    assert.equal(error.code, -32602);
    assert.equal(error.message, `Invalid amount for pair btc->eth. Maximum amount is ${max.from} btc`);
  });

  it('refuses zero as below the minimum', async () => {
    assert.match(
      (await rpcError(sandbox, 'getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '0' })).message,
      /Minimum amount is/,
    );
  });

  const invalid: [string, unknown, string][] = [
    ['no from', { to: 'eth', amountFrom: '1' }, 'from'],
    ['an empty to', { from: 'btc', to: '', amountFrom: '1' }, 'to'],
    ['the same currency twice', { from: 'btc', to: 'btc', amountFrom: '1' }, 'to'],
    ['no amountFrom', { from: 'btc', to: 'eth' }, 'amountFrom'],
    [
      'a number that JSON writes with an exponent as amountFrom',
      { from: 'btc', to: 'eth', amountFrom: 1e-7 },
      'amountFrom',
    ],
    ['a negative amountFrom', { from: 'btc', to: 'eth', amountFrom: '-1' }, 'amountFrom'],
    ['an exponent', { from: 'btc', to: 'eth', amountFrom: '1e-1' }, 'amountFrom'],
    ['more decimals than the currency', { from: 'btc', to: 'eth', amountFrom: '0.123456789' }, 'amountFrom'],
    ['a number as userMetadata', { from: 'btc', to: 'eth', amountFrom: '0.1', userMetadata: 5 }, 'userMetadata'],
    ['an empty array', [], 'params'],
    ['a string', 'btc', 'params'],
  ];
  for (const [label, params, param] of invalid) {
    it(`refuses ${label}: Parameter ${param} is invalid`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'getExchangeAmount', params), {
        code: -32602,
        message: `Parameter ${param} is invalid`,
      });
    });
  }

  const refusals: [string, string, string][] = [
    ['nope', 'eth', 'Invalid currency: nope not found'],
    ['zec', 'eth', 'Invalid currency: zec temporary disabled'],
    ['xmr', 'eth', 'Invalid currency: xmr is temporary disabled on API as input currency'],
    ['btc', 'eos', 'Invalid currency: eos is temporary disabled on API as output currency'],
  ];
  for (const [from, to, message] of refusals) {
    it(`refuses ${from}->${to}: ${message}`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'getExchangeAmount', { from, to, amountFrom: '1' }), {
        code: -32602,
        message,
      });
    });
  }

  it('answers a bulk request in request order, leaving bad pairs out', async () => {
    const records = await result<Rec[]>(sandbox, 'getExchangeAmount', [
      { from: 'btc', to: 'eth', amountFrom: '0.1' },
      { from: 'zec', to: 'eth', amountFrom: '1' },
      { from: 'btc', to: 'eth', amountFrom: '99999' },
      'not a pair',
      { from: 'eth', to: 'usdt', amountFrom: '1' },
      { from: 'ltc', to: 'btc' },
    ]);
    assert.deepEqual(
      records.map((r) => `${r.from}->${r.to}`),
      ['btc->eth', 'eth->usdt'],
    );
  });

  it('answers an empty array when every pair of a bulk request is bad', async () => {
    assert.deepEqual(await result(sandbox, 'getExchangeAmount', [{ from: 'zec', to: 'eth', amountFrom: '1' }]), []);
  });

  it('refuses a bulk request of more than 100 pairs', async () => {
    const many = Array.from({ length: 101 }, () => ({ from: 'btc', to: 'eth', amountFrom: '0.1' }));
    assert.equal((await result<unknown[]>(sandbox, 'getExchangeAmount', many.slice(0, 100))).length, 100);
    assert.deepEqual(await rpcError(sandbox, 'getExchangeAmount', many), {
      code: -32602,
      message: 'Parameter params is invalid',
    });
  });

  async function limitStrings(
    type: 'float' | 'fixed',
  ): Promise<[{ from: string; to: string }, { from: string; to: string }]> {
    const l = limitsOf(type, CURRENCIES[0], CURRENCIES[1]);
    const s = (x: bigint): string => {
      const whole = x / 10n ** 18n;
      const frac = (x % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
      return frac ? `${whole}.${frac}` : String(whole);
    };
    return Promise.resolve([
      { from: s(l.minFrom), to: s(l.minTo) },
      { from: s(l.maxFrom), to: s(l.maxTo) },
    ]);
  }

  it('property: any amount within the limits is accepted, with consistent exact decimals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...USABLE_PAIRS).chain(([a, b]) => {
          const l = limitsOf('float', a, b);
          return amountBetween(l.minFrom, l.maxFrom, a.decimals).map((amount) => ({ a, b, amount }));
        }),
        async ({ a, b, amount }) => {
          const [r] = await result<Rec[]>(sandbox, 'getExchangeAmount', {
            from: a.ticker,
            to: b.ticker,
            amountFrom: amount,
          });
          for (const f of FIELDS.slice(2)) assert.match(String(r[f]), DECIMAL, f);
          assert.equal(big(r.amountFrom), big(amount));
          assert.ok(fracDigits(String(r.amountTo)) <= b.decimals && fracDigits(String(r.fee)) <= b.decimals);
          assert.equal(big(r.amountTo) + big(r.fee), big(r.visibleAmount), 'amountTo = visibleAmount − fee');
          // visibleAmount = amountFrom × rate, rounded to the payout's decimals (within half a unit).
          const exact = (big(amount) * big(r.rate)) / 10n ** 18n;
          const half = 10n ** BigInt(18 - b.decimals) / 2n;
          const diff = big(r.visibleAmount) - exact;
          assert.ok(diff <= half && diff >= -half, `visibleAmount ${String(r.visibleAmount)} vs ${exact}`);
          assert.ok(big(r.minFrom) <= big(amount) && big(amount) <= big(r.maxFrom));
          assert.ok(big(r.minTo) <= big(r.maxTo));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: any amount outside the limits is refused with the bound it passes and the limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...USABLE_PAIRS).chain(([a, b]) => {
          const l = limitsOf('float', a, b);
          const unit = 10n ** BigInt(18 - a.decimals);
          const below = amountBetween(0n, l.minFrom - 1n, a.decimals).map((amount) => ({
            amount,
            side: 'min' as const,
          }));
          const above = amountBetween(l.maxFrom + 1n, l.maxFrom * 10n + unit, a.decimals).map((amount) => ({
            amount,
            side: 'max' as const,
          }));
          return fc.oneof(below, above).map((x) => ({ a, b, l, ...x }));
        }),
        async ({ a, b, l, amount, side }) => {
          const answer = await rpc(sandbox, 'getExchangeAmount', { from: a.ticker, to: b.ticker, amountFrom: amount });
          const error = answer.error as {
            code: number;
            message: string;
            data?: { limits: { min: { from: string; to: string }; max: { from: string; to: string } } };
          };
          assert.equal(error.code, -32602);
          const bound = side === 'min' ? error.data?.limits.min.from : error.data?.limits.max.from;
          assert.equal(
            error.message,
            `Invalid amount for pair ${a.ticker}->${b.ticker}. ${side === 'min' ? 'Minimum' : 'Maximum'} amount is ${bound} ${a.ticker}`,
          );
          assert.equal(big(error.data?.limits.min.from ?? '0'), l.minFrom);
          assert.equal(big(error.data?.limits.max.from ?? '0'), l.maxFrom);
          assert.equal(big(error.data?.limits.min.to ?? '0'), l.minTo);
          assert.equal(big(error.data?.limits.max.to ?? '0'), l.maxTo);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('sandbox: getFixRateForAmount', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox();
  });
  after(() => sandbox.stop());

  it('quotes amountFrom with a rate ID that expires at a whole second 30 s on (the documented lifetime)', async () => {
    const now = sandbox.clock.now();
    const [r] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    assert.deepEqual(Object.keys(r), FIX_FIELDS);
    assert.equal(typeof r.id, 'string');
    assert.ok(String(r.id).length >= 16);
    assert.equal(r.amountFrom, '0.1');
    assert.equal(typeof r.expiredAt, 'number');
    assert.equal(r.expiredAt, Math.floor((now + 30_000) / 1000));
    assert.equal(String(r.expiredAt).length, 10, 'Unix seconds');
    const limits = pairLimits(CURRENCIES[0], CURRENCIES[1]);
    assert.equal(r.minFrom, limits.minAmountFixed, 'the fixed limits are those of getPairsParams');
    assert.equal(r.maxFrom, limits.maxAmountFixed);
    for (const f of FIX_FIELDS.slice(1))
      if (f !== 'from' && f !== 'to' && f !== 'expiredAt') assert.match(String(r[f]), DECIMAL, f);
  });

  it('quotes amountTo: the payin is rounded up so the payout is at least the amount asked', async () => {
    const [r] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountTo: '2' });
    assert.equal(r.amountTo, '2');
    assert.ok((big(r.amountFrom) * big(r.result)) / 10n ** 18n >= big('2'));
  });

  it('issues a different rate ID each time', async () => {
    const [a] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    const [b] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    assert.notEqual(a.id, b.id);
  });

  for (const [label, extra] of [
    ['both amountFrom and amountTo', { amountFrom: '0.1', amountTo: '2' }],
    ['neither amountFrom nor amountTo', {}],
  ] as const) {
    it(`refuses ${label}: Parameter amountFrom is invalid`, async () => {
      assert.deepEqual(await rpcError(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', ...extra }), {
        code: -32602,
        message: 'Parameter amountFrom is invalid',
      });
    });
  }

  it('refuses a malformed amountTo', async () => {
    assert.deepEqual(await rpcError(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountTo: '2,5' }), {
      code: -32602,
      message: 'Parameter amountTo is invalid',
    });
  });

  it('refuses a currency disabled for fixed rates, which the float estimate accepts', async () => {
    assert.deepEqual(await rpcError(sandbox, 'getFixRateForAmount', { from: 'doge', to: 'btc', amountFrom: '1000' }), {
      code: -32602,
      message: 'Invalid currency: doge temporary disabled for fix rate transactions',
    });
    assert.equal(
      (await result<unknown[]>(sandbox, 'getExchangeAmount', { from: 'doge', to: 'btc', amountFrom: '1000' })).length,
      1,
    );
  });

  it('refuses amountTo outside [minTo, maxTo] with the payin bound and data.limits', async () => {
    const l = limitsOf('fixed', CURRENCIES[0], CURRENCIES[1]);
    const answer = await rpc(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountTo: '0.00000001' });
    const error = answer.error as {
      code: number;
      message: string;
      data?: { limits: { min: { from: string; to: string } } };
    };
    assert.equal(error.code, -32602);
    assert.match(error.message, /^Invalid amount for pair btc->eth\. Minimum amount is [\d.]+ btc$/);
    assert.equal(big(error.data?.limits.min.from ?? '0'), l.minFrom);
    assert.equal(big(error.data?.limits.min.to ?? '0'), l.minTo);
  });

  it('leaves bad pairs out of a bulk quote, each good one with its own rate ID', async () => {
    const records = await result<Rec[]>(sandbox, 'getFixRateForAmount', [
      { from: 'btc', to: 'eth', amountFrom: '0.1' },
      { from: 'btc', to: 'eth', amountFrom: '0.1', amountTo: '1' },
      { from: 'eth', to: 'btc', amountTo: '0.1' },
    ]);
    assert.deepEqual(
      records.map((r) => `${r.from}->${r.to}`),
      ['btc->eth', 'eth->btc'],
    );
    assert.notEqual(records[0].id, records[1].id);
  });

  it('property: any amountFrom or amountTo within the fixed limits is quoted, and the quote lies within them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXED_PAIRS).chain(([a, b]) => {
          const l = limitsOf('fixed', a, b);
          return fc.oneof(
            amountBetween(l.minFrom, l.maxFrom, a.decimals).map((amount) => ({
              a,
              b,
              l,
              side: 'amountFrom' as const,
              amount,
            })),
            amountBetween(l.minTo, l.maxTo, b.decimals).map((amount) => ({
              a,
              b,
              l,
              side: 'amountTo' as const,
              amount,
            })),
          );
        }),
        async ({ a, b, l, side, amount }) => {
          const [r] = await result<Rec[]>(sandbox, 'getFixRateForAmount', {
            from: a.ticker,
            to: b.ticker,
            [side]: amount,
          });
          assert.equal(big(r[side]), big(amount));
          assert.match(String(r.amountFrom), DECIMAL);
          assert.match(String(r.amountTo), DECIMAL);
          assert.ok(fracDigits(String(r.amountFrom)) <= a.decimals && fracDigits(String(r.amountTo)) <= b.decimals);
          assert.ok(
            l.minFrom <= big(r.amountFrom) && big(r.amountFrom) <= l.maxFrom,
            `amountFrom ${String(r.amountFrom)} within limits`,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: a fixed amount outside the limits is refused with the bound it passes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXED_PAIRS).chain(([a, b]) => {
          const l = limitsOf('fixed', a, b);
          return fc.oneof(
            amountBetween(0n, l.minFrom - 1n, a.decimals).map((amount) => ({ a, b, l, side: 'min' as const, amount })),
            amountBetween(l.maxFrom + 1n, l.maxFrom * 3n, a.decimals).map((amount) => ({
              a,
              b,
              l,
              side: 'max' as const,
              amount,
            })),
          );
        }),
        async ({ a, b, l, side, amount }) => {
          const error = await rpcError(sandbox, 'getFixRateForAmount', {
            from: a.ticker,
            to: b.ticker,
            amountFrom: amount,
          });
          const bound = side === 'min' ? l.minFrom : l.maxFrom;
          const m = /^Invalid amount for pair (\w+)->(\w+)\. (Minimum|Maximum) amount is ([\d.]+) (\w+)$/.exec(
            error.message,
          );
          assert.ok(m, error.message);
          assert.deepEqual(
            [m[1], m[2], m[3], m[5]],
            [a.ticker, b.ticker, side === 'min' ? 'Minimum' : 'Maximum', a.ticker],
          );
          assert.equal(big(m[4]), bound);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the clock: expiredAt follows the sandbox clock', async () => {
    (sandbox.clock as ManualClock).advance(3_600_500);
    const now = sandbox.clock.now();
    const [r] = await result<Rec[]>(sandbox, 'getFixRateForAmount', { from: 'btc', to: 'eth', amountFrom: '0.1' });
    assert.equal(r.expiredAt, Math.floor((now + 30_000) / 1000));
  });
});
