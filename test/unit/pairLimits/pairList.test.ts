import { strict as assert } from 'assert';
import fc from 'fast-check';
import { MAX_RECENT, PAIRS_KEY, PairList, readPairs, RECENT_KEY } from '../../../src/features/pairLimits/pairList';
import { MAX_PAIRS, normalizeTicker, pairKey } from '../../../src/shared/currencyPairs';
import { MapMemento } from '../support/mapMemento';

const p = (from: string, to: string) => ({ from, to });

describe('PairList', () => {
  let memento: MapMemento;
  let list: PairList;
  beforeEach(() => {
    memento = new MapMemento();
    list = new PairList(memento);
  });

  it('starts empty', () => {
    assert.deepEqual(list.pairs, []);
    assert.deepEqual(list.used, []);
    assert.deepEqual(list.suggestions, []);
  });

  it('adds pairs at the end and remembers them as used, most recent first', async () => {
    await list.add(p('btc', 'eth'));
    await list.add(p('ltc', 'btc'));
    assert.deepEqual(list.pairs, [p('btc', 'eth'), p('ltc', 'btc')]);
    assert.deepEqual(list.used, [p('ltc', 'btc'), p('btc', 'eth')]);
    assert.deepEqual(
      memento.raw(PAIRS_KEY),
      { version: 1, items: [p('btc', 'eth'), p('ltc', 'btc')] },
      'stored as plain JSON, versioned',
    );
    assert.deepEqual(list.suggestions, [], 'pairs in the list are no suggestions');
  });

  it('stores exactly {from, to}, whatever else the pair object carries', async () => {
    await list.add({ from: 'btc', to: 'eth', state: 'limits', secret: 'x' } as unknown as { from: string; to: string });
    assert.deepEqual(memento.raw(PAIRS_KEY), { version: 1, items: [p('btc', 'eth')] });
    assert.deepEqual(memento.raw(RECENT_KEY), { version: 1, items: [p('btc', 'eth')] });
  });

  it('adding a pair again does not duplicate it', async () => {
    await list.add(p('btc', 'eth'));
    await list.add(p('ltc', 'btc'));
    await list.add(p('btc', 'eth'));
    assert.deepEqual(list.pairs, [p('ltc', 'btc'), p('btc', 'eth')]);
    assert.deepEqual(list.used, [p('btc', 'eth'), p('ltc', 'btc')]);
  });

  it('forgets a pair as used before (one the service refused), keeping it in the list until removed', async () => {
    await list.add(p('btc', 'eth'));
    await list.add(p('foo', 'btc'));
    assert.equal(await list.forgetUsed(p('foo', 'btc')), true);
    assert.equal(await list.forgetUsed(p('foo', 'btc')), false, 'already forgotten');
    assert.deepEqual(list.used, [p('btc', 'eth')]);
    assert.deepEqual(list.pairs, [p('btc', 'eth'), p('foo', 'btc')]);
    await list.remove(p('foo', 'btc'));
    assert.deepEqual(list.suggestions, [], 'foo → btc is not offered again');
  });

  it('removes a pair; a removed pair becomes a suggestion', async () => {
    await list.add(p('btc', 'eth'));
    await list.add(p('ltc', 'btc'));
    assert.equal(await list.remove(p('btc', 'eth')), true);
    assert.deepEqual(list.pairs, [p('ltc', 'btc')]);
    assert.deepEqual(list.suggestions, [p('btc', 'eth')]);
    assert.deepEqual(list.used, [p('ltc', 'btc'), p('btc', 'eth')], 'removing does not forget');
    const before = memento.updates;
    assert.equal(await list.remove(p('btc', 'eth')), false, 'not in the list any more');
    assert.equal(await list.remove(p('eth', 'ltc')), false, 'never was');
    assert.equal(memento.updates, before, 'nothing written for a pair not in the list');
    await list.add(p('btc', 'eth'));
    assert.deepEqual(list.suggestions, [], 'added again: no longer a suggestion');
  });

  it(`remembers at most ${MAX_RECENT} used pairs, dropping the oldest`, async () => {
    const pairs = Array.from({ length: MAX_RECENT + 3 }, (_, i) => p(`c${i}`, 'btc'));
    for (const pair of pairs) await list.add(pair);
    assert.equal(list.used.length, MAX_RECENT);
    assert.deepEqual(list.used, pairs.slice(-MAX_RECENT).reverse());
    assert.equal(
      (memento.raw(RECENT_KEY) as { items: unknown[] }).items.length,
      MAX_RECENT,
      'the stored list is bounded too',
    );
    for (const pair of pairs) await list.remove(pair);
    assert.deepEqual(list.suggestions, pairs.slice(-MAX_RECENT).reverse());
  });

  it('clear() empties the list and forgets the used pairs', async () => {
    await list.add(p('btc', 'eth'));
    await list.remove(p('btc', 'eth'));
    await list.add(p('ltc', 'btc'));
    await list.clear();
    assert.deepEqual(list.pairs, []);
    assert.deepEqual(list.suggestions, []);
    assert.deepEqual(memento.keys(), []);
  });

  it('drops whatever in the stored state is not a valid pair', async () => {
    await memento.update(PAIRS_KEY, [
      p('btc', 'eth'),
      null,
      'btc/eth',
      42,
      [],
      { from: 'ltc' },
      { from: 1, to: 'btc' },
      { from: ' XRP ', to: 'USDT' },
      p('btc', 'btc'),
      p('BTC', 'ETH'),
      p('b c', 'eth'),
      p('', 'eth'),
      p('x'.repeat(33), 'eth'),
      { from: 'sol', to: 'ada', extra: true },
    ]);
    assert.deepEqual(list.pairs, [p('btc', 'eth'), p('xrp', 'usdt'), p('sol', 'ada')]);
    await memento.update(RECENT_KEY, { from: 'btc', to: 'eth' });
    assert.deepEqual(list.used, [], 'not an array');
    await memento.update(PAIRS_KEY, 'btc/eth');
    assert.deepEqual(list.pairs, []);
  });

  it(`reads at most ${MAX_PAIRS} pairs and ${MAX_RECENT} used ones from a state that holds more`, async () => {
    const many = Array.from({ length: 50 }, (_, i) => p(`c${i}`, 'btc'));
    await memento.update(PAIRS_KEY, many);
    await memento.update(RECENT_KEY, many);
    assert.deepEqual(list.pairs, many.slice(0, MAX_PAIRS));
    assert.deepEqual(list.used, many.slice(0, MAX_RECENT));
    assert.deepEqual(readPairs(many, 0), [], 'at most none');
    assert.deepEqual(readPairs(many, 1), [many[0]]);
  });

  it('after garbage, adding writes back the valid pairs normalized, drops bad pairs and keeps entries of another shape after them', async () => {
    await memento.update(PAIRS_KEY, [p('BTC', 'eth'), { junk: true }, p('ltc', 'ltc'), p('btc', 'eth')]);
    await list.add(p('ltc', 'btc'));
    assert.deepEqual(memento.raw(PAIRS_KEY), { version: 1, items: [p('btc', 'eth'), p('ltc', 'btc'), { junk: true }] });
  });

  it('reads the plain arrays of the first release and writes them back versioned, losing nothing', async () => {
    await memento.update(PAIRS_KEY, [p('btc', 'eth'), p('ltc', 'btc')]);
    await memento.update(RECENT_KEY, [p('ltc', 'btc'), p('xmr', 'btc')]);
    assert.deepEqual(list.pairs, [p('btc', 'eth'), p('ltc', 'btc')]);
    assert.deepEqual(list.suggestions, [p('xmr', 'btc')]);
    await list.add(p('sol', 'ada'));
    assert.deepEqual(memento.raw(PAIRS_KEY), {
      version: 1,
      items: [p('btc', 'eth'), p('ltc', 'btc'), p('sol', 'ada')],
    });
    assert.deepEqual(memento.raw(RECENT_KEY), {
      version: 1,
      items: [p('sol', 'ada'), p('ltc', 'btc'), p('xmr', 'btc')],
    });
  });

  it('keeps the entries and the fields it does not understand when it writes the list back', async () => {
    const future = { base: 'xmr', quote: 'btc', network: 'main' };
    const networked = { from: { ticker: 'usdt', network: 'trc20' }, to: 'btc' };
    await memento.update(PAIRS_KEY, {
      version: 1,
      items: [{ from: 'btc', to: 'eth', note: 'mine' }, future, 'eth/btc', networked],
    });
    assert.deepEqual(list.pairs, [p('btc', 'eth')], 'only the entries it understands are used');
    await list.add(p('ltc', 'btc'));
    assert.deepEqual(memento.raw(PAIRS_KEY), {
      version: 1,
      items: [{ from: 'btc', to: 'eth', note: 'mine' }, p('ltc', 'btc'), future, 'eth/btc', networked],
    });
    await list.remove(p('btc', 'eth'));
    assert.deepEqual(memento.raw(PAIRS_KEY), { version: 1, items: [p('ltc', 'btc'), future, 'eth/btc', networked] });
    await list.clear();
    assert.deepEqual(memento.raw(PAIRS_KEY), { version: 1, items: [future, 'eth/btc', networked] });
    assert.deepEqual(list.pairs, []);
    assert.equal(memento.raw(RECENT_KEY), undefined, 'nothing left in the used pairs: the key is gone');
  });

  it('reads what it can of a newer version and keeps the rest, the version number included', async () => {
    await memento.update(PAIRS_KEY, {
      version: 3,
      items: [p('btc', 'eth'), { from: 'ltc', to: 'btc', fee: 'low' }, { pair: 'xmr/btc' }],
      sort: 'name',
      view: { compact: true },
    });
    assert.deepEqual(list.pairs, [p('btc', 'eth'), p('ltc', 'btc')]);
    await list.add(p('eth', 'ltc'));
    assert.deepEqual(memento.raw(PAIRS_KEY), {
      version: 3,
      items: [p('btc', 'eth'), { from: 'ltc', to: 'btc', fee: 'low' }, p('eth', 'ltc'), { pair: 'xmr/btc' }],
      sort: 'name',
      view: { compact: true },
    });
  });

  it(`counts unknown entries towards the ${MAX_PAIRS} stored ones; the pairs it uses come first`, async () => {
    const pairs = Array.from({ length: 28 }, (_, i) => p(`c${i}`, 'btc'));
    await memento.update(PAIRS_KEY, { version: 1, items: [...pairs, { future: 1 }, { future: 2 }] });
    await list.add(p('eth', 'btc'));
    assert.deepEqual(memento.raw(PAIRS_KEY), { version: 1, items: [...pairs, p('eth', 'btc'), { future: 1 }] });
    await memento.update(PAIRS_KEY, {
      version: 1,
      items: [...Array.from({ length: 30 }, (_, i) => ({ future: i })), p('btc', 'eth')],
    });
    assert.deepEqual(list.pairs, [], `at most ${MAX_PAIRS} entries are read`);
  });

  it('readPairs: any stored value gives valid, distinct, normalized pairs, at most the maximum (property)', () => {
    const ticker = fc.oneof(
      fc.constantFrom('btc', 'ETH', ' ltc ', 'b c', '', 'x'.repeat(40), 'usdt_20'),
      fc.string({ maxLength: 8 }),
    );
    const entry = fc.oneof(fc.record({ from: ticker, to: ticker }), fc.anything());
    fc.assert(
      fc.property(
        fc.oneof(fc.array(entry, { maxLength: 40 }), fc.anything()),
        fc.integer({ min: 0, max: 35 }),
        (stored, max) => {
          const pairs = readPairs(stored, max);
          assert.ok(pairs.length <= max);
          assert.equal(new Set(pairs.map(pairKey)).size, pairs.length);
          for (const pair of pairs) {
            assert.deepEqual(Object.keys(pair), ['from', 'to']);
            assert.deepEqual(normalizeTicker(pair.from), { ticker: pair.from });
            assert.deepEqual(normalizeTicker(pair.to), { ticker: pair.to });
            assert.notEqual(pair.from, pair.to);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
