/**
 * The known operation suggested for an unknown method name (suggestMethod): surrounding space
 * ignored, up to two edits counted exactly (a length gap of two, two slips in a row, the last
 * letter), and of two near operations the nearer one, the first one on a tie.
 */
import { strict as assert } from 'assert';
import { suggestMethod } from '../../../src/documents/unknownMethods';

describe('the suggestion for an unknown method name', () => {
  it('ignores surrounding space before counting edits', () => {
    assert.equal(suggestMethod('  getPair  '), 'getPairs');
    assert.equal(suggestMethod('\tgetstatu '), 'getStatus');
  });

  it('counts up to two edits, the last letter included', () => {
    assert.equal(suggestMethod('getStat'), 'getStatus', 'two letters missing');
    assert.equal(suggestMethod('gxxStatus'), 'getStatus', 'two slips in a row');
    assert.equal(suggestMethod('getStatuXYZ'), undefined, 'three edits, the last at the end');
  });

  it('suggests the nearer of two operations, the first one when both are as near', () => {
    assert.equal(
      suggestMethod('createFTransaction'),
      'createTransaction',
      '1 edit from it, 2 from createFixTransaction',
    );
    assert.equal(
      suggestMethod('createFiTransaction'),
      'createFixTransaction',
      '1 edit from it, 2 from createTransaction',
    );
    assert.equal(suggestMethod('createFyTransaction'), 'createTransaction', '2 edits from each');
  });
});
