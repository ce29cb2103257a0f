/** What a command that takes a transaction offers first: the selected one, then the known ones, each once. */
import { strict as assert } from 'assert';
import { choiceList, MAX_PER_SOURCE } from '../../../src/features/lookup/choiceList';

describe('the transactions offered before a free-text id', () => {
  it('the one in the editor, then the selected one, the watched, looked up and loaded ones, each id once', () => {
    const list = choiceList({
      view: ['a1', 'b2', 'c3'],
      watched: ['b2', 'd4'],
      selected: ['c3'],
      recent: ['d4', 'e5'],
      editor: ['f6'],
    });
    assert.deepEqual(list, [
      { id: 'f6', source: 'editor' },
      { id: 'c3', source: 'selected' },
      { id: 'b2', source: 'watched' },
      { id: 'd4', source: 'watched' },
      { id: 'e5', source: 'recent' },
      { id: 'a1', source: 'view' },
    ]);
  });

  it('nothing known: nothing offered (the command asks for the id)', () => {
    assert.deepEqual(choiceList({}), []);
  });

  it('at most a page of each source', () => {
    const many = Array.from({ length: 60 }, (_, i) => `id${1000 + i}`);
    const list = choiceList({ view: many, recent: many.slice(0, 3) });
    assert.equal(list.filter((c) => c.source === 'recent').length, 3);
    assert.equal(list.filter((c) => c.source === 'view').length, MAX_PER_SOURCE);
  });
});
