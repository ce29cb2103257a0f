/**
 * The snippets' quoting helpers on the edge cases the interpreter round trips cannot see: the
 * plain space, a quote alone or an escape alone (no empty runs around them), the quote a literal
 * is delimited with when both kinds occur, and the error for a NUL.
 */
import { strict as assert } from 'assert';
import { jsString, pythonString, QuotingError, shellQuote } from '../../../src/features/requests/quoting';
import { isInvisible } from '../../../src/shared/safeText';

describe('snippet quoting edges', () => {
  it('writes the plain space as it is, and other spaces as escapes', () => {
    assert.equal(isInvisible(' '), false);
    assert.equal(isInvisible('\u00a0'), true);
    assert.equal(shellQuote('a b'), "'a b'");
    assert.equal(jsString('a b'), '"a b"');
    assert.equal(pythonString('a\u00a0b'), '"a\\xA0b"');
  });

  it('writes no empty quoted run around a lone quote or a lone escape', () => {
    assert.equal(shellQuote("'"), "\\'");
    assert.equal(shellQuote('\n'), "$'\\x0A'");
    assert.equal(shellQuote("\u200b'"), "$'\\xE2\\x80\\x8B'\\'");
  });

  it('delimits with the quote the text holds fewer of, counting both kinds', () => {
    assert.equal(jsString(`a"b'c'd`), `"a\\"b'c'd"`);
    assert.equal(pythonString(`'x'"`), `"'x'\\""`);
    assert.equal(jsString(`"x"'`), `'"x"\\''`);
  });

  it('names the NUL it refuses in a shell string', () => {
    assert.throws(
      () => shellQuote('a\u0000b'),
      (error: unknown) =>
        error instanceof QuotingError &&
        error instanceof RangeError &&
        error.name === 'QuotingError' &&
        error.message === 'The text holds a NUL character, which a shell string cannot hold.',
    );
  });
});
