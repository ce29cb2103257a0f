/**
 * The local checks of a request document's params (localProblem): the exact sentence for params
 * of the wrong shape, each operation checked by its own rules and not by the next one's.
 */
import { strict as assert } from 'assert';
import { localProblem } from '../../../src/features/requests/localChecks';

describe('local checks of request params', () => {
  it('checks getStatus by its own rules: an object with an id', () => {
    assert.equal(localProblem('getStatus', ['abc']), '"params" of getStatus is an object: {"id": "…"}.');
    assert.equal(localProblem('getStatus', {}), 'Parameter id is invalid: expected a string');
    assert.equal(localProblem('getStatus', { id: 'abc' }), undefined);
  });

  it('takes no params or an object of filters for getTransactions, nothing else', () => {
    assert.equal(localProblem('getTransactions', [1]), '"params" of getTransactions is an object of filters.');
    assert.equal(localProblem('getTransactions', 'x'), '"params" of getTransactions is an object of filters.');
    assert.equal(localProblem('getTransactions', null), '"params" of getTransactions is an object of filters.');
    assert.equal(localProblem('getTransactions', {}), undefined);
  });

  it('takes an array of pairs for getPairsParams', () => {
    assert.equal(localProblem('getPairsParams', {}), '"params" of getPairsParams is an array of {"from", "to"} pairs.');
  });
});
