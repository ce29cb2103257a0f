import { strict as assert } from 'assert';
import { historyEntries, MAX_ANSWER_CHARS, MAX_HISTORY, withEntry } from '../../../src/features/requests/historyModel';
import { historyEntry } from './fixtures';

const entry = historyEntry;

describe('history of request documents', () => {
  it('keeps the newest first, at most 200, in a versioned list', () => {
    let stored: unknown;
    for (let n = 0; n < MAX_HISTORY + 5; n++) stored = withEntry(stored, entry(n));
    const entries = historyEntries(stored);
    assert.equal(entries.length, MAX_HISTORY);
    assert.equal(entries[0]?.id, `e${MAX_HISTORY + 4}`);
    assert.equal((stored as { version: number }).version, 1);
  });

  it('bounds the answer kept, and keeps entries and fields it does not understand', () => {
    const future = {
      version: 3,
      items: [{ kind: 'from-a-newer-release' }, { ...entry(1), pinned: true }],
      note: 'kept',
    };
    const stored = withEntry(future, entry(2, { answer: 'x'.repeat(MAX_ANSWER_CHARS + 10) }));
    const body = stored as { version: number; note: string; items: Record<string, unknown>[] };
    assert.equal(body.version, 3);
    assert.equal(body.note, 'kept');
    assert.deepEqual(
      body.items.map((i) => i.id ?? i.kind),
      ['e2', 'e1', 'from-a-newer-release'],
    );
    assert.equal(body.items[1]?.pinned, true);
    const [first] = historyEntries(stored);
    assert.ok((first?.answer.length ?? 0) < MAX_ANSWER_CHARS + 100);
    assert.match(first?.answer ?? '', /cut: the whole text was/);
  });

  it('drops an entry of its own shape with a wrong field, and reads nothing from junk', () => {
    const stored = { version: 1, items: [{ ...entry(1), environment: 'elsewhere' }, entry(2), 'junk'] };
    assert.deepEqual(
      historyEntries(stored).map((e) => e.id),
      ['e2'],
    );
    assert.deepEqual(historyEntries('junk'), []);
    assert.deepEqual(historyEntries(undefined), []);
  });
});
