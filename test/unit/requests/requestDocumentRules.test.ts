/**
 * Request documents, rule by rule: what counts as a method and as an id, the parser's options
 * (comments allowed, trailing commas not), the document-level problems, the edges of a request's
 * place in the text, and how prepareRequest builds the envelope (id kept or made, "2.0" always).
 */
import { strict as assert } from 'assert';
import { parseRequests, prepareRequest, requestAt } from '../../../src/documents/document';
import type { DocumentRequest } from '../../../src/documents/document';

function only(text: string): DocumentRequest {
  const parsed = parseRequests(text);
  assert.equal(parsed.requests.length, 1, text);
  const [request] = parsed.requests;
  assert.ok(request);
  return request;
}

describe('request document rules', () => {
  it('takes a method only when it is a non-empty string', () => {
    for (const text of ['{"method": 5}', '{"method": ""}', '{"method": "   "}', '{"method": null}']) {
      const request = only(text);
      assert.equal(request.method, undefined, text);
      assert.equal(request.problem, 'This request has no "method".', text);
    }
    assert.equal(only('{"method": " getStatus "}').method, ' getStatus ', 'kept as written');
  });

  it('accepts a string, a number, null or no id, and nothing else', () => {
    for (const text of [
      '{"method": "m", "id": "abc"}',
      '{"method": "m", "id": 7}',
      '{"method": "m", "id": null}',
      '{"method": "m"}',
    ]) {
      const request = only(text);
      assert.equal(request.method, 'm', text);
      assert.equal(request.problem, undefined, text);
    }
    for (const text of ['{"method": "m", "id": true}', '{"method": "m", "id": {}}', '{"method": "m", "id": []}']) {
      assert.equal(only(text).problem, '"id" must be a string or a number (or be left out).', text);
    }
  });

  it('allows comments but not trailing commas', () => {
    const commented = parseRequests('// a note\n{ /* inline */ "method": "getStatus" }');
    assert.equal(commented.problem, undefined);
    assert.equal(commented.requests[0]?.method, 'getStatus');
    const trailing = parseRequests('{"method": "getStatus",}');
    assert.equal(trailing.problem, 'The document has JSON syntax errors; requests are read as far as they go.');
  });

  it('says whether a document without JSON is empty or not JSON, and holds no request then', () => {
    assert.deepEqual(parseRequests(''), { requests: [], problem: 'The document is empty.' });
    assert.deepEqual(parseRequests(' \n\t '), { requests: [], problem: 'The document is empty.' });
    assert.deepEqual(parseRequests('}'), { requests: [], problem: 'The document is not JSON.' });
    assert.deepEqual(parseRequests('"text"'), {
      requests: [],
      problem: 'A request document holds a JSON-RPC request object or an array of them.',
    });
    assert.deepEqual(parseRequests('[]'), { requests: [], problem: undefined });
  });

  it('counts both braces of a request as inside it', () => {
    const text = '[{"method":"a"},{"method":"b"}]';
    const { requests } = parseRequests(text);
    assert.deepEqual(
      requests.map((r) => [r.start, r.end]),
      [
        [1, 15],
        [16, 30],
      ],
    );
    assert.equal(requestAt(requests, 1)?.index, 0, 'on the opening brace');
    assert.equal(requestAt(requests, 15)?.index, 0, 'just after the closing brace');
    assert.equal(requestAt(requests, 16)?.index, 1);
    assert.equal(requestAt(requests, 0), undefined);
    assert.equal(requestAt(requests, 31), undefined);
  });

  it('keeps a written string id, and makes a fresh one for a null id', () => {
    assert.equal(
      prepareRequest(only('{"method": "m", "id": "mine"}'), () => 'made').body,
      '{"jsonrpc":"2.0","id":"mine","method":"m"}',
    );
    const nullId = prepareRequest(only('{"id": null, "method": "m", "params": [1]}'), () => 'made');
    assert.equal(nullId.body, '{"jsonrpc":"2.0","id":"made","method":"m","params":[1]}');
    assert.equal(nullId.id, 'made');
    assert.deepEqual(nullId.params, [1]);
  });

  it('makes a UUID for the id unless told otherwise', () => {
    const prepared = prepareRequest(only('{"method": "m"}'));
    assert.equal(typeof prepared.id, 'string');
    assert.match(String(prepared.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(prepared.body.startsWith(`{"jsonrpc":"2.0","id":"${String(prepared.id)}",`));
  });

  it('always sends "jsonrpc": "2.0", whatever the request object holds', () => {
    const request: DocumentRequest = {
      index: 0,
      start: 0,
      end: 0,
      method: 'm',
      value: { jsonrpc: '1.0', method: 'm' },
      problem: undefined,
    };
    assert.equal(prepareRequest(request, () => 'made').body, '{"jsonrpc":"2.0","id":"made","method":"m"}');
  });

  it('refuses a request with a problem, even one with a method, and one without a method', () => {
    const wrongVersion = only('{"method": "m", "jsonrpc": "1.0"}');
    assert.equal(wrongVersion.method, 'm');
    assert.throws(() => prepareRequest(wrongVersion, () => 'made'), {
      message: '"jsonrpc" must be "2.0" (or be left out).',
    });
    const noMethod: DocumentRequest = {
      index: 0,
      start: 0,
      end: 0,
      method: undefined,
      value: { params: {} },
      problem: undefined,
    };
    assert.throws(() => prepareRequest(noMethod, () => 'made'), { message: 'This request cannot be sent.' });
    const notObject: DocumentRequest = { index: 0, start: 0, end: 0, method: 'm', value: [1], problem: undefined };
    assert.throws(() => prepareRequest(notObject, () => 'made'), { message: 'This request cannot be sent.' });
  });
});
