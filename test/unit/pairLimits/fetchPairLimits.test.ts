import { strict as assert } from 'assert';
import * as net from 'net';
import fc from 'fast-check';
import {
  AuthenticationError,
  CancelledError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  ExchangeClient,
  InternalServiceError,
  InvalidParameterError,
  loadCredentials,
  RateLimiter,
  TransportError,
} from '../../../src/api';
import type { PairLimits } from '../../../src/api';
import {
  blamedPairs,
  describeOutcome,
  fetchPairLimits,
  halves,
  isPairError,
} from '../../../src/features/pairLimits/fetchLimits';
import type { FetchPairs, PairLimitsReport, PairOutcome } from '../../../src/features/pairLimits/fetchLimits';
import { currencyRefusal, findCurrency, pairLimits } from '../../../packages/sandbox/src';
import { pairKey } from '../../../src/shared/currencyPairs';
import type { CurrencyPairKey } from '../../../src/shared/currencyPairs';
import { startHarness } from '../api/support';
import { registeredKeys } from '../../secrets/registry';
import type { Harness } from '../api/support';

const p = (from: string, to: string): CurrencyPairKey => ({ from, to });

/** The limits the sandbox computes for a pair of currencies it accepts. */
function sandboxLimits(pair: CurrencyPairKey): PairLimits {
  const from = findCurrency(pair.from);
  const to = findCurrency(pair.to);
  assert.ok(from && to, `${pairKey(pair)} is a sandbox pair`);
  return pairLimits(from, to);
}

function outcome(report: PairLimitsReport, pair: CurrencyPairKey): PairOutcome {
  const found = report.outcomes.get(pairKey(pair));
  assert.ok(found, `${pairKey(pair)} settled`);
  return found;
}

function limitsOf(report: PairLimitsReport, pair: CurrencyPairKey): PairLimits {
  const found = outcome(report, pair);
  assert.ok('limits' in found, `${pairKey(pair)} has limits, not ${describeOutcome(found)}`);
  return found.limits;
}

function errorOf(report: PairLimitsReport, pair: CurrencyPairKey): Error {
  const found = outcome(report, pair);
  assert.ok('error' in found, `${pairKey(pair)} failed, not ${describeOutcome(found)}`);
  return found.error;
}

