import { strict as assert } from 'assert';
import fc from 'fast-check';
import { envelopeJson, isVersioned, listValues, readStoredList, storedListJson } from '../../../src/shared/storedState';
import type { ListCodec } from '../../../src/shared/storedState';

/** A list of counts as a store of this version keeps them: whole numbers ≥ 1; other numbers are wrong; anything else is another version's. */
const counts: ListCodec<number> = {
  read: (entry) =>
    typeof entry !== 'number' ? 'unknown' : Number.isSafeInteger(entry) && entry >= 1 ? { value: entry } : 'invalid',
  key: (value) => String(value),
  write: (value) => value,
};

describe('stored state', () => {
  it('an envelope is an object with a whole version of 1 or more', () => {
    for (const value of [{ version: 1 }, { version: 2, items: [] }, { version: 7, filter: {} }])
      assert.ok(isVersioned(value), JSON.stringify(value));
    for (const value of [
      undefined,
      null,
      1,
      'x',
      [],
      [1],
      {},
      { version: 0 },
      { version: -1 },
      { version: 1.5 },
      { version: '1' },
      { items: [] },
    ])
      assert.ok(!isVersioned(value), JSON.stringify(value));
  });

  it('reads the plain array of the first release as version 0', () => {
    assert.deepEqual(readStoredList([3, 1, 2], counts, 10), {
      version: 0,
      known: [
        { value: 3, stored: 3 },
        { value: 1, stored: 1 },
        { value: 2, stored: 2 },
      ],
      unknown: [],
      extra: {},
    });
  });

  it('reads an envelope: entries it uses, entries it keeps, wrong ones and duplicates dropped, other fields kept', () => {
    const list = readStoredList({ version: 2, items: [1, 'two', -3, 1, { n: 4 }, 5], order: 'asc' }, counts, 10);
    assert.equal(list.version, 2);
    assert.deepEqual(listValues(list), [1, 5]);
    assert.deepEqual(list.unknown, ['two', { n: 4 }]);
    assert.deepEqual(list.extra, { order: 'asc' });
  });

  it('anything else is an empty list, and an envelope without a list of items has none', () => {
    for (const value of [undefined, null, 42, 'x', { items: [1] }, { version: 0, items: [1] }])
      assert.deepEqual(
        readStoredList(value, counts, 10),
        { version: 0, known: [], unknown: [], extra: {} },
        JSON.stringify(value),
      );
    assert.deepEqual(readStoredList({ version: 1, items: { a: 1 }, x: 1 }, counts, 10), {
      version: 1,
      known: [],
      unknown: [],
      extra: { x: 1 },
    });
  });

  it('reads at most the bound, unknown entries included', () => {
    const list = readStoredList({ version: 1, items: ['a', 1, 'b', 2, 3] }, counts, 3);
    assert.deepEqual(listValues(list), [1]);
    assert.deepEqual(list.unknown, ['a', 'b']);
  });

  it('writes the values first, then the unknown entries, within the bound, the version never lower than 1', () => {
    const old = readStoredList([1, 'x', 2], counts, 10);
    assert.deepEqual(storedListJson(old, [2, 9], counts, 10), { version: 1, items: [2, 9, 'x'] });
    const newer = readStoredList({ version: 4, items: ['x', 1, 'y'], sort: { by: 'name' } }, counts, 10);
    assert.deepEqual(storedListJson(newer, [1, 2], counts, 3), {
      version: 4,
      items: [1, 2, 'x'],
      sort: { by: 'name' },
    });
    assert.deepEqual(storedListJson(newer, [1, 2, 3, 4], counts, 3), {
      version: 4,
      items: [1, 2, 3],
      sort: { by: 'name' },
    });
  });

  it('writes nothing (removes the key) when nothing is left', () => {
    assert.equal(storedListJson(readStoredList([1, 2], counts, 10), [], counts, 10), undefined);
    assert.deepEqual(
      storedListJson(readStoredList({ version: 1, items: [], keep: true }, counts, 10), [], counts, 10),
      { version: 1, items: [], keep: true },
    );
  });

  it('an envelope is plain JSON with the version first, whatever the extra fields held', () => {
    const json = envelopeJson(
      1,
      'filter',
      { status: ['hold'], skip: undefined },
      { version: 9, filter: 'no', note: 'kept' },
    );
    assert.deepEqual(json, { version: 1, filter: { status: ['hold'] }, note: 'kept' });
    assert.deepEqual(Object.keys(json), ['version', 'filter', 'note']);
  });

  it('writing back what was read keeps every entry it does not understand, within the bound (property)', () => {
    const entry = fc.oneof(
      fc.integer({ min: -5, max: 20 }),
      fc.string({ maxLength: 4 }),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { noNullPrototype: true }),
    );
    const stored = fc.oneof(
      fc.array(entry, { maxLength: 15 }),
      fc.record(
        { version: fc.integer({ min: 1, max: 5 }), items: fc.array(entry, { maxLength: 15 }), other: fc.jsonValue() },
        { requiredKeys: ['version', 'items'] },
      ),
    );
    fc.assert(
      fc.property(stored, fc.integer({ min: 0, max: 12 }), (generated, max) => {
        // As a Memento gives it back: through JSON.
        const value = JSON.parse(JSON.stringify(generated)) as unknown;
        const list = readStoredList(value, counts, max);
        const json = storedListJson(list, listValues(list), counts, max);
        const again = readStoredList(json, counts, max);
        assert.deepEqual(listValues(again), listValues(list));
        assert.deepEqual(again.unknown, list.unknown);
        assert.deepEqual(again.extra, list.extra);
        if (json !== undefined) {
          assert.ok((json.items as unknown[]).length <= max);
          assert.deepEqual(JSON.parse(JSON.stringify(json)), json, 'plain JSON');
          assert.equal(json.version, Math.max(list.version, 1));
        }
      }),
      { numRuns: 300 },
    );
  });
});
