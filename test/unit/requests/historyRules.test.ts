/**
 * The History's stored entries in detail: an entry round-trips unchanged, texts are cut only past
 * their bound, which stored entries are dropped (this version's shape, a wrong field) and which are
 * kept as they are (another shape), the language read back, re-sending an id, and summarizeParams
 * on values JSON cannot write.
 */
import { strict as assert } from 'assert';
import {
  historyEntries,
  MAX_ANSWER_CHARS,
  MAX_REQUEST_CHARS,
  summarizeParams,
  withEntry,
} from '../../../src/features/requests/historyModel';
import type { HistoryEntry } from '../../../src/features/requests/historyModel';
import { historyEntry } from './fixtures';

const entry = historyEntry;

function itemsOf(stored: unknown): unknown[] {
  return (stored as { items: unknown[] }).items;
}

describe('history entries, field by field', () => {
  it('gives back an entry exactly as it was stored', () => {
    const live = entry(1, { environment: 'live', language: 'plaintext', ok: false, outcome: 'HTTP 401' });
    assert.deepEqual(historyEntries(withEntry(undefined, live)), [live]);
    assert.deepEqual(historyEntries(withEntry(undefined, entry(2))), [entry(2)]);
  });

  it('stores a request cut only when it is longer than its bound', () => {
    assert.equal(MAX_REQUEST_CHARS, 16384);
    const [exact] = historyEntries(withEntry(undefined, entry(1, { request: 'r'.repeat(16384) })));
    assert.equal(exact?.request, 'r'.repeat(16384));
    const [long] = itemsOf(withEntry(undefined, entry(1, { request: 'r'.repeat(16385) }))) as HistoryEntry[];
    assert.equal(long?.request, `${'r'.repeat(16384)}\n// … cut: the whole text was 16385 characters.\n`);
  });

  it('reads a cut entry back as it was stored, its note still giving the length sent, through later entries too', () => {
    const cut = `${'a'.repeat(MAX_ANSWER_CHARS)}\n// … cut: the whole text was 70000 characters.\n`;
    const first = withEntry(undefined, entry(1, { answer: 'a'.repeat(70_000) }));
    assert.equal(historyEntries(first)[0]?.answer, cut);
    const later = withEntry(withEntry(first, entry(2)), entry(3));
    assert.deepEqual(
      historyEntries(later).map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    assert.equal(historyEntries(later)[2]?.answer, cut);
    assert.equal((itemsOf(later)[2] as HistoryEntry).answer, cut);
  });

  it('cuts a stored text that is too long though it ends like a note, counting all of it', () => {
    const forged = `${'b'.repeat(MAX_ANSWER_CHARS + 5)}\n// … cut: the whole text was 9 characters.\n`;
    const stored = { version: 1, items: [entry(1, { answer: forged })] };
    assert.equal(
      historyEntries(stored)[0]?.answer,
      `${'b'.repeat(MAX_ANSWER_CHARS)}\n// … cut: the whole text was ${forged.length} characters.\n`,
    );
  });

  it('reads a language other than plaintext as jsonc', () => {
    const stored = {
      version: 1,
      items: [
        { ...entry(1), language: 'html' },
        { ...entry(2), language: undefined },
        entry(3, { language: 'plaintext' }),
      ],
    };
    assert.deepEqual(
      historyEntries(stored).map((e) => e.language),
      ['jsonc', 'jsonc', 'plaintext'],
    );
  });

  it('keeps entries of another shape as they are: no object, no string id, or no number time', () => {
    const stored = { version: 1, items: [null, { id: 7, at: 1 }, { id: 'x', at: 'yesterday' }, 'junk', entry(1)] };
    assert.deepEqual(historyEntries(stored), [entry(1)]);
    assert.deepEqual(itemsOf(withEntry(stored, entry(2))), [
      entry(2),
      entry(1),
      null,
      { id: 7, at: 1 },
      { id: 'x', at: 'yesterday' },
      'junk',
    ]);
  });

  it('drops an entry of its own shape with any wrong field', () => {
    const wrong: Record<string, unknown>[] = [
      ...['method', 'request', 'target', 'host', 'outcome', 'answer'].map((field) => ({ ...entry(1), [field]: 5 })),
      { ...entry(2), at: Number.NaN },
      { ...entry(3), at: Number.POSITIVE_INFINITY },
      { ...entry(4), ok: 'yes' },
      { ...entry(5), durationMs: '3' },
      { ...entry(6), environment: 'elsewhere' },
    ];
    for (const bad of wrong) {
      const stored = { version: 1, items: [bad, entry(9)] };
      assert.deepEqual(
        historyEntries(stored).map((e) => e.id),
        ['e9'],
        JSON.stringify(bad),
      );
      assert.deepEqual(itemsOf(withEntry(stored, entry(10))), [entry(10), entry(9)], JSON.stringify(bad));
    }
  });

  it('keeps one entry per id: a re-sent id replaces the older one', () => {
    const first = withEntry(undefined, entry(1));
    const again = entry(1, { outcome: 'error -1', ok: false });
    assert.deepEqual(itemsOf(withEntry(first, again)), [again]);
  });
});

describe('summarizeParams', () => {
  it('cuts only past the bound', () => {
    assert.equal(summarizeParams('a'.repeat(78)), `"${'a'.repeat(78)}"`);
    assert.equal(summarizeParams('a'.repeat(79)), `"${'a'.repeat(78)}…`);
    assert.equal(summarizeParams({ id: 'abcdefgh' }, 10), '{"id":"ab…');
  });

  it('gives an empty text for what JSON cannot write', () => {
    assert.equal(
      summarizeParams(() => 1),
      '',
    );
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.equal(summarizeParams(circular), '');
  });
});
