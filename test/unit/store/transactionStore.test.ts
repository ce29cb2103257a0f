import { strict as assert } from 'assert';
import { CancelledError } from '../../../src/api';
import type { TransactionRecord } from '../../../src/api';
import { TransactionStore } from '../../../src/store/transactionStore';
import type { SeenRecords } from '../../../src/store/transactionStore';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

describe('TransactionStore against the sandbox', () => {
  let h: Harness;
  let ids: string[];
  let now: number;
  let store: TransactionStore;

  before(async () => {
    h = await startHarness({ ledgerSize: 60 });
    const client = h.client();
    ids = (await client.getTransactions({ limit: 30 })).map((r) => r.id);
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    now = 1_000_000;
    const client = h.client();
    store = new TransactionStore({
      source: () => Promise.resolve(client),
      ttlMs: 5000,
      notFoundTtlMs: 30_000,
      now: () => now,
    });
    h.sandbox.setFaults({});
    h.sandbox.clearRequests();
  });
  afterEach(() => store.dispose());

  const id = (i: number) => ids[i] ?? '';

  it('answers from the cache within the TTL and asks again after it', async () => {
    const first = await store.lookup(id(0));
    assert.equal(first?.id, id(0));
    assert.equal((await store.lookup(id(0)))?.id, id(0));
    assert.equal(h.sandbox.requests.length, 1);
    now += 6000;
    await store.lookup(id(0));
    assert.equal(h.sandbox.requests.length, 2);
    await store.lookup(id(0), { maxAgeMs: 0 });
    assert.equal(h.sandbox.requests.length, 3, 'maxAgeMs 0 forces a request');
  });

  it('shares one request between concurrent lookups of one id', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => store.lookup(id(1))));
    assert.ok(results.every((r) => r?.id === id(1)));
    assert.equal(h.sandbox.requests.length, 1);
  });

  it('a cancelled lookup stops waiting; the others still get the answer', async () => {
    h.sandbox.setFaults({ latencyMs: 100 });
    const controller = new AbortController();
    const cancelled = store.lookup(id(2), { signal: controller.signal });
    const kept = store.lookup(id(2));
    controller.abort();
    await assert.rejects(cancelled, CancelledError);
    assert.equal((await kept)?.id, id(2));
    assert.equal(h.sandbox.requests.length, 1);
  });

  it('when every waiter cancels, the request itself is aborted', async () => {
    h.sandbox.setFaults({ next: ['hang'] });
    const controller = new AbortController();
    const lookup = store.lookup(id(3), { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(lookup, CancelledError);
    h.sandbox.setFaults({});
    // A new lookup is not stuck behind the aborted one.
    assert.equal((await store.lookup(id(3)))?.id, id(3));
  });

  it('an unknown id is answered "not found" without asking again for a while', async () => {
    assert.equal(await store.lookup('zz9unknown99'), undefined);
    assert.equal(await store.lookup('zz9unknown99'), undefined);
    assert.equal(h.sandbox.requests.length, 1);
    assert.ok(store.isKnownMissing('zz9unknown99'));
    now += 31_000;
    assert.ok(!store.isKnownMissing('zz9unknown99'));
    await store.lookup('zz9unknown99');
    assert.equal(h.sandbox.requests.length, 2);
  });

  it('refreshes many ids with one request per 10 and fires a change per new or changed record', async () => {
    const changed: TransactionRecord[] = [];
    store.onDidChangeRecord((r) => changed.push(r));
    const found = await store.refresh([...ids.slice(0, 25), 'zz9unknown98']);
    assert.equal(found.size, 25);
    assert.equal(h.sandbox.requests.length, 3);
    assert.equal(changed.length, 25);
    assert.ok(store.isKnownMissing('zz9unknown98'));
    await store.refresh(ids.slice(0, 25));
    assert.equal(changed.length, 25, 'unchanged records fire nothing');
    assert.equal(store.peek(id(4))?.id, id(4));
  });

  it('a query fills the cache; clear() drops everything and ignores answers already under way', async () => {
    const records = await store.query({ limit: 5 });
    assert.equal(store.peek(records[0]?.id ?? '')?.id, records[0]?.id);
    h.sandbox.setFaults({ latencyMs: 80 });
    const late = store.query({ limit: 5, offset: 10 });
    store.clear();
    const lateRecords = await late;
    assert.equal(store.peek(lateRecords[0]?.id ?? ''), undefined);
    assert.equal(store.peek(records[0]?.id ?? ''), undefined);
  });

  it('tells of every record fetched with its target, held only when that target is in use', async () => {
    let target = 'acc1';
    const own = new TransactionStore({ source: () => Promise.resolve(h.client()), target: () => target });
    const seen: SeenRecords[] = [];
    const changed: string[] = [];
    own.onDidSeeRecords((s) => seen.push(s));
    own.onDidChangeRecord((r) => changed.push(r.id));
    try {
      await own.refresh([id(0), id(1)]);
      await own.refresh([id(0), id(1)]);
      assert.deepEqual(
        seen.map((s) => [s.target, s.records.length]),
        [
          ['acc1', 2],
          ['acc1', 2],
        ],
        'unchanged records too',
      );
      assert.deepEqual(changed, [id(0), id(1)]);
      // What a watch or forwarding fetched on another account passes the store, which does not hold it.
      const other = (await h.client().getTransactionsByIds([id(2)])).get(id(2));
      assert.ok(other);
      own.upsert([other], 'acc2');
      assert.deepEqual(seen.at(-1), { target: 'acc2', records: [other] });
      assert.equal(own.peek(id(2)), undefined);
      target = 'acc2';
      own.upsert([other], 'acc2');
      assert.equal(own.peek(id(2))?.id, id(2), 'held once its target is in use');
    } finally {
      own.dispose();
    }
  });
});
