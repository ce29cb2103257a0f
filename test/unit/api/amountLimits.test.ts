import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import { amountLimits, serviceErrorFrom } from '../../../src/api';

describe("amount limits of an error's data", () => {
  it('reads the documented shape, keeping the decimal strings as sent', () => {
    const data = {
      limits: { max: { from: '12.30000000', to: '449172.45240999997' }, min: { from: '0.0465', to: '1.2' } },
    };
    assert.deepEqual(amountLimits(data), {
      min: { from: '0.0465', to: '1.2' },
      max: { from: '12.30000000', to: '449172.45240999997' },
    });
  });

  it('reads it from the data of a service error as the transport hands it over', () => {
    const error = serviceErrorFrom(-32602, 'Invalid amount for pair btc->eth. Maximum amount is 12.3 btc', {
      limits: { max: { from: '12.3', to: '190.5' }, min: { from: '0.001', to: '0.0155' } },
    });
    assert.deepEqual(amountLimits(error.data), {
      min: { from: '0.001', to: '0.0155' },
      max: { from: '12.3', to: '190.5' },
    });
  });

  it('reads the similar shapes: bare bounds, estimate field names, one side only, numbers written plainly', () => {
    assert.deepEqual(amountLimits({ limits: { min: '0.1', max: '20' } }), {
      min: { from: '0.1' },
      max: { from: '20' },
    });
    assert.deepEqual(amountLimits({ limits: { minFrom: '0.1', maxFrom: '20', minTo: '3', maxTo: '600' } }), {
      min: { from: '0.1', to: '3' },
      max: { from: '20', to: '600' },
    });
    assert.deepEqual(amountLimits({ limits: { max: { from: '5' } } }), { max: { from: '5' } });
    assert.deepEqual(amountLimits({ limits: { min: { to: '7' } } }), { min: { to: '7' } });
    assert.deepEqual(amountLimits({ limits: { min: { from: 0.5, to: 12 } } }), { min: { from: '0.5', to: '12' } });
    assert.deepEqual(amountLimits({ limits: { min: { from: ' 0.5 ' } } }), { min: { from: '0.5' } });
  });

  it('gives undefined, or leaves out a bound, for hostile and broken shapes, and never throws', () => {
    const none: unknown[] = [
      undefined,
      null,
      0,
      'limits',
      [],
      [{ limits: { min: { from: '1' } } }],
      {},
      { limits: null },
      { limits: 'min 0.1' },
      { limits: [] },
      { limits: [{ from: '1' }] },
      { limits: {} },
      { limits: { min: null, max: [] } },
      { limits: { min: { from: '-1', to: '1e5' }, max: { from: 'NaN', to: 'Infinity' } } },
      { limits: { min: { from: 1e21, to: 1e-7 }, max: { from: -3, to: Number.NaN } } },
      { limits: { min: { from: '<img src=x onerror=alert(1)>', to: '0.1 BTC' } } },
      { limits: { min: { from: '1'.repeat(65) } } },
      { limits: { min: { from: { toString: () => '1' } } } },
      { limits: { min: { from: ['1'] } } },
      Object.create({ limits: { min: { from: '1' } } }) as unknown,
      { limits: Object.create({ min: { from: '1' } }) as unknown },
      JSON.parse('{"__proto__": {"limits": {"min": {"from": "1"}}}}') as unknown,
    ];
    for (const data of none) assert.equal(amountLimits(data), undefined, JSON.stringify(data) ?? String(data));
  });

  it('runs no getter and survives proxies that throw', () => {
    let ran = 0;
    const withGetter = {
      get limits() {
        ran++;
        return { min: { from: '1' } };
      },
    };
    assert.equal(amountLimits(withGetter), undefined);
    const nestedGetter = {
      limits: {
        get min() {
          ran++;
          return { from: '1' };
        },
      },
    };
    assert.equal(amountLimits(nestedGetter), undefined);
    assert.equal(ran, 0);
    const throwing = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    assert.equal(amountLimits(throwing), undefined);
    assert.equal(amountLimits({ limits: throwing }), undefined);
    assert.equal(amountLimits({ limits: { min: throwing, max: { from: '2' } } }), undefined);
  });

  it('never throws and only ever returns plain decimal strings, whatever JSON arrives (property)', () => {
    const decimal = /^\d+(\.\d+)?$/;
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (a, b, c) => {
        for (const data of [
          a,
          { limits: a },
          { limits: { min: a, max: b } },
          { limits: { min: { from: a, to: b }, max: c } },
        ]) {
          const limits = amountLimits(data);
          if (limits === undefined) continue;
          for (const bound of [limits.min, limits.max]) {
            for (const value of [bound?.from, bound?.to]) if (value !== undefined) assert.match(value, decimal);
          }
        }
      }),
    );
  });

  it('reads an amount text of up to 64 characters and a number 0; a longer text is no amount', () => {
    const long = '1'.repeat(64);
    assert.deepEqual(amountLimits({ limits: { min: { from: long, to: 0 } } }), { min: { from: long, to: '0' } });
    assert.equal(amountLimits({ limits: { min: { from: `${long}1` } } }), undefined);
  });
});
