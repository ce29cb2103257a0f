import { strict as assert } from 'assert';
import type { Sandbox, WireRecord } from '../src';
import { ManualClock } from '../src';
import { result, rpcError, testSandbox } from './helpers';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('sandbox getTransactions and getStatus', () => {
  let sandbox: Sandbox;
  let all: WireRecord[];

  before(async () => {
    sandbox = await testSandbox({ clock: new ManualClock(START), seed: 5 });
    all = sandbox.ledger.visible().map((tx) => sandbox.ledger.record(tx.id) as WireRecord);
  });
  after(() => sandbox.stop());

  const query = (params: Record<string, unknown>): Promise<WireRecord[]> =>
    result<WireRecord[]>(sandbox, 'getTransactions', params);
  const ids = (records: WireRecord[]): string[] => records.map((r) => r.id);

  it('returns the 10 newest by default, newest first (createdAt descending, then id)', async () => {
    const records = await query({});
    assert.equal(records.length, 10);
    const sorted = [...all].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
    assert.deepEqual(ids(records), ids(sorted.slice(0, 10)));
    for (let i = 1; i < records.length; i++) assert.ok(records[i - 1].createdAt >= records[i].createdAt);
  });

  it('pages with limit and offset over the whole ledger, without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 320; offset += 100) seen.push(...ids(await query({ limit: 100, offset })));
    assert.deepEqual(seen, ids(all));
    assert.equal((await query({ limit: 1 })).length, 1);
    assert.deepEqual(await query({ offset: 300 }), []);
    assert.deepEqual(ids(await query({ limit: 5, offset: 7 })), ids(all.slice(7, 12)));
  });

  it('filters by id, a string or up to 10', async () => {
    const some = ids(all).slice(20, 30);
    assert.deepEqual(ids(await query({ id: some[3] })), [some[3]]);
    assert.deepEqual(
      ids(await query({ id: [...some].reverse(), limit: 100 })),
      some,
      'newest first, whatever the order asked',
    );
    assert.deepEqual(await query({ id: 'doesnotexist1' }), []);
  });

  it('filters by status, a string or any number of them', async () => {
    for (const status of ['waiting', 'finished', 'hold', 'expired'] as const) {
      const expected = all.filter((r) => r.status === status);
      const got = await query({ status, limit: 100 });
      assert.deepEqual(ids(got), ids(expected).slice(0, 100), status);
    }
    const many = [
      'waiting',
      'confirming',
      'exchanging',
      'sending',
      'hold',
      'failed',
      'refunded',
      'overdue',
      'expired',
      'finished',
      'waiting',
      'hold',
    ];
    assert.equal((await query({ status: many, limit: 100 })).length, 100);
    const two = await query({ status: ['failed', 'refunded'], limit: 100 });
    assert.deepEqual(ids(two), ids(all.filter((r) => r.status === 'failed' || r.status === 'refunded')));
  });

  it('filters by payin currency (lowercase or not), address, payoutAddress and extraId', async () => {
    assert.deepEqual(
      ids(await query({ currency: 'BTC', limit: 100 })),
      ids(all.filter((r) => r.currencyFrom === 'btc')),
    );
    assert.deepEqual(
      ids(await query({ currency: ['eth', 'xrp'], limit: 100 })),
      ids(all.filter((r) => r.currencyFrom === 'eth' || r.currencyFrom === 'xrp')),
    );
    const target = all[42];
    assert.deepEqual(ids(await query({ address: target.payinAddress })), [target.id]);
    assert.deepEqual(ids(await query({ address: [all[1].payinAddress, target.payinAddress] })), [all[1].id, target.id]);
    assert.deepEqual(ids(await query({ payoutAddress: target.payoutAddress })), [target.id]);
    assert.deepEqual(ids(await query({ payoutAddress: [target.payoutAddress, all[3].payoutAddress] })), [
      all[3].id,
      target.id,
    ]);
    const tagged = all.find((r) => r.payinExtraId !== null);
    assert.ok(tagged);
    assert.deepEqual(ids(await query({ extraId: tagged.payinExtraId })), [tagged.id]);
    assert.deepEqual(await query({ currency: 'nosuchcoin' }), []);
  });

  it('filters by since: createdAt >= since, in microseconds', async () => {
    const pivot = all[57];
    const got = await query({ since: pivot.createdAt, limit: 100 });
    assert.deepEqual(ids(got), ids(all.slice(0, 58)));
    assert.deepEqual(ids(await query({ since: pivot.createdAt + 1, limit: 100 })), ids(all.slice(0, 57)));
  });

  it('combines filters with AND', async () => {
    const target = all.find((r) => r.status === 'finished' && r.currencyFrom === 'btc');
    assert.ok(target);
    const got = await query({ status: 'finished', currency: 'btc', since: target.createdAt, limit: 100 });
    const expected = all.filter(
      (r) => r.status === 'finished' && r.currencyFrom === 'btc' && r.createdAt >= target.createdAt,
    );
    assert.deepEqual(ids(got), ids(expected));
    assert.ok(got.length >= 1);
    assert.deepEqual(await query({ id: target.id, status: 'waiting' }), []);
    assert.deepEqual(await query({ address: target.payinAddress, currency: 'eth' }), []);
    assert.deepEqual(
      ids(
        await query({
          id: target.id,
          address: target.payinAddress,
          payoutAddress: target.payoutAddress,
          currency: 'btc',
        }),
      ),
      [target.id],
    );
    const paged = await query({ status: 'finished', limit: 3, offset: 2 });
    assert.deepEqual(ids(paged), ids(all.filter((r) => r.status === 'finished').slice(2, 5)));
  });

  describe('refuses each invalid parameter with -32602 "Parameter {param} is invalid"', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `value${i}`);
    const cases: [string, Record<string, unknown> | unknown[] | string][] = [
      ['params', []],
      ['params', 'text'],
      ['id', { id: eleven }],
      ['id', { id: [] }],
      ['id', { id: 42 }],
      ['id', { id: '' }],
      ['id', { id: ['ok', 7] }],
      ['status', { status: 'new' }],
      ['status', { status: 'hold*' }],
      ['status', { status: ['waiting', 'done'] }],
      ['status', { status: [] }],
      ['currency', { currency: eleven }],
      ['currency', { currency: 5 }],
      ['address', { address: eleven }],
      ['address', { address: { a: 1 } }],
      ['payoutAddress', { payoutAddress: eleven }],
      ['payoutAddress', { payoutAddress: null }],
      ['extraId', { extraId: 123 }],
      ['extraId', { extraId: '' }],
      ['since', { since: 1736942400 }],
      ['since', { since: 1736942400000 }],
      ['since', { since: 17369424000000000 }],
      ['since', { since: 1736942400000000.5 }],
      ['since', { since: '1736942400000000' }],
      ['limit', { limit: 0 }],
      ['limit', { limit: 101 }],
      ['limit', { limit: 2.5 }],
      ['limit', { limit: '10' }],
      ['limit', { limit: null }],
      ['offset', { offset: -1 }],
      ['offset', { offset: 1.5 }],
      ['offset', { offset: '0' }],
      ['id', { id: [], limit: 0 }],
      ['limit', { status: 'waiting', limit: 0, offset: -1 }],
    ];
    for (const [param, params] of cases) {
      it(`${param}: ${JSON.stringify(params).slice(0, 60)}`, async () => {
        assert.deepEqual(await rpcError(sandbox, 'getTransactions', params), {
          code: -32602,
          message: `Parameter ${param} is invalid`,
        });
      });
    }
    it('accepts the bounds: 10 ids, limit 1 and 100, offset 0, 16-digit since', async () => {
      assert.deepEqual(await query({ id: eleven.slice(1), limit: 100, offset: 0, since: 1000000000000000 }), []);
      assert.equal((await query({ limit: 1 })).length, 1);
      assert.equal(
        (await query({ status: ['waiting'], unknownMember: true })).length > 0,
        true,
        'unknown members are ignored',
      );
    });
  });

  it('getStatus answers the status of an id, and -32602 Parameter id is invalid for a bad or unknown id', async () => {
    for (const r of all.slice(0, 40)) assert.equal(await result(sandbox, 'getStatus', { id: r.id }), r.status);
    for (const params of [{ id: 'nosuchtx12345' }, { id: '' }, { id: 7 }, {}, { id: null }]) {
      assert.deepEqual(await rpcError(sandbox, 'getStatus', params), {
        code: -32602,
        message: 'Parameter id is invalid',
      });
    }
    assert.deepEqual(await rpcError(sandbox, 'getStatus', ['x']), { code: -32602, message: 'Parameter id is invalid' });
  });
});
