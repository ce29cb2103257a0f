/**
 * The answer document's text in detail: the exact header lines (the queue delay, the sent headers,
 * long or multi-line names cut to one line), bodies that are not JSON or not a JSON-RPC object,
 * error objects of a wrong shape, the HTTP meaning beside a result, when an answer counts as ok,
 * and answers too long to show whole.
 */
import { strict as assert } from 'assert';
import { MAX_SHOWN_CHARS, renderAnswer } from '../../../src/features/requests/answerText';
import { answerBase } from './fixtures';

const base = answerBase;

const WHERE = '// Sandbox · 127.0.0.1:4000 · Nov 23, 2026, 12:00:00 PM UTC';
const SENT = '// Sent with Content-Type: application/json · X-Api-Key: abcdef…wxyz · X-Api-Signature: Qk1x2z…8Q== (fingerprints)';

function header(status: number): string {
  return `// getStatus → HTTP ${status} in 12 ms\n${WHERE}\n${SENT}`;
}

describe('answer documents, line by line', () => {
  it('writes a result as the three header lines and the pretty-printed answer, nothing else', () => {
    const answer = renderAnswer({ ...base, text: '{"jsonrpc":"2.0","id":"1","result":"finished"}' });
    assert.equal(answer.text, `${header(200)}\n{\n  "jsonrpc": "2.0",\n  "id": "1",\n  "result": "finished"\n}\n`);
  });

  it('says how long the rate limit held the request, when it did', () => {
    const answer = renderAnswer({ ...base, queuedMs: 250, text: '{"result":1}' });
    assert.equal(answer.text.split('\n')[0], '// getStatus → HTTP 200 in 12 ms (held 250 ms by the rate limit first)');
  });

  it('keeps a name to one line: control characters become one space, the ends are trimmed, the length bounded', () => {
    const flat = renderAnswer({ ...base, method: '  get\r\n\tStatus  ', text: '{"result":1}' });
    assert.equal(flat.text.split('\n')[0], '// get Status → HTTP 200 in 12 ms');
    const exact = renderAnswer({ ...base, method: 'b'.repeat(80), text: '{"result":1}' });
    assert.equal(exact.text.split('\n')[0], `// ${'b'.repeat(80)} → HTTP 200 in 12 ms`);
    const long = renderAnswer({ ...base, method: 'a'.repeat(81), text: '{"result":1}' });
    assert.equal(long.text.split('\n')[0], `// ${'a'.repeat(79)}… → HTTP 200 in 12 ms`);
  });

  it('shows a body that is not JSON as it arrived under one line saying so, not ok even with HTTP 200', () => {
    const answer = renderAnswer({ ...base, contentType: 'text/plain', text: 'busy' });
    assert.deepEqual(answer, {
      text: `${header(200)}\n// The answer is not JSON (text/plain).\n\nbusy\n`,
      language: 'plaintext',
      outcome: 'HTTP 200',
      ok: false,
    });
  });

  it('says when the answer came without a content type', () => {
    const answer = renderAnswer({ ...base, contentType: '', text: 'busy' });
    assert.equal(answer.text.split('\n')[3], '// The answer is not JSON (no content type).');
  });

  it('pretty-prints JSON that is not a JSON-RPC object, with what the HTTP status means', () => {
    assert.deepEqual(renderAnswer({ ...base, text: '[1,2]' }), {
      text: `${header(200)}\n// The answer is JSON that is not a JSON-RPC object (application/json; charset=utf-8).\n[\n  1,\n  2\n]\n`,
      language: 'jsonc',
      outcome: 'HTTP 200',
      ok: false,
    });
    const failed = renderAnswer({ ...base, status: 502, text: '"down"' });
    assert.equal(
      failed.text,
      `${header(502)}\n// The answer is JSON that is not a JSON-RPC object (application/json; charset=utf-8).\n// Meaning: The service failed (HTTP 502).\n// What to do: Send again later.\n"down"\n`,
    );
    assert.equal(failed.outcome, 'HTTP 502');
  });

  it('reads an error whose code is not a number as no error at all', () => {
    const answer = renderAnswer({ ...base, text: '{"id":1,"error":{"code":"x","message":"m"}}' });
    assert.equal(answer.outcome, 'no result');
    assert.equal(answer.ok, false);
    assert.equal(
      answer.text,
      `${header(200)}\n// The answer has neither "result" nor "error".\n{\n  "id": 1,\n  "error": {\n    "code": "x",\n    "message": "m"\n  }\n}\n`,
    );
  });

  it('shows an error whose message is not a string with an empty message', () => {
    const answer = renderAnswer({ ...base, text: '{"id":1,"error":{"code":-1,"message":5}}' });
    assert.equal(answer.outcome, 'error -1');
    assert.equal(answer.text.split('\n')[3], '// Error -1: ');
  });

  it('adds what the HTTP status means to a result that came with a failing status', () => {
    const answer = renderAnswer({ ...base, status: 500, text: '{"result":1}' });
    const lines = answer.text.split('\n');
    assert.equal(lines[3], '// Meaning: The service failed (HTTP 500).');
    assert.equal(lines[4], '// What to do: Send again later.');
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
    const lines = answer.text.split('\n');
    assert.equal(lines.length, 6);
    assert.equal(lines.slice(0, 3).join('\n'), header(200));
    assert.equal(lines[3], '// The answer was too long to pretty-print; it is shown as it arrived, cut.');
    assert.equal(lines[4], `{"result":"${'y'.repeat(2097141)}`);
    assert.equal(lines[5], '');
    assert.equal(answer.outcome, 'result');
    assert.equal(answer.language, 'jsonc');
  });

  it('shows a long answer that is not JSON cut, saying how long it was', () => {
    const answer = renderAnswer({ ...base, contentType: 'text/plain', text: 'z'.repeat(MAX_SHOWN_CHARS + 3) });
    const lines = answer.text.split('\n');
    assert.equal(lines.length, 8);
    assert.equal(lines[3], '// The answer is not JSON (text/plain).');
    assert.equal(lines[4], '// The answer is 2097155 characters long; the first 2097152 are shown.');
    assert.equal(lines[5], '');
    assert.equal(lines[6], 'z'.repeat(2097152));
    assert.equal(lines[7], '');
    assert.equal(answer.language, 'plaintext');
  });
});
