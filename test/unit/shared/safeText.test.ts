/**
 * The one rule for unsafe text and its policies: replaced for a person or a model, escaped for a
 * terminal or a log, shown as escapes in an editor, refused in input; expected output written out
 * character by character.
 */
import { strict as assert } from 'assert';
import {
  hasUnsafeText,
  isUnsafe,
  REPLACEMENT,
  safeText,
  terminalText,
  visibleText,
} from '../../../src/shared/safeText';

/** One of each kind of unsafe character: C0, DEL, C1, bidi, separators, zero-width, BOM, ALM, soft hyphen, a tag. */
const EVERY_KIND = [
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u061c',
  '\u00ad',
  '\u{e0001}',
];

describe('safe text: the rule', () => {
  it('counts controls, format characters and line/paragraph separators as unsafe, and nothing else', () => {
    for (const char of EVERY_KIND) assert.equal(isUnsafe(char), true, `U+${char.codePointAt(0)?.toString(16)}`);
    for (const char of [' ', 'a', 'é', '中', '😀', '\u00a0', '\u3000', '\u2070', '\\'])
      assert.equal(isUnsafe(char), false, `U+${char.codePointAt(0)?.toString(16)}`);
  });

  it('counts other spaces too for code, and lets a policy keep characters', () => {
    assert.equal(isUnsafe('\u00a0', { spaces: true }), true);
    assert.equal(isUnsafe('\u3000', { spaces: true }), true);
    assert.equal(isUnsafe(' ', { spaces: true }), false);
    assert.equal(isUnsafe('\t', { keep: '\t' }), false);
    assert.equal(isUnsafe('\n', { keep: '\t' }), true);
  });

  it('refuses input that holds any unsafe character', () => {
    assert.equal(hasUnsafeText('bc1q-address_1'), false);
    for (const char of EVERY_KIND) assert.equal(hasUnsafeText(`a${char}b`), true);
    assert.equal(hasUnsafeText('a\u00a0b'), false);
  });
});

describe('safe text for a person or a model', () => {
  it('replaces every unsafe character', () => {
    assert.equal(safeText(`a${EVERY_KIND.join('b')}c`), `a${EVERY_KIND.map(() => REPLACEMENT).join('b')}c`);
    assert.equal(
      safeText('a\u0000b\u001Fc\u007Fd\u009Fe\u200Ef\u200Fg\u202Ah\u202Ei\u2066j\u2069k'),
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh\uFFFDi\uFFFDj\uFFFDk',
    );
  });

  it('keeps everything else, Markdown signs included (it is for plain text)', () => {
    assert.equal(safeText('<b>[x](y) é \u00A0 \u2070 中 😀'), '<b>[x](y) é \u00A0 \u2070 中 😀');
  });

  it('caps the length at 200 or the given maximum', () => {
    assert.equal(safeText('y'.repeat(201)), `${'y'.repeat(200)}…`);
    assert.equal(safeText('y'.repeat(200)), 'y'.repeat(200));
    assert.equal(safeText('hello', 4), 'hell…');
    assert.equal(safeText('hell', 4), 'hell');
  });
});

describe('safe text for terminals and logs', () => {
  it('escapes control characters, escape sequences, bidi controls, line separators and the backslash', () => {
    assert.equal(terminalText('abc-123 finished'), 'abc-123 finished');
    assert.equal(terminalText('\u001b]0;title\u0007x'), '\\u{1b}]0;title\\u{7}x');
    assert.equal(terminalText('a\r\nb'), 'a\\u{d}\\u{a}b');
    assert.equal(terminalText('\u009b2J'), '\\u{9b}2J');
    assert.equal(terminalText('x\u202edetaerc'), 'x\\u{202e}detaerc');
    assert.equal(terminalText('a\u2028b\u2029c'), 'a\\u{2028}b\\u{2029}c');
    assert.equal(terminalText('a\\u{1b}'), 'a\\u{5c}u{1b}', 'a written escape cannot pass for one of ours');
    assert.equal(terminalText('\u007f\u0000\u200f\u2066\u061c'), '\\u{7f}\\u{0}\\u{200f}\\u{2066}\\u{61c}');
    assert.equal(terminalText('\u200b\ufeff\u{e0001}'), '\\u{200b}\\u{feff}\\u{e0001}');
  });

  it('cuts long text and turns anything into text', () => {
    assert.equal(terminalText('x'.repeat(300)), `${'x'.repeat(200)}…`);
    assert.equal(terminalText('abcdef', 3), 'abc…');
    assert.equal(terminalText('x'.repeat(200)), 'x'.repeat(200), 'cut only past the bound');
    assert.equal(terminalText(undefined), '');
    assert.equal(terminalText(null), '');
    assert.equal(terminalText(42), '42');
    assert.equal(terminalText(true), 'true');
    assert.equal(terminalText(10n), '10');
    assert.equal(terminalText({ a: '\u001b' }), '{"a":"\\u{5c}u001b"}');
    assert.equal(
      terminalText(() => 1),
      '',
    );
  });
});

describe('safe text for an editor', () => {
  it('shows unsafe characters as \\uXXXX and keeps line breaks, tabs and the rest', () => {
    assert.equal(visibleText('a\u202Eb\u200Fc\u2067d <x>\n'), 'a\\u202eb\\u200fc\\u2067d <x>\n');
    assert.equal(visibleText('a\tb\r\nc\u001b[2Jd\u0085'), 'a\tb\r\nc\\u001b[2Jd\\u0085');
    assert.equal(visibleText('x\u{e0001}y'), 'x\\udb40\\udc01y');
  });
});
