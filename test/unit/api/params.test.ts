import { strict as assert } from 'assert';
import fc from 'fast-check';
import { InvalidParameterError, KNOWN_STATUSES } from '../../../src/api';
import { checkId, pairParams, transactionParams } from '../../../src/api/params';
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
    assert.deepEqual(transactionParams({ currency: ['BTC', ' Eth '], status: 'waiting', since: 1_700_000_000_000_000, offset: 20, limit: 100 }), {
      currency: ['btc', 'eth'],
      status: 'waiting',
      since: 1_700_000_000_000_000,
      offset: 20,
      limit: 100,
    });
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
      fc.property(fc.array(value, { minLength: 1, maxLength: 20 }), fc.constantFrom('id', 'currency', 'address', 'payoutAddress'), (values, key) => {
        const query: TransactionQuery = { [key]: values };
        if (values.length > 10) {
          rejects(() => transactionParams(query), key);
          return;
        }
        const sent = transactionParams(query)[key] as string[];
        assert.equal(sent.length, values.length);
        if (key === 'currency') for (const t of sent) assert.equal(t, t.toLowerCase());
      }),
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
});
