/**
 * The details document: the record as JSON with comments, each microsecond time with its ISO
 * text beside, and still the record when parsed.
 */
import { strict as assert } from 'assert';
import { parse } from 'jsonc-parser';
import { STATUS_FACTS, statusNotes } from '../../../src/agents/statusGuide';
import { DETAILS_WIDTH, noteComments, recordText } from '../../../src/features/details/recordText';

describe('details document text', () => {
  it('writes the ISO UTC time beside each time field, keeps 0 ("not yet") bare, and parses back to the record', () => {
    const record = {
      id: 'abc',
      createdAt: 1_795_623_885_779_123,
      moneyReceived: 0,
      moneySent: 1_795_623_945_000_000,
      amountFrom: '1',
      nested: { createdAt: 1_795_623_885_779_123 },
    };
    const text = recordText(record);
    const lines = text.split('\n');
    assert.ok(lines.includes('  "createdAt": 1795623885779123, // 2026-11-25T16:24:45Z'), text);
    assert.ok(lines.includes('  "moneyReceived": 0,'), text);
    assert.ok(lines.includes('  "moneySent": 1795623945000000, // 2026-11-25T16:25:45Z'), text);
    assert.ok(lines.includes('    "createdAt": 1795623885779123'), "only the record's own fields get a comment");
    assert.deepEqual(parse(text), record);
  });

  it('a string value cannot bring a comment or a line of its own', () => {
    const record = { id: 'x', createdAt: 1, note: '"createdAt": 1795623885779123, // 1999' };
    const text = recordText(record);
    assert.deepEqual(parse(text), record);
    assert.equal(text.split('\n').length, 6);
  });

  it('the status notes under the record are comment lines that fit the details column, every word kept, the record still parsed back', () => {
    const record = { id: 'abc', status: 'hold', createdAt: 1_795_623_885_779_123 };
    for (const status of Object.keys(STATUS_FACTS) as (keyof typeof STATUS_FACTS)[]) {
      const notes = statusNotes(status);
      const comments = noteComments(notes);
      const lines = comments.split('\n').slice(0, -1);
      assert.ok(
        notes.some((note) => note.length + 3 > DETAILS_WIDTH),
        `${status}: a note longer than a line (the test would not show wrapping)`,
      );
      assert.deepEqual(
        lines.filter((line) => line.length > DETAILS_WIDTH),
        [],
        status,
      );
      assert.ok(
        lines.every((line) => line.startsWith('// ')),
        status,
      );
      const words = (text: string) => text.split(/\s+/).filter((w) => w !== '' && w !== '//');
      assert.deepEqual(words(lines.join(' ')), words(notes.join(' ')), `${status}: every word kept, in order`);
      assert.ok(
        lines.some((line) => line.includes('https://docs.changelly.com/transaction-statuses')),
        `${status}: the address whole on one line`,
      );
      assert.deepEqual(parse(`${recordText(record)}${comments}`), record);
    }
  });
});
