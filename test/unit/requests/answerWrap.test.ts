/** How the answer's header lines are wrapped to the width the editor shows beside a request. */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import { HEADER_WIDTH } from '../../../src/features/requests/answerText';
import { wrapCommentLine } from '../../../src/shared/commentWrap';

/** One `//` line of an answer's header, wrapped as the answer document wraps it. */
const wrapComment = (line: string, width = HEADER_WIDTH): string[] => wrapCommentLine(line, width);

describe('answer header lines, wrapped', () => {
  it('leaves a line that fits as it is', () => {
    assert.deepEqual(wrapComment('// getStatus → HTTP 200 in 12 ms'), ['// getStatus → HTTP 200 in 12 ms']);
    assert.deepEqual(wrapComment(`// ${'x'.repeat(HEADER_WIDTH - 3)}`), [`// ${'x'.repeat(HEADER_WIDTH - 3)}`]);
  });

  it('breaks a longer one at spaces, each further line indented under the text', () => {
    assert.deepEqual(
      wrapComment(
        "// Meaning: The amount is outside the pair's limits (minimum 0.000609, maximum 10.40721699267 in the payin currency).",
      ),
      [
        "// Meaning: The amount is outside the pair's",
        '//   limits (minimum 0.000609, maximum',
        '//   10.40721699267 in the payin currency).',
      ],
    );
  });

  it('splits a word longer than a line across lines, never half of a surrogate pair', () => {
    assert.deepEqual(wrapComment(`// ${'a'.repeat(50)}`, 20), [
      '// aaaaaaaaaaaaaaaaa',
      '//   aaaaaaaaaaaaaaa',
      '//   aaaaaaaaaaaaaaa',
      '//   aaa',
    ]);
    const emoji = wrapComment(`// ${'😀'.repeat(12)}`, 20);
    assert.ok(
      emoji.every((line) => !/[\ud800-\udbff]$/.test(line) && !/^\/\/ +[\udc00-\udfff]/.test(line)),
      emoji.join('|'),
    );
  });

  it('loses nothing: the words of every line, in order, are the words of the one', () => {
    const word = fc.stringMatching(/^[a-z0-9.,:·→…()"-]{1,60}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 12, max: 80 }), (words, width) => {
        const lines = wrapComment(`// ${words.join(' ')}`, width);
        assert.ok(
          lines.every((line) => line.length <= width && line.startsWith('//')),
          lines.join('\n'),
        );
        assert.equal(
          lines
            .map((line) => line.replace(/^\/\/ +/, ''))
            .join('')
            .replace(/ /g, ''),
          words.join(''),
        );
      }),
    );
  });
});
