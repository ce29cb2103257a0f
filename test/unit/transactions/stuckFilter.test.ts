/**
 * The Transactions view's "in status longer than" filter: read from a command argument or the
 * saved state (a duration as typed, or ms), refused with its problem when it does not read,
 * saved and read back, the query limited to the statuses that are not final unless some are
 * chosen; and the list narrowed by the agents' own rule against a real sandbox whose clock is
 * skipped: exactly the transactions seeded stuck, none more, none less.
 */
import { strict as assert } from 'assert';
import { ControlClient } from '../../../src/api';
import { longerInStatus } from '../../../src/agents/statusSince';
import { OPEN_STATUSES } from '../../../src/shared/status';
import {
  FilterError,
  filterJson,
  filterQuery,
  parseFilter,
  parseLongerThan,
  readFilterFields,
} from '../../../src/features/transactions/filterModel';
import type { TransactionFilter } from '../../../src/features/transactions/filterModel';
import { TransactionList } from '../../../src/features/transactions/transactionList';
import { TransactionStore } from '../../../src/store/transactionStore';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

/** A saved filter's readable fields. */
const readSavedFilter = (value: unknown, nowMs: number): TransactionFilter => readFilterFields(value, nowMs).filter;

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('Transactions filter: in status longer than', () => {
  it('reads a duration as typed or as ms, refuses one that does not read, and round-trips through the saved state', () => {
    assert.deepEqual(parseFilter({ inStatusLongerThan: '1h30m' }, NOW), { inStatusLongerThan: 90 * 60_000 });
    assert.deepEqual(parseFilter({ inStatusLongerThan: 'PT2H' }, NOW), { inStatusLongerThan: 2 * HOUR });
    assert.deepEqual(parseFilter({ inStatusLongerThan: 45_000 }, NOW), { inStatusLongerThan: 45_000 });
    assert.deepEqual(parseFilter({ inStatusLongerThan: '' }, NOW), {});
    const problems: [unknown, string][] = [
      ['soon', 'duration-format'],
      ['PT', 'duration-format'],
      ['0s', 'duration-range'],
      ['400d', 'duration-range'],
      [10, 'duration-range'],
      [1.5, 'type'],
      [true, 'type'],
    ];
    for (const [value, reason] of problems) {
      assert.throws(
        () => parseFilter({ inStatusLongerThan: value }, NOW),
        (error: unknown) =>
          error instanceof FilterError &&
          error.problem.field === 'inStatusLongerThan' &&
          error.problem.reason === reason,
        JSON.stringify(value),
      );
    }
    assert.deepEqual(parseLongerThan('2d'), 2 * 24 * HOUR);
    assert.deepEqual(parseLongerThan('x'), { field: 'inStatusLongerThan', reason: 'duration-format' });
    const filter: TransactionFilter = { status: ['hold'], inStatusLongerThan: HOUR };
    assert.deepEqual(readSavedFilter(filterJson(filter), NOW), filter);
    // A saved value that no longer reads drops that field only.
    assert.deepEqual(readSavedFilter({ status: ['hold'], inStatusLongerThan: 'never' }, NOW), { status: ['hold'] });
  });

  it("asks for the statuses that are not final unless some are chosen (the list tool's rule)", () => {
    assert.deepEqual(filterQuery({ inStatusLongerThan: HOUR }, NOW), { status: [...OPEN_STATUSES] });
    assert.deepEqual(filterQuery({ inStatusLongerThan: HOUR, status: ['finished'] }, NOW), { status: ['finished'] });
    assert.deepEqual(filterQuery({}, NOW), {});
  });

  describe('against the sandbox, its clock skipped', function () {
    this.timeout(30_000);
    let h: Harness;
    before(async () => {
      h = await startHarness({ ledgerSize: 0 });
    });
    after(async () => {
      await h.sandbox.stop();
    });

    it('shows exactly the transactions seeded stuck, and drops one once it moves on', async () => {
      const client = h.client({ limiter: undefined, rateLimit: 1000 });
      const control = new ControlClient({
        baseUrl: h.sandbox.url,
        credentials: h.credentials,
        limiter: h.limiter,
      });
      const store = new TransactionStore({ source: () => Promise.resolve(client) });
      let filter: TransactionFilter = {};
      const list = new TransactionList({
        query: (query, options) => store.query(query, options),
        pageSize: () => 50,
        filter: () => filter,
        longerInStatus: async (records, ms, options) =>
          (
            await longerInStatus(
              {
                client,
                control,
                target: { kind: 'sandbox', label: 'Sandbox' },
                ...(options.signal ? { signal: options.signal } : {}),
              },
              records,
              ms,
            )
          ).matches,
      });
      store.onDidChangeRecord((record) => list.applyRecord(record));
      try {
        const stuck = [
          await control.create({ status: 'hold' }),
          await control.create({ status: 'hold' }),
          await control.create({ status: 'waiting' }),
        ];
        await control.skip(2 * HOUR);
        const fresh = [await control.create({ status: 'hold' }), await control.create({ status: 'confirming' })];
        filter = { inStatusLongerThan: HOUR };
        await list.refresh();
        const shown = list
          .records()
          .map((r) => r.id)
          .sort();
        // The waiting one is overdue by now (a final status): not stuck.
        const expected = [];
        for (const tx of stuck) {
          const now = await control.get(tx.id);
          if (now.status === 'hold' || now.status === 'waiting') expected.push(tx.id);
        }
        assert.deepEqual(shown, expected.sort());
        assert.ok(!shown.some((id) => fresh.some((f) => f.id === id)));
        filter = { inStatusLongerThan: HOUR, status: ['hold'] };
        await list.refresh();
        assert.deepEqual(
          list
            .records()
            .map((r) => r.id)
            .sort(),
          stuck
            .slice(0, 2)
            .map((t) => t.id)
            .sort(),
        );
        // One moves on: it has been in its new status for no time, so it leaves the list.
        const [first] = stuck;
        assert.ok(first);
        await control.move(first.id, 'exchanging');
        await store.refresh([first.id]);
        assert.deepEqual(
          list.records().map((r) => r.id),
          [stuck[1]?.id],
        );
      } finally {
        list.dispose();
        store.dispose();
        client.dispose();
        control.dispose();
      }
    });
  });
});
