import { strict as assert } from 'assert';
import {
  HEADER_WIDTH,
  MAX_SHOWN_CHARS,
  renderAnswer,
  renderAnswerOrRaw,
} from '../../../src/features/requests/answerText';
import { wrapCommentLine } from '../../../src/shared/commentWrap';
import { MAX_JSON_DEPTH } from '../../../src/shared/jsonDepth';
import { assertGolden } from '../support/golden';
import { answerBase } from './fixtures';

const base = answerBase;
const wrapComment = (line: string): string[] => wrapCommentLine(line, HEADER_WIDTH);
/** The header of a result sent at the fixtures' time, before any line about the answer itself. */
const HEADER = renderAnswer({ ...base, text: '{"result":1}' })
  .text.split('\n')
  .filter((line) => line.startsWith('//'));
/** The line about an answer too deep to pretty-print, wrapped as the header's lines are. */
const TOO_DEEP = wrapComment(
  '// The answer nests arrays and objects deeper than 64 levels: it is shown as it arrived, not pretty-printed.',
);

/** `levels` objects, one in the other, around 1. */
function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

describe('answer documents: nesting depth', () => {
  it('pretty-prints up to 64 levels', () => {
    assert.equal(MAX_JSON_DEPTH, 64);
    const answer = renderAnswer({ ...base, text: `{"jsonrpc":"2.0","id":"1","result":${nested(63)}}` });
    assert.equal(answer.language, 'jsonc');
    assert.equal(answer.shownRaw, undefined);
    assert.ok(answer.text.includes('\n  "result": {\n    "a": {\n'));
  });

  it('shows a result nested 100,000 levels as it arrived, with its status and why (no stack overflow)', () => {
    const text = `{"jsonrpc":"2.0","id":"1","result":${nested(100_000)}}`;
    for (const render of [renderAnswer, renderAnswerOrRaw]) {
      const answer = render({ ...base, text });
      assert.equal(answer.text, `${[...HEADER, ...TOO_DEEP].join('\n')}\n\n${text}\n`);
      assert.equal(answer.language, 'plaintext');
      assert.equal(answer.outcome, 'result');
      assert.equal(answer.ok, true);
      assert.equal(answer.shownRaw, 'too-deep');
    }
  });

  it('still says what an error nested deep in its data means', () => {
    const text = `{"jsonrpc":"2.0","id":"1","error":{"code":-32602,"message":"Parameter limit is invalid","data":${nested(100_000)}}}`;
    const answer = renderAnswer({ ...base, status: 200, text });
    assert.equal(answer.outcome, 'error -32602');
    assert.equal(answer.ok, false);
    const lines = answer.text.split('\n');
    assert.deepEqual(lines.slice(0, HEADER.length), HEADER);
    const rest = lines.slice(HEADER.length, lines.indexOf(''));
    assertGolden('requests/answer/deep-error-header', rest.join('\n'));
    assert.deepEqual(rest.slice(-TOO_DEEP.length), TOO_DEEP);
    assert.ok(answer.text.endsWith(`\n\n${text}\n`));
  });

  it('shows deep JSON that is no JSON-RPC object as it arrived, with its HTTP status', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const answer = renderAnswer({ ...base, status: 502, contentType: 'application/json', text });
    assert.equal(answer.outcome, 'HTTP 502');
    assert.equal(answer.language, 'plaintext');
    assert.equal(answer.shownRaw, 'too-deep');
    const lines = answer.text.split('\n');
    assert.equal(lines[0], '// getStatus → HTTP 502 in 12 ms');
    assertGolden('requests/answer/deep-not-rpc-header', lines.slice(HEADER.length, lines.indexOf('')).join('\n'));
    assert.ok(answer.text.endsWith(`\n\n${text}\n`));
  });

  it('cuts a deep answer past the size bound, and says so', () => {
    const levels = 1_100_000;
    const text = `{"jsonrpc":"2.0","id":"1","result":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    assert.equal(MAX_SHOWN_CHARS, 2_097_152);
    const answer = renderAnswer({ ...base, text });
    const lines = answer.text.split('\n');
    const header = lines.slice(0, lines.indexOf(''));
    assert.deepEqual(header.slice(HEADER.length), [
      ...TOO_DEEP,
      ...wrapComment('// The answer is 2200036 characters long; the first 2097152 are shown.'),
    ]);
    assert.equal(lines[header.length + 1], text.slice(0, 2_097_152));
    assert.equal(answer.outcome, 'result');
  });

  it('shows an answer whose rendering fails as it arrived, with its status and why: never as no answer', () => {
    // A sent time that cannot be written makes the renderer throw.
    const input = {
      ...base,
      sentAt: new Date(Number.NaN),
      status: 200,
      text: '{"jsonrpc":"2.0","id":"1","result":"finished"}',
    };
    assert.throws(() => renderAnswer(input), RangeError);
    const answer = renderAnswerOrRaw(input);
    assertGolden('requests/answer/not-rendered', answer.text);
    assert.ok(answer.text.includes('\n// Sent (time unknown)\n'));
    assert.equal(answer.outcome, 'HTTP 200');
    assert.equal(answer.ok, false);
    assert.equal(answer.shownRaw, 'not-rendered');
    assert.ok(!answer.text.includes('no answer'));
  });
});
