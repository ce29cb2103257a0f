import { strict as assert } from 'assert';
import {
  commandIdOf,
  paymentAmountOf,
  paymentKind,
  paymentProblem,
  commandStatusOf,
} from '../../../src/features/builtInSandbox/paymentText';
import { fitted } from '../../../src/features/builtInSandbox/keptLedger';
import type { LedgerSnapshot, SnapshotTransaction } from '../../../src/shared/controlProtocol';

describe('sandbox Simulate Payment and Move to Status: the pure parts', () => {
  it('says how a payment compares with the expected amount, exactly', () => {
    assert.equal(paymentKind('0.01', '0.010'), 'expected');
    assert.equal(paymentKind('0.0099999999', '0.01'), 'less');
    assert.equal(paymentKind('1', '0.01'), 'more');
    assert.equal(paymentKind('abc', '0.01'), undefined);
    assert.equal(paymentProblem(' 0.5 '), undefined);
    assert.equal(paymentProblem('0'), 'zero');
    assert.equal(paymentProblem('-1'), 'format');
  });

  it('reads the id, the amount and the status other callers give', () => {
    assert.equal(commandIdOf('abc123def456'), 'abc123def456');
    assert.equal(commandIdOf({ kind: 'transaction', id: 'abc123def456', record: {} }), 'abc123def456');
    assert.equal(commandIdOf('not an id!'), undefined);
    assert.equal(paymentAmountOf({ id: 'abc123def456', amount: '0.5' }, undefined), '0.5');
    assert.equal(paymentAmountOf('abc123def456', '0.25'), '0.25');
    assert.equal(paymentAmountOf('abc123def456', { amount: '1e5' }), undefined);
    assert.equal(
      paymentAmountOf({ id: 'abc123def456', amountFrom: '2' }, undefined),
      undefined,
      'a record is no payment',
    );
    assert.equal(commandStatusOf('abc123def456', 'hold'), 'hold');
    assert.equal(commandStatusOf({ id: 'abc123def456', status: 'refunded' }, undefined), 'refunded');
    assert.equal(
      commandStatusOf({ id: 'abc123def456', status: 'waiting', currencyFrom: 'btc' }, undefined),
      undefined,
      "a record's own status is where it stands",
    );
    assert.equal(commandStatusOf('abc123def456', 'paid'), undefined);
  });

  it('keeps a snapshot under the byte bound by dropping the oldest transactions', () => {
    const tx = (id: string): SnapshotTransaction =>
      ({ id, payinAddress: 'x'.repeat(1000) }) as unknown as SnapshotTransaction;
    const snapshot: LedgerSnapshot = {
      version: 1,
      seed: 1,
      size: 300,
      startedAtMs: 0,
      skippedMs: 0,
      transactions: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10'].map(tx),
    };
    assert.equal(fitted(snapshot, 100_000), snapshot, 'a small one as it is');
    const cut = fitted(snapshot, 5_000);
    assert.deepEqual(
      cut.transactions.map((t) => t.id),
      ['n1', 'n2', 'n3', 'n4'],
    );
    assert.ok(Buffer.byteLength(JSON.stringify(cut)) <= 5_000);
    assert.deepEqual(fitted(snapshot, 10).transactions, []);
  });
});
