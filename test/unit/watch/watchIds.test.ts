import { strict as assert } from 'assert';
import { idFromArgument, isPlausibleId } from '../../../src/shared/transactionId';
import { MAX_WATCHED, parseStoredIds, readStoredIds, storedIdsJson } from '../../../src/features/watch/watchIds';

describe('watched ids', () => {
  it('accepts ids as the service issues them and refuses pasted text', () => {
    for (const id of ['3h1k9x0adl2b7m4q', 'abcd', 'A-b_9', 'x'.repeat(64)]) assert.ok(isPlausibleId(id), id);
    for (const text of [
      '',
      'abc',
      'x'.repeat(65),
      'two words',
      ' padded ',
      'https://example.com/tx/1',
      'id\n',
      '$(zap)',
      '[a](command:x)',
      'ıd12345',
    ]) {
      assert.ok(!isPlausibleId(text), JSON.stringify(text));
    }
  });

  it('reads the id of a command argument: a string or an object with an id', () => {
    assert.equal(idFromArgument(' abc123 '), 'abc123');
    assert.equal(idFromArgument({ id: 'abc123', status: 'waiting' }), 'abc123');
    assert.equal(idFromArgument({ record: { id: 'abc123' } }), 'abc123');
    for (const arg of [undefined, null, 42, '', '   ', {}, { id: 7 }, { record: 'abc123' }, { record: null }, []])
      assert.equal(idFromArgument(arg), undefined, JSON.stringify(arg));
  });

  it('reads the saved list defensively: unique plausible ids in order, capped', () => {
    assert.deepEqual(parseStoredIds(['abc123', 'def456', 'abc123']), ['abc123', 'def456']);
    assert.deepEqual(parseStoredIds(['abc123', 7, null, { id: 'x' }, 'not an id', 'def456']), ['abc123', 'def456']);
    for (const value of [undefined, null, 'abc123', { 0: 'abc123' }, 3]) assert.deepEqual(parseStoredIds(value), []);
    const many = Array.from({ length: MAX_WATCHED + 5 }, (_, i) => `tx${String(i).padStart(4, '0')}`);
    assert.deepEqual(parseStoredIds(many), many.slice(0, MAX_WATCHED));
  });

  it('reads the versioned list and the plain array of the first release alike', () => {
    assert.deepEqual(parseStoredIds({ version: 1, items: ['abc123', 'def456'] }), ['abc123', 'def456']);
    assert.deepEqual(parseStoredIds(['abc123', 'def456']), ['abc123', 'def456']);
    assert.deepEqual(storedIdsJson(readStoredIds(['abc123', 'def456']), ['abc123', 'def456', 'ghi789']), {
      version: 1,
      items: ['abc123', 'def456', 'ghi789'],
    });
  });

  it('keeps the entries it does not understand when the list is written back; drops strings that are no ids', () => {
    const stored = readStoredIds({
      version: 1,
      items: ['abc123', { id: 'tx999999', env: 'live' }, 'not an id', 7, 'def456'],
    });
    assert.deepEqual(
      stored.known.map((entry) => entry.value),
      ['abc123', 'def456'],
    );
    assert.deepEqual(storedIdsJson(stored, ['def456', 'new777']), {
      version: 1,
      items: ['def456', 'new777', { id: 'tx999999', env: 'live' }, 7],
    });
    assert.deepEqual(storedIdsJson(stored, []), { version: 1, items: [{ id: 'tx999999', env: 'live' }, 7] });
    assert.equal(storedIdsJson(readStoredIds(['abc123']), []), undefined, 'nothing left: the key is removed');
  });

  it('reads what it can of a newer version and keeps the rest, the version number included', () => {
    const stored = readStoredIds({ version: 2, items: [{ id: 'abc123', pinned: true }, 'def456'], pinnedFirst: true });
    assert.deepEqual(
      stored.known.map((entry) => entry.value),
      ['def456'],
    );
    assert.deepEqual(storedIdsJson(stored, ['def456', 'ghi789']), {
      version: 2,
      items: ['def456', 'ghi789', { id: 'abc123', pinned: true }],
      pinnedFirst: true,
    });
  });

  it(`keeps at most ${MAX_WATCHED} entries in all, the watched ids first`, () => {
    const ids = Array.from({ length: MAX_WATCHED }, (_, i) => `tx${String(i).padStart(4, '0')}`);
    const stored = readStoredIds({ version: 1, items: [{ future: 1 }, { future: 2 }] });
    const json = storedIdsJson(stored, ids.slice(0, MAX_WATCHED - 1));
    assert.deepEqual(json, { version: 1, items: [...ids.slice(0, MAX_WATCHED - 1), { future: 1 }] });
  });
});
