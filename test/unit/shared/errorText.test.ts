import { strict as assert } from 'assert';
import { errorText } from '../../../src/shared/errorText';

describe('errorText', () => {
  it('is the message of an Error, of its subclasses too, without the name', () => {
    assert.equal(errorText(new Error('the key is not PEM')), 'the key is not PEM');
    assert.equal(errorText(new TypeError('not a function')), 'not a function');
    class RefusedError extends Error {
      override name = 'RefusedError';
    }
    assert.equal(errorText(new RefusedError('refused')), 'refused');
    assert.equal(errorText(new Error('')), '');
  });

  it('is String() of anything else thrown', () => {
    assert.equal(errorText('plain words'), 'plain words');
    assert.equal(errorText(42), '42');
    assert.equal(errorText(undefined), 'undefined');
    assert.equal(errorText(null), 'null');
    assert.equal(errorText({ message: 'not an Error' }), '[object Object]');
    assert.equal(errorText({ toString: () => 'told' }), 'told');
  });
});
