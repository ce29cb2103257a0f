/**
 * How commands receive a transaction id: the quotes a selection in code carries, the length
 * bounds, and the shapes an argument may come in. Expected values written out.
 */
import { strict as assert } from 'assert';
import { idFromArgument, idProblem, isPlausibleId, trimId } from '../../../src/shared/transactionId';

describe('transaction ids', () => {
  it('trimId takes off space and one pair of matching quotes or backticks around the whole text', () => {
    assert.equal(trimId('  abcd1234  '), 'abcd1234');
    assert.equal(trimId("'abcd1234'"), 'abcd1234');
    assert.equal(trimId('"abcd1234"'), 'abcd1234');
    assert.equal(trimId('`abcd1234`'), 'abcd1234');
    assert.equal(trimId(' " abcd1234 " '), 'abcd1234', 'space inside the quotes goes too');
    assert.equal(trimId('"ab\ncd"'), 'ab\ncd', 'a quoted text over two lines is one text');
  });

  it('trimId leaves quotes that do not enclose the whole text', () => {
    assert.equal(trimId('\'abcd1234"'), '\'abcd1234"');
    assert.equal(trimId("'abcd1234"), "'abcd1234");
    assert.equal(trimId("x'abcd1234'"), "x'abcd1234'");
    assert.equal(trimId("'abcd'1234"), "'abcd'1234");
  });

  it('idProblem: empty, characters, and a length of 4 to 64', () => {
    assert.equal(idProblem('  '), 'empty');
    assert.equal(idProblem('""'), 'empty');
    assert.equal(idProblem('abc.def'), 'characters');
    assert.equal(idProblem('abc'), 'length');
    assert.equal(idProblem('abcd'), undefined);
    assert.equal(idProblem('a'.repeat(64)), undefined);
    assert.equal(idProblem('a'.repeat(65)), 'length');
    assert.equal(idProblem("'pgj49c80p572minj'"), undefined);
  });

  it('isPlausibleId takes the text exactly as given', () => {
    assert.equal(isPlausibleId('pgj49c80p572minj'), true);
    assert.equal(isPlausibleId('A-b_9'), true);
    assert.equal(isPlausibleId(' pgj49c80p572minj'), false);
    assert.equal(isPlausibleId('abc'), false);
    assert.equal(isPlausibleId('a'.repeat(65)), false);
  });

  it('idFromArgument reads a string, an object with an id, or one with a record holding it', () => {
    assert.equal(idFromArgument(' "pgj49c80p572minj" '), 'pgj49c80p572minj');
    assert.equal(idFromArgument({ id: 'pgj49c80p572minj' }), 'pgj49c80p572minj');
    assert.equal(idFromArgument({ record: { id: ' pgj49c80p572minj ' } }), 'pgj49c80p572minj');
    assert.equal(idFromArgument({ id: 7, record: { id: 'pgj49c80p572minj' } }), 'pgj49c80p572minj');
    assert.equal(idFromArgument('  '), undefined);
    assert.equal(idFromArgument({ id: 7 }), undefined);
    assert.equal(idFromArgument({ record: null }), undefined);
    assert.equal(idFromArgument(null), undefined);
    assert.equal(idFromArgument(42), undefined);
  });
});
