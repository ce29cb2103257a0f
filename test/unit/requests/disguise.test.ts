/**
 * Request documents that read differently from what they send are refused (the attack: a second
 * "method" 400 columns to the right, which JSON keeps, turning a getStatus into a create).
 */
import { strict as assert } from 'assert';
import { parseRequests, prepareRequest } from '../../../src/documents/document';
import { parseTree } from 'jsonc-parser';
import { displayColumns, duplicateMember, MAX_REQUEST_LINE, TAB_STOP } from '../../../src/documents/disguise';

const problemOf = (text: string, index = 0) => parseRequests(text).requests[index]?.problem;

describe('disguised request documents', () => {
  it('refuses a second "method" far to the right, which is the one JSON would send', () => {
    const text = `{\n  "method": "getStatus",\n  "params": { "id": "abc" },${' '.repeat(400)}"method": "createFixTransaction"\n}`;
    const [request] = parseRequests(text).requests;
    assert.equal(request?.method, 'createFixTransaction', 'what the parser (and JSON.parse) keeps');
    assert.equal(
      request?.problem,
      '"method" is written twice in the request: only the last one would be sent. Keep one.',
    );
    assert.throws(() => request && prepareRequest(request), /written twice/);
  });

  it('refuses a member written twice at any depth, naming where', () => {
    assert.equal(
      problemOf('{"method":"createTransaction","params":{"address":"a","amountFrom":"1","address":"b"}}'),
      '"address" is written twice in "params": only the last one would be sent. Keep one.',
    );
    assert.equal(
      problemOf(
        '[{"method":"getStatus"},{"method":"getPairsParams","params":[{"from":"btc","to":"eth","to":"xmr"}]}]',
        1,
      ),
      '"to" is written twice in "params[0]": only the last one would be sent. Keep one.',
    );
    assert.equal(
      problemOf(
        '[{"method":"getStatus"},{"method":"getPairsParams","params":[{"from":"btc","to":"eth","to":"xmr"}]}]',
        0,
      ),
      undefined,
      'the other request is fine',
    );
    assert.equal(
      problemOf('{"method":"getStatus","params":{"id":"a"},"x":{"id":"a"}}'),
      undefined,
      'the same name in two objects is no duplicate',
    );
  });

  it('walks a deeply nested request without recursion, finding a duplicate at the bottom', () => {
    const depth = 1000;
    const root = parseTree(`{"method":"getStatus","params":${'[\n'.repeat(depth)}{"a":1,"a":2}${']\n'.repeat(depth)}}`);
    assert.ok(root);
    assert.deepEqual(duplicateMember(root), { where: `params${'[0]'.repeat(depth)}`, name: 'a' });
  });

  it('refuses invisible characters, naming the line and the code point; tabs and newlines are fine', () => {
    assert.equal(problemOf('{\n\t"method": "getStatus",\r\n\t"params": {"id": "a"}\n}'), undefined);
    assert.equal(
      problemOf('{\n  "method": "getStatus",\n  "params": {"id": "ab\u202Ecd"}\n}'),
      'Line 3 holds an invisible character (U+202E): what is sent would not be what you read. Remove it.',
    );
    assert.equal(
      problemOf('{"method": "getStatus\u200B"}'),
      'Line 1 holds an invisible character (U+200B): what is sent would not be what you read. Remove it.',
    );
    assert.equal(
      problemOf('{"method": "getStatus", "params": {"id": "a\u00A0b"}}'),
      'Line 1 holds an invisible character (U+00A0): what is sent would not be what you read. Remove it.',
    );
  });

  it(`refuses a line longer than ${MAX_REQUEST_LINE} characters, and takes one of exactly that length`, () => {
    const line = (length: number) => {
      const head = '{"method": "getStatus", "params": {"id": "';
      const tail = '"}}';
      return head + 'a'.repeat(length - head.length - tail.length) + tail;
    };
    assert.equal(line(300).length, 300);
    assert.equal(problemOf(line(300)), undefined);
    assert.equal(
      problemOf(line(301)),
      'Line 1 is 301 columns wide, more than 300: part of the request would be out of sight. Format the document (Shift+Alt+F) or break the line.',
    );
    assert.equal(
      problemOf(`// ${'x'.repeat(400)}\n{"method": "getStatus"}`),
      undefined,
      'a long line outside the request',
    );
    assert.equal(problemOf(`{"method": "getStatus"}\n\n  ${' '.repeat(400)}`), undefined, 'after it');
  });

  it(`counts a line in display columns: a tab reaches the next multiple of ${TAB_STOP}, a wide character takes two`, () => {
    assert.equal(TAB_STOP, 8);
    assert.equal(displayColumns('\t'), 8);
    assert.equal(displayColumns('ab\tc'), 9);
    assert.equal(displayColumns('abcdefgh\t'), 16);
    assert.equal(displayColumns('\u4E2D\u6587'), 4, 'CJK characters are two columns wide');
    assert.equal(displayColumns('\u{1F600}'), 2, 'an emoji too, counted once though two UTF-16 units');
    assert.equal(
      displayColumns('e\u0301'),
      2,
      'a combining mark is counted as a column of its own: wider, never narrower',
    );
  });

  it('refuses a line of 292 characters that tabs pad to about 1000 columns, hiding a second member', () => {
    const head = '{ "method": "getTransactions", "params": { "limit": 1 },';
    const tail = '"id": "hidden-past-the-edge" }';
    const line = `${head}${'\t'.repeat(100)}${tail}`.padEnd(292, ' ');
    assert.equal(line.length, 292, 'under 300 characters');
    const text = `${line}\n`;
    const columns = displayColumns(line);
    assert.ok(columns > 950, `${columns} columns`);
    assert.equal(
      problemOf(text),
      `Line 1 is ${columns} columns wide, more than 300: part of the request would be out of sight. Format the document (Shift+Alt+F) or break the line.`,
    );
    assert.equal(
      problemOf(`{\n\t"method": "getStatus",\n\t\t"params": {"id": "a"}\n}`),
      undefined,
      'tabs that indent are fine',
    );
  });

  it('refuses a "method" member anywhere but the top level of a request, naming where', () => {
    const decoy = [
      '{',
      '  "params": {',
      '    "method": "getStatus",',
      '    "id": "abc"',
      '  },',
      ...Array.from({ length: 80 }, () => ''),
      '  "method": "createTransaction"',
      '}',
    ].join('\n');
    const [request] = parseRequests(decoy).requests;
    assert.equal(request?.method, 'createTransaction');
    assert.equal(
      request?.problem,
      '"method" is written inside "params": only the request\'s own "method" is sent, and this one could be read as it. Remove it.',
    );
    assert.throws(() => request && prepareRequest(request), /written inside/);
    assert.equal(
      problemOf('{"method":"getPairsParams","params":[{"from":"btc","to":"eth"},{"x":{"method":"y"}}]}'),
      '"method" is written inside "params[1].x": only the request\'s own "method" is sent, and this one could be read as it. Remove it.',
    );
    assert.equal(
      problemOf('[{"method":"getStatus","params":{"id":"a"}},{"method":"getStatus","params":{"id":"b"}}]', 1),
      undefined,
      'each request of an array has its own top level',
    );
    assert.equal(
      problemOf('{"method":"getStatus","params":{"id":"a","note":"the method is getStatus"}}'),
      undefined,
      'only a member named method counts',
    );
  });
});
