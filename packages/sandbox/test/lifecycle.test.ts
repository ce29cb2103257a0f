import { strict as assert } from 'assert';
import fc from 'fast-check';
import type { Sandbox, WireRecord } from '../src';
import { Ledger, ManualClock, OUTCOMES } from '../src';
import { result, testSandbox } from './helpers';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 60_000;

describe('sandbox lifecycle', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock(START);
    sandbox = await testSandbox({ clock, ledgerSize: 0, seed: 1 });
  });
  afterEach(() => sandbox.stop());

  const fetchRecord = async (id: string): Promise<WireRecord> => {
    const records = await result<WireRecord[]>(sandbox, 'getTransactions', { id });
    assert.equal(records.length, 1);
    return records[0];
  };

  it('moves a transaction waiting → confirming → exchanging → sending → finished, filling fields in as it goes', async () => {
    const { id } = sandbox.ledger.create({ from: 'btc', to: 'eth', outcome: 'finished', stepMs: STEP });

    let r = await fetchRecord(id);
    assert.equal(r.status, 'waiting');
    assert.equal(Math.floor(r.createdAt / 1000), START);
    assert.equal(r.moneyReceived, 0);
    assert.equal(r.moneySent, 0);
    assert.equal(r.payinHash, null);
    assert.equal(r.amountFrom, '');
    assert.equal(r.amountTo, '0');
    assert.equal(r.totalFee, null);
    assert.equal(r.payoutHash, null);
    assert.equal(r.payoutHashLink, null);
    assert.equal(r.payinConfirmations, '0');
    assert.equal(await result(sandbox, 'getStatus', { id }), 'waiting');

    clock.advance(STEP);
    r = await fetchRecord(id);
    assert.equal(r.status, 'confirming');
    assert.equal(r.moneyReceived, (START + STEP) * 1000 + (r.createdAt % 1000));
    assert.match(r.payinHash ?? '', /^[0-9a-f]{64}$/);
    assert.equal(r.amountFrom, r.amountExpectedFrom);
    assert.equal(r.moneySent, 0);
    assert.equal(r.payinConfirmations, '0');
    clock.advance(STEP / 2);
    r = await fetchRecord(id);
    assert.equal(r.payinConfirmations, '1', 'btc needs 2; half way through confirming shows 1');

    clock.advance(STEP / 2);
    r = await fetchRecord(id);
    assert.equal(r.status, 'exchanging');
    assert.equal(r.payinConfirmations, '2');
    assert.equal(r.totalFee, null);

    clock.advance(STEP);
    r = await fetchRecord(id);
    assert.equal(r.status, 'sending');
    assert.equal(r.amountTo, '0');
    assert.equal(r.moneySent, 0);

    clock.advance(STEP);
    r = await fetchRecord(id);
    assert.equal(r.status, 'finished');
    assert.equal(r.moneySent, (START + 4 * STEP) * 1000 + (r.createdAt % 1000));
    assert.match(r.payoutHash ?? '', /^0x[0-9a-f]{64}$/);
    assert.equal(r.payoutHashLink, `https://etherscan.io/tx/${r.payoutHash ?? ''}`);
    assert.notEqual(r.amountTo, '0');
    assert.match(r.totalFee ?? '', /^\d+\.\d+$/);
    assert.equal(r.canPush, false);
    assert.equal(r.canRefund, false);
    assert.equal(await result(sandbox, 'getStatus', { id }), 'finished');

    clock.advance(365 * 86_400_000);
    assert.deepEqual(await fetchRecord(id), r, 'a finished record never changes again');
  });

  it('lets a float transaction become overdue and a fixed one expire at payTill', async () => {
    const float = sandbox.ledger.create({ type: 'float', outcome: 'overdue', stepMs: STEP });
    const fixed = sandbox.ledger.create({ type: 'fixed', outcome: 'expired', stepMs: STEP });
    const fixedRecord = await fetchRecord(fixed.id);
    assert.equal(fixedRecord.payTill, new Date(START + STEP).toISOString().replace('Z', '+00:00'));
    assert.ok(!('payTill' in (await fetchRecord(float.id))));
    clock.advance(STEP - 1);
    assert.equal(await result(sandbox, 'getStatus', { id: float.id }), 'waiting');
    assert.equal(await result(sandbox, 'getStatus', { id: fixed.id }), 'waiting');
    clock.advance(1);
    assert.equal(await result(sandbox, 'getStatus', { id: float.id }), 'overdue');
    assert.equal(await result(sandbox, 'getStatus', { id: fixed.id }), 'expired');
    for (const r of [await fetchRecord(float.id), await fetchRecord(fixed.id)]) {
      assert.equal(r.moneyReceived, 0);
      assert.equal(r.amountFrom, '');
      assert.equal(r.payinHash, null);
      assert.equal(r.moneySent, 0);
    }
  });

  it('follows explicit plans through hold, failed and refunded', async () => {
    const held = sandbox.ledger.create({
      plan: [
        { status: 'waiting', afterMs: 0 },
        { status: 'confirming', afterMs: 1000 },
        { status: 'hold', afterMs: 2000 },
        { status: 'refunded', afterMs: 3000 },
      ],
    });
    const failed = sandbox.ledger.create({ outcome: 'failed', stepMs: 1000 });
    clock.advance(2000);
    let r = await fetchRecord(held.id);
    assert.equal(r.status, 'hold');
    assert.equal(r.canPush, true);
    assert.equal(r.canRefund, true);
    assert.equal(r.refundHash, null);
    clock.advance(1000);
    r = await fetchRecord(held.id);
    assert.equal(r.status, 'refunded');
    assert.match(r.refundHash ?? '', /^[0-9a-f]{64}$/);
    assert.equal(r.refundHashLink, `https://www.blockchain.com/explorer/transactions/btc/${r.refundHash ?? ''}`);
    assert.equal(r.canRefund, false);
    assert.notEqual(r.amountFrom, '');
    assert.equal(r.amountTo, '0');
    const f = await fetchRecord(failed.id);
    assert.equal(f.status, 'failed');
    assert.equal(f.canRefund, true);
    assert.ok(Number(f.amountFrom) < Number(f.amountExpectedFrom), 'failed: less than expected arrived');
  });

  it('does not show a transaction before its creation time', async () => {
    const later = sandbox.ledger.create({ createdAt: START + 10_000 });
    assert.deepEqual(await result(sandbox, 'getTransactions', {}), []);
    clock.advance(10_000);
    assert.equal((await result<WireRecord[]>(sandbox, 'getTransactions', {}))[0].id, later.id);
  });
});

