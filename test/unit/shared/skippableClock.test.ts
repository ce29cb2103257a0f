/** The extension's clock for the sandbox: real time plus an offset that only grows. */
import { strict as assert } from 'assert';
import { SkippableClock } from '../../../src/shared/skippableClock';

describe('SkippableClock', () => {
  it('reads real time until it is skipped', () => {
    const clock = new SkippableClock();
    const before = Date.now();
    const now = clock.now();
    const after = Date.now();
    assert.ok(now >= before && now <= after, `${now} is between ${before} and ${after}`);
    assert.equal(clock.skippedMs, 0);
  });

  it('skips ahead by what advance() is given, in all, and returns the new time', () => {
    const clock = new SkippableClock();
    const before = Date.now();
    const returned = clock.advance(60_000);
    clock.advance(0);
    clock.advance(5_000);
    const now = clock.now();
    const after = Date.now();
    assert.equal(clock.skippedMs, 65_000);
    assert.ok(returned >= before + 60_000 && returned <= after + 60_000, `advance returned ${returned}`);
    assert.ok(now >= before + 65_000 && now <= after + 65_000, `${now} is 65 s ahead of real time`);
  });

  it('refuses a negative or non-finite step and stays where it was', () => {
    const clock = new SkippableClock();
    clock.advance(1_000);
    for (const bad of [-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(
        () => clock.advance(bad),
        (e: unknown) =>
          e instanceof RangeError && e.message === 'advance() takes a non-negative number of milliseconds',
        String(bad),
      );
    }
    assert.equal(clock.skippedMs, 1_000);
  });
});
