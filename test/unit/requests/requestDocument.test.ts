import { strict as assert } from 'assert';
import { parseRequests, prepareRequest, requestAt } from '../../../src/documents/document';
import { summarizeParams } from '../../../src/features/requests/historyModel';
import { localProblem } from '../../../src/features/requests/localChecks';

describe('request documents', () => {
  it('reads one request, or an array of them, with their places in the text', () => {
    const single = '{ "method": "getStatus", "params": { "id": "abc" } }';
    const one = parseRequests(single);
    assert.equal(one.problem, undefined);
    assert.equal(one.requests.length, 1);
    assert.deepEqual(
      [one.requests[0]?.start, one.requests[0]?.end, one.requests[0]?.method],
      [0, single.length, 'getStatus'],
    );

    const text =
      '[\n  {"method": "getStatus", "params": {"id": "a"}},\n  {"method": "getTransactions", "params": {}}\n]';
    const many = parseRequests(text);
    assert.deepEqual(
      many.requests.map((r) => [r.index, r.method, text.slice(r.start, r.end)]),
      [
        [0, 'getStatus', '{"method": "getStatus", "params": {"id": "a"}}'],
        [1, 'getTransactions', '{"method": "getTransactions", "params": {}}'],
      ],
    );
    assert.equal(requestAt(many.requests, text.indexOf('getTransactions'))?.index, 1);
    assert.equal(requestAt(many.requests, 0), undefined, 'between requests of several: none');
    assert.equal(requestAt(one.requests, 999)?.index, 0, 'the only request wherever the cursor is');
  });

  it('keeps a broken request with what is wrong, and says when the document is not JSON', () => {
    const parsed = parseRequests(
      '[{"params": {}}, 42, {"method": "x", "jsonrpc": "1.0"}, {"method": "y", "id": true}]',
    );
    assert.deepEqual(
      parsed.requests.map((r) => r.problem),
      [
        'This request has no "method".',
        'A request is a JSON object with a "method".',
        '"jsonrpc" must be "2.0" (or be left out).',
        '"id" must be a string or a number (or be left out).',
      ],
    );
    assert.equal(parseRequests('').problem, 'The document is empty.');
    assert.match(parseRequests('"text"').problem ?? '', /request object or an array/);
    const broken = parseRequests('[{"method": "getStatus", "params": {"id": "a"}}, {"method": ');
    assert.match(broken.problem ?? '', /syntax errors/);
    assert.equal(broken.requests[0]?.method, 'getStatus', 'read as far as it goes');
  });

  it('fills in jsonrpc and id when left out, in front, and keeps the rest in the written order, compactly', () => {
    const [request] = parseRequests(
      '{\n  "method": "getTransactions",\n  "params": { "limit": 2, "currency": ["btc"] }\n}',
    ).requests;
    assert.ok(request);
    const prepared = prepareRequest(request, () => 'fixed-id');
    assert.equal(
      prepared.body,
      '{"jsonrpc":"2.0","id":"fixed-id","method":"getTransactions","params":{"limit":2,"currency":["btc"]}}',
    );
    assert.equal(prepared.id, 'fixed-id');
    const [withId] = parseRequests(
      '{"id": 5, "method": "getStatus", "jsonrpc": "2.0", "params": {"id": "a"}}',
    ).requests;
    assert.ok(withId);
    assert.equal(
      prepareRequest(withId, () => 'unused').body,
      '{"jsonrpc":"2.0","id":5,"method":"getStatus","params":{"id":"a"}}',
    );
    const [bad] = parseRequests('{"params": {}}').requests;
    assert.ok(bad);
    assert.throws(() => prepareRequest(bad), /no "method"/);
  });

  it('summarizes params on one bounded line', () => {
    assert.equal(summarizeParams({ id: 'abc' }), '{"id":"abc"}');
    assert.equal(summarizeParams(undefined), '');
    assert.equal(summarizeParams({ long: 'x'.repeat(200) }, 20).length, 20);
  });

  it("applies the client's own checks to the three operations it knows, and none to others", () => {
    assert.equal(localProblem('getStatus', { id: 'abc' }), undefined);
    assert.match(localProblem('getStatus', { id: '' }) ?? '', /Parameter id is invalid/);
    assert.match(localProblem('getStatus', ['abc']) ?? '', /an object/);
    assert.equal(localProblem('getTransactions', undefined), undefined);
    assert.match(localProblem('getTransactions', { limit: 1000 }) ?? '', /limit/);
    assert.match(
      localProblem('getTransactions', { id: Array.from({ length: 11 }, (_, i) => `id${i}`) }) ?? '',
      /at most 10/,
    );
    assert.match(localProblem('getTransactions', { since: 123 }) ?? '', /since/);
    assert.match(localProblem('getPairsParams', { from: 'btc', to: 'eth' }) ?? '', /array/);
    assert.match(localProblem('getPairsParams', [{ from: 'btc' }]) ?? '', /to/);
    assert.equal(localProblem('getPairsParams', [{ from: 'btc', to: 'eth' }]), undefined);
    assert.equal(localProblem('getExchangeAmount', { anything: true }), undefined);
  });
});