describe('sandbox lifecycle invariants (property)', () => {
  it('keeps every record consistent with its status, and statuses only move forward', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OUTCOMES),
        fc.integer({ min: 1, max: 10 * 60_000 }),
        fc.array(fc.integer({ min: -60_000, max: 20 * 60_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('btc', 'xrp', 'eth', 'xlm', 'sol'),
        (outcome, stepMs, offsets, from) => {
          const ledger = new Ledger({ clock: new ManualClock(START), size: 0 });
          const type = outcome === 'overdue' ? 'float' : 'fixed';
          const tx = ledger.create({ outcome, stepMs, type, from, to: from === 'btc' ? 'usdt' : 'btc' });
          const path = tx.plan.map((s) => s.status);
          let previous = -1;
          for (const t of [...offsets].sort((a, b) => a - b)) {
            const r = ledger.record(tx.id, START + t);
            if (t < 0) {
              assert.equal(r, undefined, 'nothing before creation');
              continue;
            }
            assert.ok(r);
            const received = r.moneyReceived !== 0;
            assert.equal(received, r.amountFrom !== '');
            assert.equal(received, r.payinHash !== null);
            assert.equal(r.status === 'waiting' || r.status === 'overdue' || r.status === 'expired', !received);
            const sent = r.status === 'finished';
            assert.equal(sent, r.totalFee !== null);
            assert.equal(sent, r.payoutHash !== null);
            assert.equal(sent, r.amountTo !== '0');
            assert.equal(
              sent,
              typeof r.moneySent === 'number' && r.moneySent >= r.moneyReceived && r.moneyReceived > 0,
            );
            assert.equal(r.status === 'refunded', typeof r.refundHash === 'string');
            assert.ok(Number(r.payinConfirmations) <= 20);
            const index = path.indexOf(r.status);
            assert.ok(index >= previous, 'statuses only move forward');
            previous = index;
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
