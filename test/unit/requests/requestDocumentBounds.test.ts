import { strict as assert } from 'assert';
import { MAX_REQUEST_DOCUMENT_BYTES, parseRequests, unreadReason } from '../../../src/documents/document';
import { findUnknownMethods } from '../../../src/documents/unknownMethods';

/** A request document of exactly `bytes` UTF-8 bytes: one request and a note of 2-byte characters ("é"). */
function documentOfBytes(bytes: number): string {
  const head = '{"method": "getStats", "params": {"id": "abc"}, "note": "';
  const tail = '"}';
  const room = bytes - head.length - tail.length;
  const text = `${head}${'é'.repeat(Math.floor(room / 2))}${'x'.repeat(room % 2)}${tail}`;
  assert.equal(Buffer.byteLength(text, 'utf8'), bytes);
  return text;
}

function nested(levels: number): string {
  return `{"method": "getStatus", "params": ${'{"a":\n'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}}`;
}

const TOO_LARGE =
  'This request document is larger than 1 MiB: requests are not read from it. Split it into smaller documents.';
const TOO_DEEP =
  'This request document nests arrays and objects deeper than 64 levels: requests are not read from it. Flatten its values or split it.';

describe('request documents: bounds', () => {
  it('reads documents of up to 1 MiB, counted in UTF-8 bytes', () => {
    assert.equal(MAX_REQUEST_DOCUMENT_BYTES, 1_048_576);
    const text = documentOfBytes(1_048_576);
    assert.ok(text.length < 1_048_576, 'fewer characters than bytes');
    const parsed = parseRequests(text);
    assert.equal(parsed.unread, undefined);
    assert.equal(parsed.problem, undefined);
    assert.deepEqual(
      parsed.requests.map((r) => r.method),
      ['getStats'],
    );
    assert.deepEqual(
      findUnknownMethods(text).map((found) => found.method),
      ['getStats'],
    );
  });

  it('does not read a document of 1 MiB and one byte: no request, no warning on its methods, one message', () => {
    const text = documentOfBytes(1_048_577);
    assert.ok(text.length < 1_048_576, 'under 1 Mi characters: the bytes decide');
    assert.equal(unreadReason(text), 'too-large');
    assert.deepEqual(parseRequests(text), { requests: [], problem: TOO_LARGE, unread: 'too-large' });
    assert.deepEqual(findUnknownMethods(text), []);
  });

  it('does not read a document of 9.6 MiB holding 100,000 requests', () => {
    const request =
      '{"method": "getStatus", "params": {"id": "abcdefghijklmnop"}, "n": 12345678901234567890123456789012345678901234567},\n';
    const text = `[${request.repeat(100_000)}{}]`;
    assert.ok(Buffer.byteLength(text) > 9.5 * 1_048_576);
    assert.deepEqual(parseRequests(text), { requests: [], problem: TOO_LARGE, unread: 'too-large' });
    assert.deepEqual(findUnknownMethods(text), []);
  });

  it('reads a request nested 64 levels deep, and does not read one nested 100,000 levels (no stack overflow)', () => {
    const fine = parseRequests(nested(64));
    assert.equal(fine.unread, undefined);
    assert.equal(fine.requests[0]?.method, 'getStatus');
    assert.equal(fine.requests[0]?.problem, undefined);

    assert.deepEqual(parseRequests(nested(65)), { requests: [], problem: TOO_DEEP, unread: 'too-deep' });
    const deep = nested(100_000);
    assert.ok(Buffer.byteLength(deep) < MAX_REQUEST_DOCUMENT_BYTES, 'small enough to pass the size bound');
    assert.deepEqual(parseRequests(deep), { requests: [], problem: TOO_DEEP, unread: 'too-deep' });
    assert.deepEqual(findUnknownMethods(`{"method": "nope", "params": ${deep}}`), []);
  });
});
