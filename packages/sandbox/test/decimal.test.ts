/**
 * The sandbox's fixed-point decimals: reading a float's digits straight into the fixed value gives
 * what parsing its `toFixed` text gave, for every value the ledger makes and the edges around them;
 * rounding half up with the halves made once gives what halving each step gave.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import * as dec from '../src/decimal';

describe('sandbox decimals', () => {
  it('fromNumber gives what parsing the toFixed text gives, for any non-negative float and digits', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e21, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 0, max: 18 }),
        (value, digits) => {
          assert.equal(dec.fromNumber(value, digits), dec.parse(value.toFixed(digits)));
        },
      ),
      { numRuns: 2000 },
    );
    for (const [value, digits] of [
      [0, 2],
      [-0, 2],
      [999_999_999_999_999_868_928, 0], // the largest double below 10²¹
      [5e-324, 18],
      [123.456, 0],
      [8000, 9],
    ] as const)
      assert.equal(dec.fromNumber(value, digits), dec.parse(value.toFixed(digits)), `${value} ${digits}`);
  });

  it('fromNumber refuses what parse refuses: negative, not a number, written with an exponent', () => {
    assert.throws(() => dec.fromNumber(-1.5, 2), RangeError);
    assert.throws(() => dec.fromNumber(Number.NaN, 2), RangeError);
    assert.throws(() => dec.fromNumber(1e22, 2), RangeError);
  });

  it('round and roundSignificant round half up, as (a + step / 2) / step did', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }), (a, n) => {
        const decimals = Math.min(n, 18);
        const step = 10n ** BigInt(18 - decimals);
        assert.equal(dec.round(a, n), ((a + step / 2n) / step) * step);
        const digits = Math.max(1, n);
        const length = a.toString().length;
        const expected =
          length - digits <= 0
            ? a
            : ((a + 10n ** BigInt(length - digits) / 2n) / 10n ** BigInt(length - digits)) *
              10n ** BigInt(length - digits);
        assert.equal(dec.roundSignificant(a, digits), expected);
      }),
      { numRuns: 2000 },
    );
  });
});