describe('fetchPairLimits against the sandbox', () => {
  let h: Harness;
  let client: ExchangeClient;
  /** The groups the sandbox was asked for, from its own request log. */
  const askedAt = (): CurrencyPairKey[][] =>
    h.sandbox.requests.filter((r) => r.method === 'getPairsParams').map((r) => r.params as CurrencyPairKey[]);
  const fetch: FetchPairs = (pairs) => client.getPairsParams(pairs);

  before(async () => {
    h = await startHarness({ ledgerSize: 0, rateLimit: false });
    // A limiter of its own, so the many calls of the properties are not paced at 10 per second.
    client = h.client({ limiter: new RateLimiter({ limit: 1000 }) });
  });
  after(() => h.sandbox.stop());
  beforeEach(() => {
    h.sandbox.clearRequests();
    h.sandbox.setFaults({});
  });

  it('asks once for a list of accepted pairs and keeps the exact decimal strings', async () => {
    const pairs = [
      p('btc', 'eth'),
      p('eth', 'btc'),
      p('xrp', 'usdt'),
      p('sol', 'ada'),
      p('btc', 'xmr'),
      p('eos', 'btc'),
      p('atom', 'dot'),
    ];
    const report = await fetchPairLimits(fetch, pairs);
    assert.equal(report.failure, undefined);
    assert.equal(report.calls, 1);
    assert.deepEqual(askedAt(), [pairs]);
    for (const pair of pairs) assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair), pairKey(pair));
    assert.deepEqual(limitsOf(report, p('btc', 'eth')), {
      from: 'btc',
      to: 'eth',
      minAmountFloat: '0.000609',
      maxAmountFloat: '10.40721699267',
      minAmountFixed: '0.000764',
      maxAmountFixed: '3.7514',
    });
  });

  it('makes no call for an empty list', async () => {
    const report = await fetchPairLimits(fetch, []);
    assert.deepEqual(report, { outcomes: new Map(), calls: 0 });
    assert.equal(askedAt().length, 0);
  });

  it('gives each refused pair its own error and the others their limits, in at most k + 1 calls', async () => {
    const pairs = [
      p('btc', 'eth'),
      p('xmr', 'btc'), // xmr: no input
      p('ltc', 'eos'), // eos: no output
      p('zec', 'eth'), // zec: disabled
      p('eth', 'abc'), // abc: unknown
      p('xrp', 'usdt'),
      p('dot', 'ltc'), // dot: no input
      p('xmr', 'eth'), // xmr again
      p('eth', 'zec'), // zec again, on the other side
      p('btc', 'xmr'), // xmr as output: accepted
      p('eos', 'atom'), // atom: no output
      p('abc', 'btc'), // abc again, as input
      p('dash', 'btc'), // dash: disabled
      p('sol', 'ada'),
    ];
    const report = await fetchPairLimits(fetch, pairs);
    assert.equal(report.failure, undefined);
    const refused = ['xmr', 'eos', 'zec', 'abc', 'dot', 'atom', 'dash'];
    assert.equal(report.calls, refused.length + 1, 'one call per refused currency, one for the rest');
    assert.equal(askedAt().length, report.calls, 'the sandbox saw as many calls as reported');
    assert.equal(report.outcomes.size, pairs.length);

    for (const pair of [p('btc', 'eth'), p('xrp', 'usdt'), p('btc', 'xmr'), p('sol', 'ada')])
      assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair));

    const disabled = (pair: CurrencyPairKey, currency: string, direction: 'input' | 'output' | 'both') => {
      const error = errorOf(report, pair);
      assert.ok(error instanceof CurrencyDisabledError, `${pairKey(pair)}: ${error.message}`);
      assert.equal(error.currency, currency);
      assert.equal(error.direction, direction);
    };
    disabled(p('xmr', 'btc'), 'xmr', 'input');
    disabled(p('xmr', 'eth'), 'xmr', 'input');
    disabled(p('dot', 'ltc'), 'dot', 'input');
    disabled(p('ltc', 'eos'), 'eos', 'output');
    disabled(p('eos', 'atom'), 'atom', 'output');
    disabled(p('zec', 'eth'), 'zec', 'both');
    disabled(p('eth', 'zec'), 'zec', 'both');
    disabled(p('dash', 'btc'), 'dash', 'both');
    for (const pair of [p('eth', 'abc'), p('abc', 'btc')]) {
      const error = errorOf(report, pair);
      assert.ok(error instanceof CurrencyNotFoundError, `${pairKey(pair)}: ${error.message}`);
      assert.equal(error.currency, 'abc');
      assert.equal(error.serviceMessage, 'Invalid currency: abc not found');
    }
    assert.equal(
      (errorOf(report, p('xmr', 'btc')) as CurrencyDisabledError).serviceMessage,
      'Invalid currency: xmr is temporary disabled on API as input currency',
    );
    assert.equal(
      (errorOf(report, p('ltc', 'eos')) as CurrencyDisabledError).serviceMessage,
      'Invalid currency: eos is temporary disabled on API as output currency',
    );
    assert.equal(
      (errorOf(report, p('zec', 'eth')) as CurrencyDisabledError).serviceMessage,
      'Invalid currency: zec temporary disabled',
    );

    const last = askedAt().at(-1);
    assert.deepEqual(
      last,
      [p('btc', 'eth'), p('xrp', 'usdt'), p('btc', 'xmr'), p('sol', 'ada')],
      'the last call holds only the accepted pairs',
    );
  });

  it('a list of refused pairs only costs one call per refused currency', async () => {
    const pairs = [p('xmr', 'btc'), p('xmr', 'eth'), p('btc', 'foo'), p('foo', 'eth'), p('eth', 'atom')];
    const report = await fetchPairLimits(fetch, pairs);
    assert.equal(report.failure, undefined);
    assert.equal(report.calls, 3);
    assert.equal(askedAt().length, 3);
    assert.deepEqual(
      pairs.map((pair) => describeOutcome(report.outcomes.get(pairKey(pair)))),
      ['disabled:xmr:input', 'disabled:xmr:input', 'not-found:foo', 'not-found:foo', 'disabled:atom:output'],
    );
  });

  it('a lone refused pair takes the error as its own in one call', async () => {
    const report = await fetchPairLimits(fetch, [p('btc', 'nope')]);
    assert.equal(report.calls, 1);
    assert.equal(describeOutcome(report.outcomes.get('btc/nope')), 'not-found:nope');
  });

  it('for any list of sandbox pairs: every pair settled as the sandbox says, in at most k + 1 calls', async () => {
    const tickers = ['btc', 'eth', 'ltc', 'usdt', 'xmr', 'dot', 'eos', 'atom', 'zec', 'dash', 'qqq', 'zz9'];
    const pairList = fc.uniqueArray(
      fc.tuple(fc.constantFrom(...tickers), fc.constantFrom(...tickers)).filter(([a, b]) => a !== b),
      { minLength: 1, maxLength: 12, selector: ([a, b]) => `${a}/${b}` },
    );
    await fc.assert(
      fc.asyncProperty(pairList, async (tuples) => {
        const pairs = tuples.map(([from, to]) => p(from, to));
        h.sandbox.clearRequests();
        const report = await fetchPairLimits(fetch, pairs);
        assert.equal(report.failure, undefined);
        assert.equal(report.outcomes.size, pairs.length);
        const refusedCurrencies = new Set<string>();
        for (const pair of pairs) {
          const refusals = [currencyRefusal(pair.from, 'from'), currencyRefusal(pair.to, 'to')].filter(
            (r): r is string => r !== undefined,
          );
          if (currencyRefusal(pair.from, 'from')) refusedCurrencies.add(pair.from);
          if (currencyRefusal(pair.to, 'to')) refusedCurrencies.add(pair.to);
          const settled = outcome(report, pair);
          if (refusals.length === 0) {
            assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair));
          } else {
            assert.ok('error' in settled, `${pairKey(pair)} refused`);
            assert.ok(
              refusals.includes(settled.error.serviceMessage),
              `${pairKey(pair)}: ${settled.error.serviceMessage} is one of ${refusals.join(' | ')}`,
            );
          }
        }
        assert.ok(
          report.calls <= refusedCurrencies.size + 1,
          `${report.calls} calls, ${refusedCurrencies.size} refused currencies`,
        );
        assert.equal(askedAt().length, report.calls);
      }),
      { numRuns: 40 },
    );
  });

  it('matches records to pairs by ticker, whatever the order, and a pair left out is missing', async () => {
    const pairs = [p('btc', 'eth'), p('ltc', 'btc'), p('xrp', 'usdt')];
    const reversed = await fetchPairLimits(async (group) => [...(await client.getPairsParams(group))].reverse(), pairs);
    for (const pair of pairs) assert.deepEqual(limitsOf(reversed, pair), sandboxLimits(pair));
    const upper = await fetchPairLimits(
      async (group) => (await client.getPairsParams(group)).map((l) => ({ ...l, from: l.from.toUpperCase() })),
      pairs,
    );
    for (const pair of pairs) assert.deepEqual(limitsOf(upper, pair).to, pair.to, 'matched case-insensitively');
    const short = await fetchPairLimits(
      async (group) => (await client.getPairsParams(group)).filter((l) => l.from !== 'ltc'),
      pairs,
    );
    assert.equal(short.calls, 1);
    assert.deepEqual(short.outcomes.get('ltc/btc'), { missing: true });
    assert.equal(describeOutcome(short.outcomes.get('ltc/btc')), 'missing');
    assert.deepEqual(limitsOf(short, p('btc', 'eth')), sandboxLimits(p('btc', 'eth')));
  });

  describe('an error that names no pair: halving', () => {
    /** The real sandbox, behind a service that refuses any group holding one of `poisoned` with a bare -32602. */
    function refusing(poisoned: readonly CurrencyPairKey[], groups: CurrencyPairKey[][]): FetchPairs {
      const keys = new Set(poisoned.map(pairKey));
      return async (group) => {
        groups.push([...group]);
        if (group.some((pair) => keys.has(pairKey(pair)))) throw new InvalidParameterError('from');
        return client.getPairsParams(group);
      };
    }
    const pool = ['btc', 'eth', 'ltc', 'usdt', 'xrp', 'sol', 'ada', 'trx', 'doge', 'bch'];
    const goodPairs = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        p(pool[i % pool.length] ?? 'btc', pool[(i + 1 + Math.floor(i / pool.length)) % pool.length] ?? 'eth'),
      );

    it('splits the group in halves until the refused pair is alone', async () => {
      const pairs = goodPairs(8);
      const bad = pairs[5];
      assert.ok(bad);
      const groups: CurrencyPairKey[][] = [];
      const report = await fetchPairLimits(refusing([bad], groups), pairs);
      assert.equal(report.failure, undefined);
      assert.deepEqual(
        groups.map((g) => g.length),
        [8, 4, 4, 2, 1, 1, 2],
      );
      assert.equal(report.calls, 7);
      const error = errorOf(report, bad);
      assert.ok(error instanceof InvalidParameterError);
      assert.equal(describeOutcome(report.outcomes.get(pairKey(bad))), 'invalid:from');
      for (const pair of pairs.filter((x) => x !== bad)) assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair));
      assert.equal(askedAt().length, 3, 'only the groups without the refused pair reached the sandbox');
    });

    it('the client’s own parameter check is such a refusal: the bad pair is found without being sent', async () => {
      const pairs = [p('btc', 'eth'), p('ltc', 'btc'), p('', 'eth'), p('xrp', 'usdt')];
      const report = await fetchPairLimits(fetch, pairs);
      assert.equal(report.failure, undefined);
      assert.equal(describeOutcome(report.outcomes.get('/eth')), 'invalid:from');
      for (const pair of [p('btc', 'eth'), p('ltc', 'btc'), p('xrp', 'usdt')])
        assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair));
      assert.ok(askedAt().every((group) => group.every((pair) => pair.from !== '')));
      assert.ok(report.calls <= 2 * pairs.length - 1);
    });

    it('never more than 2n − 1 calls, exactly that when every pair is refused', async () => {
      for (const n of [1, 2, 3, 5, 8, 13]) {
        const pairs = goodPairs(n);
        const report = await fetchPairLimits(refusing(pairs, []), pairs);
        assert.equal(report.calls, 2 * n - 1, `${n} pairs`);
        for (const pair of pairs) assert.ok(errorOf(report, pair) instanceof InvalidParameterError);
      }
      await fc.assert(
        fc.asyncProperty(
          fc
            .integer({ min: 1, max: 16 })
            .chain((n) => fc.tuple(fc.constant(n), fc.subarray(Array.from({ length: n }, (_, i) => i)))),
          async ([n, poisonedIndexes]) => {
            const pairs = goodPairs(n);
            const poisoned = poisonedIndexes.map((i) => pairs[i] ?? p('x', 'y'));
            const groups: CurrencyPairKey[][] = [];
            const report = await fetchPairLimits(refusing(poisoned, groups), pairs);
            assert.ok(report.calls <= 2 * n - 1, `${report.calls} calls for ${n} pairs`);
            assert.equal(groups.length, report.calls);
            assert.equal(report.outcomes.size, n);
            for (const pair of pairs) {
              if (poisoned.includes(pair)) assert.ok(errorOf(report, pair) instanceof InvalidParameterError);
              else assert.deepEqual(limitsOf(report, pair), sandboxLimits(pair));
            }
          },
        ),
        { numRuns: 40 },
      );
    });

    it('mixes both ways: a named currency is set aside at once, a bare refusal is halved', async () => {
      const pairs = [p('btc', 'eth'), p('xmr', 'btc'), p('ltc', 'usdt'), p('xrp', 'sol')];
      const groups: CurrencyPairKey[][] = [];
      const report = await fetchPairLimits(refusing([p('xrp', 'sol')], groups), pairs);
      assert.equal(describeOutcome(report.outcomes.get('xmr/btc')), 'disabled:xmr:input');
      assert.equal(describeOutcome(report.outcomes.get('xrp/sol')), 'invalid:from');
      assert.deepEqual(limitsOf(report, p('ltc', 'usdt')), sandboxLimits(p('ltc', 'usdt')));
      assert.ok(report.calls <= 2 * pairs.length - 1);
    });
  });

  describe('errors that are not about a pair stop fetching', () => {
    const pairs = [p('btc', 'eth'), p('ltc', 'btc')];

    it('keys the sandbox does not know: authentication refused, one call, nothing settled', async () => {
      const stranger = new ExchangeClient({
        baseUrl: h.sandbox.url,
        credentials: loadCredentials(registeredKeys().privateKeyHex),
        retry: { baseDelayMs: 5 },
      });
      const report = await fetchPairLimits((group) => stranger.getPairsParams(group), pairs);
      assert.ok(report.failure instanceof AuthenticationError, String(report.failure));
      assert.equal(report.failure.status, 401);
      assert.equal(report.calls, 1);
      assert.equal(report.outcomes.size, 0);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.outcome),
        ['unauthorized'],
      );
    });

    it('an HTTP 500 of the sandbox', async () => {
      h.sandbox.setFaults({ next: ['http500'] });
      const report = await fetchPairLimits(fetch, pairs);
      assert.ok(report.failure instanceof TransportError, String(report.failure));
      assert.equal(report.failure.status, 500);
      assert.equal(report.calls, 1);
      assert.equal(report.outcomes.size, 0);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault),
        ['http500'],
      );
    });

    it('an internal error on every attempt (after the client’s retries)', async () => {
      h.sandbox.setFaults({ rates: { internalError: 1 } });
      const report = await fetchPairLimits(fetch, pairs);
      assert.ok(report.failure instanceof InternalServiceError, String(report.failure));
      assert.equal(report.calls, 1);
      assert.equal(report.outcomes.size, 0);
    });

    it('a sandbox that cannot be reached', async () => {
      const port = await new Promise<number>((resolve) => {
        const server = net.createServer();
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const nowhere = new ExchangeClient({
        baseUrl: `http://127.0.0.1:${port}`,
        credentials: h.credentials,
        retry: { baseDelayMs: 5 },
      });
      const report = await fetchPairLimits((group) => nowhere.getPairsParams(group), pairs);
      assert.ok(report.failure instanceof TransportError, String(report.failure));
      assert.equal(report.calls, 1);
      assert.equal(report.outcomes.size, 0);
    });

    it('a fault after some pairs were refused keeps what was settled and reports the rest as not settled', async () => {
      // First call: refused for xmr. Second call: HTTP 500.
      let calls = 0;
      const faultSecond: FetchPairs = (group) => {
        if (++calls === 2) h.sandbox.setFaults({ next: ['http500'] });
        return client.getPairsParams(group);
      };
      const report = await fetchPairLimits(faultSecond, [p('xmr', 'btc'), ...pairs]);
      assert.ok(report.failure instanceof TransportError);
      assert.equal(report.calls, 2);
      assert.equal(describeOutcome(report.outcomes.get('xmr/btc')), 'disabled:xmr:input');
      assert.equal(report.outcomes.get('btc/eth'), undefined);
      assert.equal(describeOutcome(report.outcomes.get('btc/eth')), 'unsettled');
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.outcome),
        ['error', 'fault'],
      );
    });

    it('a cancelled fetch', async () => {
      const abort = new AbortController();
      abort.abort();
      const report = await fetchPairLimits((group) => client.getPairsParams(group, { signal: abort.signal }), pairs);
      assert.ok(report.failure instanceof CancelledError, String(report.failure));
      assert.equal(report.outcomes.size, 0);
    });

    it('isPairError: a -32602 refusal is about a pair, any other error is not', () => {
      assert.ok(isPairError(new InvalidParameterError('from')));
      assert.ok(isPairError(new CurrencyNotFoundError('abc', 'Invalid currency: abc not found')));
      assert.ok(!isPairError(new InternalServiceError(-32603, 'Internal Error')));
      assert.ok(!isPairError(new TransportError('HTTP 500', 500)));
      assert.ok(!isPairError(new Error('Parameter from is invalid')));
    });
  });
});

