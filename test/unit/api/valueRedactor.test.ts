/**
 * The API key cut out by value, whatever shape an answer echoes it in: whole, in another case,
 * split by spaces, line breaks, zero-width characters, JSON escapes, or only a part of it, inside
 * other text; ordinary text, ids and hashes left alone.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import { MIN_FRAGMENT, VALUE_REDACTED, valueRedactor } from '../../../src/api/valueRedactor';

const KEY = '3f9a1c0b7e2d4c6a8b0e1f2a3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d';

/** Whether any MIN_FRAGMENT letters and digits of the key in a row remain in the text (fillers removed). */
function leaks(text: string, key = KEY): boolean {
  const run = text
    .replace(/\\u[0-9a-f]{4}|\\[nrt]/gi, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  for (let i = 0; i + MIN_FRAGMENT <= key.length; i++) if (run.includes(key.slice(i, i + MIN_FRAGMENT))) return true;
  return false;
}

describe('valueRedactor: the API key cut out by value', () => {
  const redact = valueRedactor([KEY]);

  it('cuts the key in every shape an echo may take', () => {
    const shapes = [
      KEY,
      KEY.toUpperCase(),
      `${KEY.slice(0, 32)} ${KEY.slice(32)}`,
      `${KEY.slice(0, 20)}\n${KEY.slice(20, 40)}\r\n${KEY.slice(40)}`,
      [...KEY].join('\u200b'),
      [...KEY].join(' '),
      `${KEY.slice(0, 16)}-${KEY.slice(16, 32)}-${KEY.slice(32, 48)}-${KEY.slice(48)}`,
      `X-Api-Key was "${KEY}" and the rest`,
      `prefix${KEY}suffix`,
      `half: ${KEY.slice(10, 40)}`,
      JSON.stringify({ message: `key ${KEY.slice(0, 30)}\n${KEY.slice(30)}` }),
      JSON.stringify({ message: [...KEY].join('\u2028') }),
    ];
    for (const shape of shapes) {
      const out = redact(shape);
      assert.ok(out.includes(VALUE_REDACTED), `redacted: ${JSON.stringify(shape)}`);
      assert.ok(!leaks(out), `nothing of the key left: ${JSON.stringify(out)}`);
    }
    assert.equal(redact(`prefix${KEY}suffix`), `prefix${VALUE_REDACTED}suffix`);
    assert.equal(redact(`X-Api-Key was "${KEY}" and the rest`), `X-Api-Key was "${VALUE_REDACTED}" and the rest`);
  });

  it('leaves ordinary text, ids, hashes and short parts of the key alone', () => {
    const texts = [
      'Transaction "a1b2c3d4e5f6" is waiting since 2026-11-26T10:00:00.000Z.',
      `a part: ${KEY.slice(0, MIN_FRAGMENT - 1)}`,
      'f'.repeat(64),
      '0x' + 'ab'.repeat(32),
      '',
    ];
    for (const text of texts) assert.equal(redact(text), text);
    assert.equal(valueRedactor([])('anything'), 'anything');
    assert.equal(valueRedactor(['short'])('short'), 'short');
  });

  it('never leaves MIN_FRAGMENT characters of the key in a row, whatever surrounds them (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: KEY.length - MIN_FRAGMENT }),
        fc.integer({ min: MIN_FRAGMENT, max: KEY.length }),
        fc.string(),
        fc.constantFrom(' ', '\n', '', '\u200b', '\\n'),
        (before, start, length, after, sep) => {
          const part = KEY.slice(start, start + length);
          const out = redact(`${before}${[...part].join(sep)}${after}`);
          return !leaks(out);
        },
      ),
    );
  });
});
