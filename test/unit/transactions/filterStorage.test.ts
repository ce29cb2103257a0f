import { strict as assert } from 'assert';
import { readStoredFilter, storedFilterJson } from '../../../src/features/transactions/filterState';

/** The fixed clock of these tests: 2026-11-21T12:00:00Z. */
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('stored transactions filter', () => {
  it('reads the plain filter object of the first release, and writes it back versioned', () => {
    const stored = readStoredFilter({ status: ['hold'], since: { preset: 'hour' } }, NOW);
    assert.deepEqual(stored, {
      version: 0,
      filter: { status: ['hold'], since: { preset: 'hour' } },
      keptFields: {},
      extra: {},
    });
    assert.deepEqual(storedFilterJson(stored.filter, stored), {
      version: 1,
      filter: { status: ['hold'], since: { preset: 'hour' } },
    });
  });

  it('reads the versioned filter', () => {
    const stored = readStoredFilter({ version: 1, filter: { currency: ['btc', 'eth'], extraId: '7' } }, NOW);
    assert.deepEqual(stored.filter, { currency: ['btc', 'eth'], extraId: '7' });
    assert.equal(stored.version, 1);
  });

  it('drops a bad field only; keeps it as stored when written back, until the filter sets that field', () => {
    const stored = readStoredFilter(
      { version: 1, filter: { status: ['waiting', 'nope'], currency: ['btc'], since: 'soon' } },
      NOW,
    );
    assert.deepEqual(stored.filter, { currency: ['btc'] });
    assert.deepEqual(storedFilterJson({ ...stored.filter, extraId: 'x' }, stored), {
      version: 1,
      filter: { status: ['waiting', 'nope'], since: 'soon', currency: ['btc'], extraId: 'x' },
    });
    assert.deepEqual(storedFilterJson({ status: ['hold'], since: { preset: 'day' } }, stored), {
      version: 1,
      filter: { status: ['hold'], since: { preset: 'day' } },
    });
  });

  it('keeps the fields it does not know when the filter is written back, even with no filter of its own', () => {
    const stored = readStoredFilter(
      { version: 1, filter: { status: ['hold'], network: 'bsc', amount: { min: '0.1' } } },
      NOW,
    );
    assert.deepEqual(stored.filter, { status: ['hold'] });
    assert.deepEqual(stored.keptFields, { network: 'bsc', amount: { min: '0.1' } });
    assert.deepEqual(storedFilterJson({ status: ['finished'], currency: ['ltc'] }, stored), {
      version: 1,
      filter: { network: 'bsc', amount: { min: '0.1' }, status: ['finished'], currency: ['ltc'] },
    });
    assert.deepEqual(storedFilterJson({}, stored), { version: 1, filter: { network: 'bsc', amount: { min: '0.1' } } });
    const old = readStoredFilter({ currency: ['btc'], ignored: 'yes' }, NOW);
    assert.deepEqual(
      storedFilterJson({}, old),
      { version: 1, filter: { ignored: 'yes' } },
      'an unknown field of the first release’s object too',
    );
  });

  it('reads what it can of a newer version and keeps the rest, the version number included', () => {
    const stored = readStoredFilter(
      {
        version: 3,
        filter: { status: ['hold'], since: { relative: 'P3D' }, tag: 'mine' },
        sort: 'oldest',
        columns: ['id'],
      },
      NOW,
    );
    assert.deepEqual(stored.filter, { status: ['hold'] }, 'a since of a shape it cannot read is not used');
    assert.deepEqual(storedFilterJson({ status: ['waiting'] }, stored), {
      version: 3,
      filter: { since: { relative: 'P3D' }, tag: 'mine', status: ['waiting'] },
      sort: 'oldest',
      columns: ['id'],
    });
  });

  it('anything unreadable is no filter; no filter and nothing to keep removes the key', () => {
    for (const value of [
      undefined,
      null,
      'waiting',
      42,
      [],
      ['status'],
      { version: 1, filter: 'status' },
      { version: 1 },
    ]) {
      const stored = readStoredFilter(value, NOW);
      assert.deepEqual(stored.filter, {}, JSON.stringify(value));
      assert.equal(storedFilterJson({}, stored), undefined, JSON.stringify(value));
    }
    assert.equal(storedFilterJson({}, readStoredFilter({ status: ['hold'] }, NOW)), undefined);
  });

  it('writes plain JSON', () => {
    const stored = readStoredFilter(undefined, NOW);
    const json = storedFilterJson({ since: { micros: 1_763_700_000_123_456 }, status: ['waiting'] }, stored);
    assert.deepEqual(json, { version: 1, filter: { since: { micros: 1_763_700_000_123_456 }, status: ['waiting'] } });
    assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
  });
});
