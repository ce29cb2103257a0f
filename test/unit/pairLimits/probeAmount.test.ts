import { strict as assert } from 'assert';
import fc from 'fast-check';
import { defaultAmount as probeAmount } from '../../../src/features/common/payinAmount';

describe('pair limits: the probe amount', () => {
  it('is twice the minimum, kept within the maximum, as an exact decimal string', () => {
    assert.equal(probeAmount({ min: '0.000609', max: '10.40721699267' }), '0.001218');
    assert.equal(probeAmount({ min: '79.1', max: '1748469.836760023' }), '158.2');
    assert.equal(probeAmount({ min: '0.5' }), '1');
    assert.equal(probeAmount({ min: '0.05', max: '0.1' }), '0.1', 'twice the minimum may be the maximum itself');
    assert.equal(probeAmount({ min: '3', max: '5' }), '3', 'twice the minimum is above the maximum: the minimum');
    assert.equal(probeAmount({ min: '0.30', max: '0.6000' }), '0.6');
    assert.equal(
      probeAmount({ min: '123456789012345678901234567890.123456789', max: '999999999999999999999999999999999' }),
      '246913578024691357802469135780.246913578',
    );
  });

  it('is the maximum when only that is known, and 1 when nothing usable is', () => {
    assert.equal(probeAmount({ max: '2.5' }), '2.5');
    assert.equal(probeAmount({ min: '0', max: '7' }), '7');
    for (const bounds of [
      undefined,
      {},
      { min: '' },
      { min: '-1' },
      { min: '1e-5' },
      { min: 'NaN', max: 'x' },
      { min: '0', max: '0.000' },
      { min: ' 1 2 ' },
    ]) {
      assert.equal(probeAmount(bounds), '1', JSON.stringify(bounds));
    }
  });

  it('lies within [min, max] for any bounds with min ≤ max (property)', () => {
    const decimal = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }));
    const text = ([units, scale]: [bigint, number]): string => {
      const digits = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    };
    /** a × 10^36 as a bigint, for comparing: the test's own arithmetic. */
    const scaled = (value: string): bigint => {
      const [whole = '0', fraction = ''] = value.split('.');
      return BigInt(whole + fraction.padEnd(36, '0'));
    };
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        let [min, max] = [text(a), text(b)];
        if (scaled(min) > scaled(max)) [min, max] = [max, min];
        const probe = probeAmount({ min, max });
        assert.match(probe, /^\d+(\.\d*[1-9])?$/, 'a plain decimal without trailing zeros');
        assert.ok(scaled(probe) >= scaled(min) && scaled(probe) <= scaled(max), `${probe} in [${min}, ${max}]`);
      }),
    );
  });
});
