import { strict as assert } from 'assert';
import type { TransactionRecord } from '../../../src/api';
import type { TransactionNode } from '../../../src/features/transactions/nodes';
import { treeItem } from '../../../src/features/transactions/treeItems';
import { RateLimitError } from '../../../src/api';
import { describeError } from '../../../src/features/common/errorMessages';
import { failureText } from '../../../src/features/pairLimits/pairLimitsText';
import { lookupApi, useBuiltInSandbox } from '../support/lookupHelpers';

describe('count phrases: singular for one, plural for two', () => {
  let records: TransactionRecord[] = [];

  before(async () => {
    const api = await lookupApi();
    const sandbox = await useBuiltInSandbox(api);
    const finished = sandbox.ledger
      .visible()
      .filter((t) => sandbox.ledger.statusOf(t.id) === 'finished')
      .slice(0, 2);
    records = [];
    for (const t of finished) {
      const record = await api.store.lookup(t.id, { maxAgeMs: 0 });
      assert.ok(record, `${t.id} is found`);
      records.push(record);
    }
    assert.equal(records.length, 2);
  });

  const group = (count: number) => {
    const children: TransactionNode[] = records
      .slice(0, count)
      .map((record) => ({ kind: 'transaction', id: record.id, record }));
    return treeItem({ kind: 'group', status: 'finished', children }, { pageSize: 50 });
  };

  it('a status group of the Transactions view: "1 loaded transaction", "2 loaded transactions"', () => {
    assert.equal(group(1).tooltip, 'Finished: 1 loaded transaction');
    assert.equal(group(1).accessibilityInformation?.label, 'Finished, 1 transaction');
    assert.equal(group(2).tooltip, 'Finished: 2 loaded transactions');
    assert.equal(group(2).accessibilityInformation?.label, 'Finished, 2 transactions');
  });

  it('"Load more…": "the next transaction", "the next 2 transactions"', () => {
    assert.equal(treeItem({ kind: 'loadMore' }, { pageSize: 1 }).tooltip, 'Load the next transaction');
    assert.equal(treeItem({ kind: 'loadMore' }, { pageSize: 2 }).tooltip, 'Load the next 2 transactions');
  });

  it('a rate limit: "1 request per second", "2 requests per second" (lookups, pair limits, the error itself)', () => {
    const lookup = (limit: number) =>
      describeError(new RateLimitError(limit, 'Rate limit exceeded'), { id: 'abcd1234', environment: 'sandbox' })?.text;
    assert.equal(
      lookup(1),
      'The rate limit of the sandbox (1 request per second) was reached while looking up transaction abcd1234. Try again in a moment.',
    );
    assert.equal(
      lookup(2),
      'The rate limit of the sandbox (2 requests per second) was reached while looking up transaction abcd1234. Try again in a moment.',
    );
    assert.equal(
      failureText(new RateLimitError(1, 'Rate limit exceeded'), 'sandbox'),
      'The rate limit of the sandbox (1 request per second) was reached. Try again in a moment.',
    );
    assert.equal(
      failureText(new RateLimitError(2, 'Rate limit exceeded'), 'sandbox'),
      'The rate limit of the sandbox (2 requests per second) was reached. Try again in a moment.',
    );
    assert.equal(new RateLimitError(1, 'x').message, "The service's rate limit of 1 request per second was reached.");
  });
});
