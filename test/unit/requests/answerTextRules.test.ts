/**
 * The answer document's text in detail: the exact header lines (the queue delay, the sent headers,
 * long or multi-line names cut to one line), bodies that are not JSON or not a JSON-RPC object,
 * error objects of a wrong shape, the HTTP meaning beside a result, when an answer counts as ok,
 * and answers too long to show whole. The whole texts are golden files (test/golden/requests/answer).
 */
import { strict as assert } from 'assert';
import { HEADER_WIDTH, MAX_SHOWN_CHARS, renderAnswer } from '../../../src/features/requests/answerText';
import { assertGolden } from '../support/golden';
import { answerBase } from './fixtures';

const base = answerBase;

/** The header's lines (the `//` lines before the body). */
function headerOf(text: string): string[] {
  const lines = text.split('\n');
  return lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('//')),
  );
}

describe('answer documents, line by line', () => {
  it('writes a result as the header lines and the pretty-printed answer, nothing else', () => {
    const answer = renderAnswer({ ...base, text: '{"jsonrpc":"2.0","id":"1","result":"finished"}' });
    assertGolden('requests/answer/result', answer.text);
  });

  it('says how long the rate limit held the request, when it did, on a line of its own when the first is full', () => {
    const answer = renderAnswer({ ...base, queuedMs: 250, text: '{"result":1}' });
    assert.deepEqual(headerOf(answer.text).slice(0, 2), [
      '// getStatus → HTTP 200 in 12 ms (held 250',
      '//   ms by the rate limit first)',
    ]);
  });

  it('keeps a name to one line: control characters become one space, the ends are trimmed, the length bounded', () => {
    const flat = renderAnswer({ ...base, method: '  get\r\n\tStatus  ', text: '{"result":1}' });
    assert.equal(flat.text.split('\n')[0], '// get Status → HTTP 200 in 12 ms');
    // A name of 80 characters is kept whole, over lines of the header's width; one of 81 is cut to 80.
    const exact = renderAnswer({ ...base, method: 'b'.repeat(80), text: '{"result":1}' });
    assert.ok(
      headerOf(exact.text)
        .map((line) => line.replace(/^\/\/ +/, ''))
        .join('')
        .includes(`${'b'.repeat(80)}→`),
    );
    const long = renderAnswer({ ...base, method: 'a'.repeat(81), text: '{"result":1}' });
    assertGolden('requests/answer/long-method', long.text);
    assert.ok(!long.text.includes('a'.repeat(80)), 'cut to 79 and an ellipsis');
  });

  it('shows a body that is not JSON as it arrived under one line saying so, not ok even with HTTP 200', () => {
    const answer = renderAnswer({ ...base, contentType: 'text/plain', text: 'busy' });
    assert.equal(answer.language, 'plaintext');
    assert.equal(answer.outcome, 'HTTP 200');
    assert.equal(answer.ok, false);
    assert.equal(answer.shownRaw, undefined);
    assertGolden('requests/answer/not-json', answer.text);
  });

  it('says when the answer came without a content type', () => {
    const answer = renderAnswer({ ...base, contentType: '', text: 'busy' });
    assert.ok(headerOf(answer.text).includes('// The answer is not JSON (no content type).'));
  });

  it('pretty-prints JSON that is not a JSON-RPC object, with what the HTTP status means', () => {
    const array = renderAnswer({ ...base, text: '[1,2]' });
    assert.deepEqual({ ...array, text: '' }, { text: '', language: 'jsonc', outcome: 'HTTP 200', ok: false });
    assertGolden('requests/answer/json-array', array.text);
    const failed = renderAnswer({ ...base, status: 502, text: '"down"' });
    assertGolden('requests/answer/json-string-502', failed.text);
    assert.equal(failed.outcome, 'HTTP 502');
  });

  it('reads an error whose code is not a number as no error at all', () => {
    const answer = renderAnswer({ ...base, text: '{"id":1,"error":{"code":"x","message":"m"}}' });
    assert.equal(answer.outcome, 'no result');
    assert.equal(answer.ok, false);
    assertGolden('requests/answer/error-code-not-number', answer.text);
  });

  it('shows an error whose message is not a string with an empty message', () => {
    const answer = renderAnswer({ ...base, text: '{"id":1,"error":{"code":-1,"message":5}}' });
    assert.equal(answer.outcome, 'error -1');
    assert.ok(headerOf(answer.text).includes('// Error -1: '));
  });

  it('adds what the HTTP status means to a result that came with a failing status', () => {
    const answer = renderAnswer({ ...base, status: 500, text: '{"result":1}' });
    const header = headerOf(answer.text);
    assert.deepEqual(header.slice(-2), [
      '// Meaning: The service failed (HTTP 500).',
      '// What to do: Send again later.',
    ]);
    assert.equal(answer.outcome, 'result');
    assert.equal(answer.ok, false);
  });

  it('counts a result as ok only with an HTTP status from 200 to 299', () => {
    const okAt = (status: number): boolean => renderAnswer({ ...base, status, text: '{"result":1}' }).ok;
    assert.equal(okAt(199), false);
    assert.equal(okAt(200), true);
    assert.equal(okAt(299), true);
    assert.equal(okAt(300), false);
  });

  it('shows a JSON answer too long to show whole as it arrived, cut, with a note', () => {
    const text = `{"result":"${'y'.repeat(MAX_SHOWN_CHARS)}"}`;
    const answer = renderAnswer({ ...base, text });
    const header = headerOf(answer.text);
    const lines = answer.text.split('\n');
    assert.equal(lines.length, header.length + 2);
    assert.equal(lines[header.length], `{"result":"${'y'.repeat(2097141)}`);
    assert.equal(lines[header.length + 1], '');
    assertGolden('requests/answer/too-long-json-header', header.join('\n'));
    assert.equal(answer.outcome, 'result');
    assert.equal(answer.language, 'jsonc');
  });

  it('shows a long answer that is not JSON cut, saying how long it was', () => {
    const answer = renderAnswer({ ...base, contentType: 'text/plain', text: 'z'.repeat(MAX_SHOWN_CHARS + 3) });
    const header = headerOf(answer.text);
    const lines = answer.text.split('\n');
    assert.equal(lines.length, header.length + 3);
    assertGolden('requests/answer/too-long-text-header', header.join('\n'));
    assert.deepEqual(lines.slice(header.length), ['', 'z'.repeat(2097152), '']);
    assert.equal(answer.language, 'plaintext');
  });

  it('keeps every header line within the width the editor shows beside a request', () => {
    const inputs = [
      {
        ...base,
        queuedMs: 1234,
        target: 'My production account with a long name',
        host: 'api.example.com:443',
        text: '{"result":1}',
      },
      {
        ...base,
        text: JSON.stringify({
          error: {
            code: -32602,
            message: `Invalid ${'x'.repeat(200)} parameter`,
            data: { limits: { min: { from: '0.000609' }, max: { from: '10.40721699267' } } },
          },
        }),
      },
      { ...base, status: 401, contentType: 'text/html; charset=iso-8859-1', text: '<h1>Unauthorized</h1>' },
      { ...base, method: 'm'.repeat(200), contentType: 'text/plain', text: 'z'.repeat(MAX_SHOWN_CHARS + 1) },
    ];
    for (const input of inputs) {
      const long = headerOf(renderAnswer(input).text).filter((line) => line.length > HEADER_WIDTH);
      assert.deepEqual(long, [], `the header of ${input.text.slice(0, 40)}`);
    }
  });
});
