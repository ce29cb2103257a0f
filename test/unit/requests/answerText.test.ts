import { strict as assert } from 'assert';
import { renderAnswer } from '../../../src/features/requests/answerText';
import { errorMeaning, httpMeaning } from '../../../src/api/errorMeaning';
import { assertGolden } from '../support/golden';
import { answerBase } from './fixtures';

const base = answerBase;

describe('answer documents', () => {
  it('shows a result pretty-printed under a header: status, time, where it went, the redacted headers', () => {
    const answer = renderAnswer({ ...base, text: '{"jsonrpc":"2.0","id":"1","result":"finished"}' });
    assert.equal(answer.language, 'jsonc');
    assert.equal(answer.outcome, 'result');
    assert.equal(answer.ok, true);
    assertGolden('requests/answer/result', answer.text);
    assert.ok(answer.text.includes('// X-Api-Key: abcdef…wxyz\n'), 'the fingerprints, as the client redacted them');
    assert.equal(
      answer.text.slice(answer.text.indexOf('{')),
      '{\n  "jsonrpc": "2.0",\n  "id": "1",\n  "result": "finished"\n}\n',
    );
  });

  it('decodes every error kind: its code, its meaning in this service and what to do', () => {
    const cases: [number, string, unknown, RegExp][] = [
      [-32600, 'Error: You reached requests limit 10 rps', undefined, /More than 10 requests a second/],
      [-32602, 'Parameter limit is invalid', undefined, /refused the parameter "limit"/],
      [
        -32602,
        'Invalid currency: xmr is temporary disabled on API as output currency',
        undefined,
        /xmr is temporarily disabled as output currency/,
      ],
      [-32602, 'Invalid currency: foo temporary disabled', undefined, /foo is temporarily disabled entirely/],
      [-32602, 'Invalid currency: zzz not found', undefined, /zzz is not listed/],
      [-32603, 'Internal Error', undefined, /fault on the service's side/],
      [-32601, 'Method not found', undefined, /does not know this method/],
      [-32700, 'Parse error', undefined, /could not parse the body/],
      [-32600, 'Invalid Request', undefined, /envelope is not valid/],
      [
        -32602,
        'Invalid amount for pair btc->eth. Minimum amount is 0.001 btc',
        { limits: { min: { from: '0.001', to: '0.03' }, max: { from: '5', to: '150' } } },
        /outside the pair's limits \(minimum 0\.001, maximum 5/,
      ],
      [-32600, 'Invalid amount: minimal amount is 0.5', undefined, /outside the pair's limits/],
      [-1, 'Strange', undefined, /does not know \(code -1\)/],
    ];
    const texts: string[] = [];
    for (const [code, message, data, meaning] of cases) {
      const answer = renderAnswer({
        ...base,
        text: JSON.stringify({ jsonrpc: '2.0', id: '1', error: { code, message, data } }),
      });
      assert.equal(answer.outcome, `error ${code}`);
      assert.equal(answer.ok, false);
      assert.match(answer.text, new RegExp(`^// Error ${code}: `, 'm'));
      assert.match(errorMeaning(code, message, data).meaning, meaning, `${code} ${message}`);
      assert.match(answer.text, /^\/\/ What to do: \S/m);
      texts.push(answer.text.slice(0, answer.text.indexOf('\n{')));
    }
    // Each answer's header, whole: the meaning and what to do wrapped to the header's width.
    assertGolden('requests/answer/error-kinds', texts.join('\n\n'));
  });

  it('shows a body that is not JSON as it arrived, with what the HTTP status means', () => {
    const answer = renderAnswer({ ...base, status: 401, contentType: 'text/plain', text: 'Unauthorized' });
    assert.equal(answer.language, 'plaintext');
    assert.equal(answer.outcome, 'HTTP 401');
    assert.match(httpMeaning(401)?.meaning ?? '', /refused the key or the signature/);
    assertGolden('requests/answer/http-401', answer.text);
    assert.ok(answer.text.endsWith('\nUnauthorized\n'));
    assert.match(httpMeaning(502)?.meaning ?? '', /HTTP 502/);
    assert.equal(httpMeaning(200), undefined);
  });

  it('keeps hostile text from breaking out of a header line or reordering what is shown', () => {
    const answer = renderAnswer({
      ...base,
      method: 'x\n{"forged": true}',
      text: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -1, message: 'line\nbreak \u202e' },
        x: 'a\u202eb',
      }),
    });
    const header = answer.text.split('\n').filter((line) => line.startsWith('//'));
    assert.ok(
      answer.text.split('\n').every((line) => line.startsWith('//') || !line.includes('forged')),
      'the method stays in its comment line',
    );
    assert.ok(header.some((line) => line.includes('line break')));
    assert.ok(!answer.text.includes('\u202e'), 'no bidi control anywhere');
    assert.match(answer.text, /a\\u202eb/);
  });

  it('says so when an answer has neither result nor error', () => {
    const answer = renderAnswer({ ...base, text: '{"jsonrpc":"2.0","id":1}' });
    assert.equal(answer.outcome, 'no result');
    assert.equal(answer.ok, false);
  });
});
