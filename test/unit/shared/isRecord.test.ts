/** The one object guard: a record of members, as a JSON object is; never null, an array or a primitive. */
import { strict as assert } from 'assert';
import { isRecord } from '../../../src/shared/isRecord';

describe('isRecord', () => {
  it('holds for objects and not for null, arrays or primitives', () => {
    for (const value of [{}, { a: 1 }, Object.create(null) as object, new Date(0)]) assert.equal(isRecord(value), true);
    for (const value of [null, undefined, [], [1], 'x', 1, true, 1n]) assert.equal(isRecord(value), false);
  });
});