describe('blamedPairs and halves', () => {
  const group = [p('xmr', 'btc'), p('btc', 'xmr'), p('eth', 'ltc'), p('ltc', 'xmr'), p('xmr', 'eth')];

  it('blames the pairs with the currency on the side it is refused on', () => {
    const input = new CurrencyDisabledError(
      'xmr',
      'input',
      'Invalid currency: xmr is temporary disabled on API as input currency',
    );
    assert.deepEqual(blamedPairs(input, group), [p('xmr', 'btc'), p('xmr', 'eth')]);
    const output = new CurrencyDisabledError(
      'xmr',
      'output',
      'Invalid currency: xmr is temporary disabled on API as output currency',
    );
    assert.deepEqual(blamedPairs(output, group), [p('btc', 'xmr'), p('ltc', 'xmr')]);
    const both = new CurrencyDisabledError('xmr', 'both', 'Invalid currency: xmr temporary disabled');
    assert.deepEqual(blamedPairs(both, group), [p('xmr', 'btc'), p('btc', 'xmr'), p('ltc', 'xmr'), p('xmr', 'eth')]);
    const unknown = new CurrencyNotFoundError('XMR', 'Invalid currency: XMR not found');
    assert.deepEqual(
      blamedPairs(unknown, group),
      [p('xmr', 'btc'), p('btc', 'xmr'), p('ltc', 'xmr'), p('xmr', 'eth')],
      'compared lowercase',
    );
  });

  it('blames nothing when the error names nothing in the group', () => {
    assert.deepEqual(blamedPairs(new InvalidParameterError('from'), group), []);
    assert.deepEqual(blamedPairs(new CurrencyNotFoundError('doge', 'Invalid currency: doge not found'), group), []);
    assert.deepEqual(blamedPairs(new CurrencyDisabledError('eth', 'input', 'x'), [p('btc', 'eth')]), []);
  });

  it('splits in two, the first half larger by one', () => {
    assert.deepEqual(halves([1, 2, 3, 4, 5]), [
      [1, 2, 3],
      [4, 5],
    ]);
    assert.deepEqual(halves([1, 2]), [[1], [2]]);
    assert.deepEqual(halves([1]), [[1], []]);
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 2 }), (list) => {
        const [a, b] = halves(list);
        assert.deepEqual([...a, ...b], list);
        assert.ok(a.length - b.length === 0 || a.length - b.length === 1);
        assert.ok(b.length > 0, 'both halves of two or more are non-empty');
      }),
    );
  });
});
