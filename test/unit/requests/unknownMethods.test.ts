import { strict as assert } from 'assert';
import { OPERATIONS } from '../../../src/documents/operationTable';
import type { UnknownMethod } from '../../../src/documents/unknownMethods';
import { findUnknownMethods, suggestMethod } from '../../../src/documents/unknownMethods';
import { isValid } from './schema';

/** The text each range covers. */
const covered = (text: string, found: readonly UnknownMethod[]): string[] =>
  found.map((u) => text.slice(u.offset, u.offset + u.length));

describe('unknown methods in a request document', () => {
  it('says nothing about a known method, in an object or in an array', () => {
    for (const op of OPERATIONS) {
      assert.deepEqual(findUnknownMethods(JSON.stringify({ method: op.name, params: op.params })), [], op.name);
    }
    assert.deepEqual(
      findUnknownMethods(JSON.stringify(OPERATIONS.map((op) => ({ method: op.name, params: op.params })))),
      [],
    );
  });

  it('reports an unknown method with the range of its value (quotes included)', () => {
    const text = '{\n  "jsonrpc": "2.0",\n  "method": "getPartnerBalance",\n  "params": {}\n}\n';
    const found = findUnknownMethods(text);
    assert.equal(found.length, 1);
    assert.deepEqual(covered(text, found), ['"getPartnerBalance"']);
    assert.equal(found[0].offset, text.indexOf('"getPartnerBalance"'));
    assert.equal(found[0].method, 'getPartnerBalance');
    assert.equal(found[0].suggestion, undefined, 'getPartnerBalance is no slip for a known operation');
  });

  it('is the warning for what the schema accepts: the schema is valid where this reports', () => {
    const text = '{ "method": "getPartnerBalance", "params": { "from": "btc", "to": "eth" } }';
    assert.ok(isValid(JSON.parse(text)));
    assert.equal(findUnknownMethods(text).length, 1);
  });

  it('reports each unknown method of an array in document order, and only those', () => {
    const text = JSON.stringify(
      [
        { method: 'getStatus', params: { id: 'a' } },
        { method: 'getPartnerBalance', params: {} },
        { method: 'getTransactions', params: {} },
        { method: 'getstatus', params: {} },
      ],
      null,
      2,
    );
    const found = findUnknownMethods(text);
    assert.deepEqual(
      found.map((u) => u.method),
      ['getPartnerBalance', 'getstatus'],
    );
    assert.deepEqual(covered(text, found), ['"getPartnerBalance"', '"getstatus"']);
    assert.ok(found[0].offset < found[1].offset);
  });

  it('suggests the known operation a name is a slip for', () => {
    const text =
      '[{"method":"getStatsu"},{"method":"GetTransactions"},{"method":" getPairs "},{"method":"validateAdress"},{"method":"getPartnerBalance"}]';
    assert.deepEqual(
      findUnknownMethods(text).map((u) => u.suggestion),
      ['getStatus', 'getTransactions', 'getPairs', 'validateAddress', undefined],
    );
    assert.equal(suggestMethod('somethingElse'), undefined);
    assert.equal(suggestMethod('getPair'), 'getPairs');
  });

  it('looks at the envelope only: not at a method member inside params, nor in nested arrays', () => {
    const text = '{ "method": "getTransactions", "params": { "method": "nope" } }';
    assert.deepEqual(findUnknownMethods(text), []);
    assert.deepEqual(findUnknownMethods('[[{ "method": "nope" }]]'), []);
  });

  it('leaves empty and non-string methods to the schema (they are errors there)', () => {
    assert.deepEqual(findUnknownMethods('{ "method": "" }'), []);
    assert.deepEqual(findUnknownMethods('{ "method": 5 }'), []);
    assert.deepEqual(findUnknownMethods('{ "method": null }'), []);
    assert.deepEqual(findUnknownMethods('{ "params": {} }'), []);
    assert.equal(isValid({ method: '' }), false);
    assert.equal(isValid({ method: 5 }), false);
  });

  it('reads the last method where the key repeats (what JSON.parse sends)', () => {
    const text = '{ "method": "nope", "method": "getStatus", "params": { "id": "a" } }';
    assert.deepEqual(findUnknownMethods(text), []);
    const other = '{ "method": "getStatus", "method": "nope" }';
    assert.deepEqual(covered(other, findUnknownMethods(other)), ['"nope"']);
  });

  it('reads escapes as JSON does, and covers the value as written', () => {
    assert.deepEqual(findUnknownMethods('{ "method": "get\\u0053tatus" }'), [], 'get\\u0053tatus is getStatus');
    const text = '{ "method": "n\\u006fpe" }';
    const found = findUnknownMethods(text);
    assert.equal(found[0].method, 'nope');
    assert.deepEqual(covered(text, found), ['"n\\u006fpe"']);
  });

  it('reads a document being edited: comments, trailing commas, and text that does not parse yet', () => {
    const text = '// draft\n{ /* which */ "method": "nope", "params": {}, }';
    assert.deepEqual(covered(text, findUnknownMethods(text)), ['"nope"']);
    const broken = '[{ "method": "nope", "params": { "id": ';
    assert.deepEqual(covered(broken, findUnknownMethods(broken)), ['"nope"']);
    for (const nothing of ['', '   ', '"getStatus"', '42', 'null', '[', '{'])
      assert.deepEqual(findUnknownMethods(nothing), [], JSON.stringify(nothing));
  });
});
