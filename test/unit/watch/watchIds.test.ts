import { strict as assert } from 'assert';
import { idFromArgument, isPlausibleId } from '../../../src/shared/transactionId';
import { MAX_WATCHED, parseStoredIds } from '../../../src/features/watch/watchIds';

describe('watched ids', () => {
  it('accepts ids as the service issues them and refuses pasted text', () => {
    for (const id of ['3h1k9x0adl2b7m4q', 'abcd', 'A-b_9', 'x'.repeat(64)]) assert.ok(isPlausibleId(id), id);
    for (const text of ['', 'abc', 'x'.repeat(65), 'two words', ' padded ', 'https://example.com/tx/1', 'id\n', '$(zap)', '[a](command:x)', 'ıd12345']) {
      assert.ok(!isPlausibleId(text), JSON.stringify(text));
    }
  });

  it('reads the id of a command argument: a string or an object with an id', () => {
    assert.equal(idFromArgument(' abc123 '), 'abc123');
    assert.equal(idFromArgument({ id: 'abc123', status: 'waiting' }), 'abc123');
    assert.equal(idFromArgument({ record: { id: 'abc123' } }), 'abc123');
    for (const arg of [undefined, null, 42, '', '   ', {}, { id: 7 }, { record: 'abc123' }, { record: null }, []]) assert.equal(idFromArgument(arg), undefined, JSON.stringify(arg));
  });

  it('reads the saved list defensively: unique plausible ids in order, capped', () => {
    assert.deepEqual(parseStoredIds(['abc123', 'def456', 'abc123']), ['abc123', 'def456']);
    assert.deepEqual(parseStoredIds(['abc123', 7, null, { id: 'x' }, 'not an id', 'def456']), ['abc123', 'def456']);
    for (const value of [undefined, null, 'abc123', { 0: 'abc123' }, 3]) assert.deepEqual(parseStoredIds(value), []);
    const many = Array.from({ length: MAX_WATCHED + 5 }, (_, i) => `tx${String(i).padStart(4, '0')}`);
    assert.deepEqual(parseStoredIds(many), many.slice(0, MAX_WATCHED));
  });
});
