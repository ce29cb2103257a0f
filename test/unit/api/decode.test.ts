import { strict as assert } from 'assert';
import fc from 'fast-check';
import { ProtocolError } from '../../../src/api';
import { decodePairLimits, decodeStatus, decodeTransactions, toMicroseconds } from '../../../src/api/decode';
import { wireRecord } from '../support/wireRecord';

describe('decoding', () => {
  it('decodes a complete record and keeps amounts as the exact strings', () => {
    const [record] = decodeTransactions([wireRecord({ amountTo: '449172.45240999997' })]);
    assert.ok(record);
    assert.equal(record.amountTo, '449172.45240999997');
    assert.equal(record.status, 'finished');
    assert.equal(record.payTill, null);
    assert.equal(record.createdAt, 1_763_700_000_123_456);
  });

  it('tolerates every variation docs/service/rules.md lists', () => {
    const base = wireRecord();
    delete base.moneySent;
    delete base.refundHash;
    delete base.refundHashLink;
    delete base.payinExtraIdName;
    const [record] = decodeTransactions([
      {
        ...base,
        amountFrom: '',
        totalFee: null,
        status: 'hold*',
        createdAt: 1_763_700_000,
        moneyReceived: 1_763_700_100_000,
        trackUrl: 'https://x',
        subaccountId: 7,
        type: 'fixed',
        payTill: '2026-11-21T10:00:00.000+00:00',
      },
    ]);
    assert.ok(record);
    assert.equal(record.moneySent, 0);
    assert.equal(record.refundHash, null);
    assert.equal(record.refundHashLink, null);
    assert.equal(record.payinExtraIdName, null);
    assert.equal(record.amountFrom, '');
    assert.equal(record.totalFee, null);
    assert.equal(record.status, 'hold');
    assert.equal(record.rawStatus, 'hold*');
    assert.equal(record.createdAt, 1_763_700_000_000_000, 'seconds become microseconds');
    assert.equal(record.moneyReceived, 1_763_700_100_000_000, 'milliseconds become microseconds');
    assert.equal(record.payTill, '2026-11-21T10:00:00.000+00:00');
    assert.ok(!('trackUrl' in record));
  });

  it('keeps an unknown status as unknown with its raw text', () => {
    const [record] = decodeTransactions([wireRecord({ status: 'paused' })]);
    assert.deepEqual([record?.status, record?.rawStatus], ['unknown', 'paused']);
    assert.deepEqual(decodeStatus('confirming'), { status: 'confirming', rawStatus: 'confirming' });
    assert.deepEqual(decodeStatus('HOLD*'), { status: 'hold', rawStatus: 'HOLD*' });
  });

  it('rejects a wrong shape with a protocol error naming the field', () => {
    const cases: [unknown, string][] = [
      [{ not: 'an array' }, 'result'],
      [[wireRecord({ createdAt: 'yesterday' })], 'result[0].createdAt'],
      [[wireRecord(), wireRecord({ type: 'instant' })], 'result[1].type'],
      [[wireRecord({ amountTo: 7.4 })], 'result[0].amountTo'],
      [[wireRecord({ canRefund: 'no' })], 'result[0].canRefund'],
      [[wireRecord({ id: undefined })], 'result[0].id'],
    ];
    for (const [value, field] of cases) {
      assert.throws(
        () => decodeTransactions(value),
        (e: unknown) => e instanceof ProtocolError && e.field === field && e.message.includes(field),
        field,
      );
    }
    assert.throws(
      () => decodeStatus(42),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result',
    );
    assert.throws(
      () =>
        decodePairLimits([{ from: 'btc', to: 'eth', minAmountFloat: '1', maxAmountFloat: '2', minAmountFixed: '1' }]),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result[0].maxAmountFixed',
    );
  });

  it('decodes pair limits keeping the decimal strings', () => {
    const pair = {
      from: 'btc',
      to: 'eth',
      minAmountFloat: '0.0465',
      maxAmountFloat: '449172.45240999997',
      minAmountFixed: '0.05',
      maxAmountFixed: '10',
    };
    assert.deepEqual(decodePairLimits([{ ...pair, extra: true }]), [pair]);
  });

  it('property: any timestamp unit reads as the same microsecond instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }), (seconds) => {
        assert.equal(toMicroseconds(seconds), seconds * 1e6);
        assert.equal(toMicroseconds(seconds * 1000), seconds * 1e6);
        assert.equal(toMicroseconds(seconds * 1e6), seconds * 1e6);
      }),
    );
  });

  it('property: tolerated optional fields may be absent, null or set, and amounts survive untouched', () => {
    const optional = fc.constantFrom<'absent' | 'null' | 'set'>('absent', 'null', 'set');
    const amount = fc.stringMatching(/^(0|[1-9]\d{0,8})(\.\d{1,18})?$/);
    fc.assert(
      fc.property(
        optional,
        optional,
        optional,
        amount,
        fc.constantFrom('', '1.25'),
        fc.string(),
        (sent, refund, fee, amountTo, amountFrom, status) => {
          const raw = wireRecord({ amountTo, amountFrom, status });
          const apply = (key: string, mode: string, value: unknown) => {
            if (mode === 'absent') delete raw[key];
            else raw[key] = mode === 'null' ? null : value;
          };
          apply('moneySent', sent, 1_763_700_900_000_000);
          apply('refundHash', refund, 'deadbeef');
          apply('totalFee', fee, '0.5');
          const [record] = decodeTransactions([raw]);
          assert.ok(record);
          assert.equal(record.amountTo, amountTo);
          assert.equal(record.amountFrom, amountFrom);
          assert.equal(record.moneySent, sent === 'set' ? 1_763_700_900_000_000 : 0);
          assert.equal(record.refundHash, refund === 'set' ? 'deadbeef' : null);
          assert.equal(record.totalFee, fee === 'set' ? '0.5' : null);
          assert.equal(record.rawStatus, status);
        },
      ),
    );
  });

  it('property: replacing a required string field by a number is rejected naming that field', () => {
    const required = [
      'id',
      'rate',
      'currencyFrom',
      'currencyTo',
      'payinAddress',
      'payoutAddress',
      'amountExpectedFrom',
      'amountExpectedTo',
      'amountTo',
      'networkFee',
      'exchangeFee',
      'apiExtraFee',
      'status',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...required), fc.double(), (key, value) => {
        assert.throws(
          () => decodeTransactions([wireRecord({ [key]: value })]),
          (e: unknown) => e instanceof ProtocolError && e.field === `result[0].${key}`,
        );
      }),
    );
  });
});
