/**
 * The id search's smaller rules, written out: which setting texts give the built-in pattern, the
 * search window's cut edges on both sides for a user's pattern, a search that finds nothing
 * (not a timeout), and a whole text that is more than an id.
 */
import { strict as assert } from 'assert';
import {
  compileIdPattern,
  DEFAULT_ID_PATTERN,
  ID_SEARCH_WINDOW,
  searchIdAt,
} from '../../../src/features/lookup/idPattern';
import { findIdAt, matchesIdPattern } from './findId';

describe('id search rules', () => {
  it('no setting, a blank one and the default text itself give the built-in pattern, without an error', () => {
    for (const source of [undefined, '', '   ', DEFAULT_ID_PATTERN]) {
      const compiled = compileIdPattern(source);
      assert.equal(compiled.builtIn, true, String(source));
      assert.equal(compiled.source, DEFAULT_ID_PATTERN);
      assert.equal(compiled.error, undefined);
    }
    assert.equal(compileIdPattern('ord_[a-z0-9]+').builtIn, undefined);
  });

  it(`a user's pattern: a match running past the ${ID_SEARCH_WINDOW}-character window on either side is not trusted`, () => {
    const letters = compileIdPattern('[a-z]+');
    const long = 'a'.repeat(100);
    assert.equal(findIdAt(long, 0, letters), undefined, 'cut on the right');
    assert.equal(findIdAt(long, 99, letters), undefined, 'cut on the left');
    const fits = `${'b'.repeat(10)} ${'a'.repeat(60)} ${'c'.repeat(10)}`;
    assert.deepEqual(findIdAt(fits, 11, letters), { id: 'a'.repeat(60), start: 11, end: 71 });
  });

  it('a search that finds nothing says so, and that it did not time out', () => {
    assert.deepEqual(searchIdAt('no id here', 3, compileIdPattern('ord_[a-z0-9]+')), {
      match: undefined,
      timedOut: false,
    });
    assert.deepEqual(searchIdAt('no id here', 3, compileIdPattern(undefined)), { match: undefined, timedOut: false });
  });

  it('matchesIdPattern: the whole text, not an id at its start', () => {
    const pattern = compileIdPattern(undefined);
    assert.equal(matchesIdPattern('abcd1234', pattern), true);
    assert.equal(matchesIdPattern('abcd1234 x', pattern), false);
    assert.equal(matchesIdPattern('x abcd1234', pattern), false);
  });
});
