import { strict as assert } from 'assert';
import fc from 'fast-check';
import { InvalidParameterError, KNOWN_STATUSES } from '../../../src/api';
import {
  checkAmount,
  checkId,
  checkObject,
  checkPairOf,
  compact,
  oneAmount,
  optionalText,
  pairParams,
  transactionParams,
} from '../../../src/api/params';
import type { TransactionQuery } from '../../../src/api';

function rejects(fn: () => unknown, param: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof InvalidParameterError, String(e));
    assert.equal(e.param, param);
    assert.equal(e.serviceMessage, `Parameter ${param} is invalid`);
    return true;
  });
}

describe('parameter checks', () => {
  it('defaults limit to 10 and sends only what was given', () => {
    assert.deepEqual(transactionParams({}), { limit: 10 });
    assert.deepEqual(
      transactionParams({
        currency: ['BTC', ' Eth '],
        status: 'waiting',
        since: 1_700_000_000_000_000,
        offset: 20,
        limit: 100,
      }),
      {
        currency: ['btc', 'eth'],
        status: 'waiting',
        since: 1_700_000_000_000_000,
        offset: 20,
        limit: 100,
      },
    );
  });

  it('rejects each bad parameter with the service error for that parameter', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `id${i}x`);
    const cases: [TransactionQuery, string][] = [
      [{ id: eleven }, 'id'],
      [{ id: '' }, 'id'],
      [{ id: [] }, 'id'],
      [{ currency: eleven }, 'currency'],
      [{ address: eleven }, 'address'],
      [{ payoutAddress: eleven }, 'payoutAddress'],
      [{ payoutAddress: ['ok', '  '] }, 'payoutAddress'],
      [{ subaccountId: eleven }, 'subaccountId'],
      [{ subaccountId: '' }, 'subaccountId'],
      [{ extraId: '' }, 'extraId'],
      [{ since: 1_700_000_000 }, 'since'],
      [{ since: 1_700_000_000_000 }, 'since'],
      [{ since: 1.5e15 + 0.5 }, 'since'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ status: 'new' as never }, 'status'],
      [{ status: [] }, 'status'],
    ];
    for (const [query, param] of cases) rejects(() => transactionParams(query), param);
  });

  it('sends a subaccount filter, one or up to 10', () => {
    assert.deepEqual(transactionParams({ subaccountId: 'sub1' }), { subaccountId: 'sub1', limit: 10 });
    assert.deepEqual(transactionParams({ subaccountId: ['sub1', 'sub2'] }), {
      subaccountId: ['sub1', 'sub2'],
      limit: 10,
    });
  });

  it('accepts a status list of any length and exactly 10 ids', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `id${i}x`);
    assert.equal((transactionParams({ id: ids }).id as string[]).length, 10);
    assert.deepEqual(transactionParams({ status: [...KNOWN_STATUSES] }).status, [...KNOWN_STATUSES]);
  });

  it('checks getStatus ids and getPairsParams pairs', () => {
    assert.equal(checkId('  abc123  '), 'abc123');
    rejects(() => checkId(''), 'id');
    rejects(() => checkId(42), 'id');
    assert.deepEqual(pairParams([{ from: 'BTC', to: ' Eth' }]), [{ from: 'btc', to: 'eth' }]);
    rejects(() => pairParams([]), 'params');
    rejects(() => pairParams([{ from: '', to: 'eth' }]), 'from');
    rejects(() => pairParams([{ from: 'btc', to: null as unknown as string }]), 'to');
  });

  it('property: array filters pass with 1–10 values and fail beyond, tickers always lowercased', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0);
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('id', 'currency', 'address', 'payoutAddress'),
        (values, key) => {
          const query: TransactionQuery = { [key]: values };
          if (values.length > 10) {
            rejects(() => transactionParams(query), key);
            return;
          }
          const sent = transactionParams(query)[key] as string[];
          assert.equal(sent.length, values.length);
          if (key === 'currency') for (const t of sent) assert.equal(t, t.toLowerCase());
        },
      ),
    );
  });

  it('property: limit is accepted exactly on 1..100, since exactly on 16-digit integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (limit) => {
        if (limit >= 1 && limit <= 100) assert.equal(transactionParams({ limit }).limit, limit);
        else rejects(() => transactionParams({ limit }), 'limit');
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (since) => {
        if (String(since).length === 16) assert.equal(transactionParams({ since }).since, since);
        else rejects(() => transactionParams({ since }), 'since');
      }),
    );
  });

  it('says what is wrong with each refused parameter, in words written out here', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `id${i}x`);
    const cases: [() => unknown, string, string][] = [
      [() => checkId(42), 'id', 'expected a string'],
      [() => checkId('   '), 'id', 'must not be empty'],
      [() => transactionParams({ id: 7 as never }), 'id', 'expected a string or an array of strings'],
      [() => transactionParams({ id: [] }), 'id', 'the array is empty'],
      [() => transactionParams({ currency: eleven }), 'currency', 'at most 10 values, got 11'],
      [() => transactionParams({ limit: 0 }), 'limit', 'expected an integer from 1 to 100'],
      [() => transactionParams({ offset: -1 }), 'offset', 'expected an integer from 0 to 9007199254740991'],
      [() => transactionParams({ status: 'new' as never }), 'status', '"new" is not a status'],
      [() => transactionParams({ status: [] }), 'status', 'expected a status or a non-empty array of statuses'],
      [() => transactionParams({ since: 1_700_000_000 }), 'since', 'expected Unix microseconds, a 16-digit integer'],
      [() => pairParams([]), 'params', 'at least one pair is needed'],
      [() => pairParams([null as never]), 'params', 'each pair needs "from" and "to"'],
      [() => checkAmount('amountFrom', 0.5), 'amountFrom', 'amounts are decimal strings, not numbers'],
      [() => checkAmount('amountFrom', null), 'amountFrom', 'expected a decimal string'],
      [() => checkAmount('amountTo', '1'.repeat(65)), 'amountTo', 'at most 64 characters'],
      [() => checkAmount('amountFrom', '1e5'), 'amountFrom', '"1e5" is not a plain decimal such as "0.5"'],
      [() => checkPairOf('BTC', 'btc'), 'to', 'must differ from "from"'],
      [() => checkPairOf(' ', 'btc'), 'from', 'must not be empty'],
      [() => checkPairOf('btc', ''), 'to', 'must not be empty'],
      [() => oneAmount(undefined, '1e5'), 'amountTo', '"1e5" is not a plain decimal such as "0.5"'],
      [() => oneAmount('-1', undefined), 'amountFrom', '"-1" is not a plain decimal such as "0.5"'],
      [() => oneAmount('1', '2'), 'amountFrom', 'give amountFrom or amountTo, not both'],
      [() => oneAmount(undefined, undefined), 'amountFrom', 'give amountFrom or amountTo'],
      [() => checkObject('params', ['a']), 'params', 'expected an object'],
      [() => checkObject('params', null), 'params', 'expected an object'],
      [() => optionalText('extraId', ''), 'extraId', 'must not be empty'],
    ];
    for (const [call, param, detail] of cases) {
      assert.throws(call, (e: unknown) => {
        assert.ok(e instanceof InvalidParameterError, String(e));
        assert.deepEqual([e.param, e.detail, e.message], [param, detail, `Parameter ${param} is invalid: ${detail}`]);
        return true;
      });
    }
  });

  it('keeps what passes as it was written: amounts exactly, texts trimmed, absent members left out', () => {
    assert.equal(checkAmount('amountFrom', '0.10'), '0.10');
    assert.equal(checkAmount('amountFrom', '1'.repeat(64)), '1'.repeat(64), 'exactly 64 characters pass');
    assert.deepEqual(oneAmount(undefined, '2.50'), { amountTo: '2.50' });
    assert.deepEqual(oneAmount('3', undefined), { amountFrom: '3' });
    assert.deepEqual(checkPairOf(' BTC ', 'Eth'), { from: 'btc', to: 'eth' });
    assert.equal(optionalText('extraId', undefined), undefined);
    assert.equal(optionalText('extraId', ' 12 '), '12');
    assert.deepEqual(compact({ a: '1', b: undefined, c: '' }), { a: '1', c: '' });
    assert.deepEqual(transactionParams({ id: ' abc ', address: ['x1', ' y2 '], extraId: ' 7 ', offset: 0 }), {
      id: 'abc',
      address: ['x1', 'y2'],
      extraId: '7',
      limit: 10,
      offset: 0,
    });
    assert.deepEqual(transactionParams({ status: ['waiting', 'hold'] }).status, ['waiting', 'hold']);
  });
});
