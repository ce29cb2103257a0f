import { strict as assert } from 'assert';
import { runBounded } from '../../../src/features/lookup/timeBound';

/** A bound no work of these tests that ends comes near, even with a garbage collection in the middle. */
const AMPLE_MS = 10_000;

describe('time bound', () => {
  it('gives the result of work that ends', () => {
    assert.deepEqual(
      runBounded(() => 'abc12345'.match(/[0-9]+/)?.[0], AMPLE_MS),
      { timedOut: false, value: '12345' },
    );
  });

  it('stops work that would never end, and can run again after it', () => {
    // Without the bound this loop never ends (the test would fail by mocha's timeout).
    let turns = 0;
    assert.deepEqual(
      runBounded(() => {
        for (;;) turns++;
      }),
      { timedOut: true },
    );
    assert.ok(turns > 0);
    assert.deepEqual(
      runBounded(() => 42, AMPLE_MS),
      { timedOut: false, value: 42 },
    );
  });

  it('throws what the work throws', () => {
    assert.throws(
      () =>
        runBounded(() => {
          throw new RangeError('bad');
        }, AMPLE_MS),
      (error: unknown) => error instanceof RangeError && error.message === 'bad',
    );
    assert.deepEqual(
      runBounded(() => 'still fine', AMPLE_MS),
      { timedOut: false, value: 'still fine' },
    );
  });

  it('throws null and undefined as they are, too (work may throw anything)', () => {
    for (const thrown of [null, undefined, 'text']) {
      assert.throws(
        () =>
          runBounded(() => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- what is under test is a throw of no Error
            throw thrown;
          }, AMPLE_MS),
        (error: unknown) => error === thrown,
        String(thrown),
      );
    }
  });
});
