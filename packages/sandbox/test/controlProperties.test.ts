/**
 * Properties of the control actions and the snapshot, driven through runControl over a ledger on
 * a manual clock: any sequence of creates, payments, moves and skips leaves every transaction
 * with a valid schedule and a record that agrees with its status; a snapshot restores the same
 * records; an untrusted snapshot never throws anything but a SnapshotError and never crashes.
 */
import { strict as assert } from 'assert';
import fc from 'fast-check';
import { ControlRefusal, Ledger, ManualClock, restoreLedger, runControl, SnapshotError, toSnapshot } from '../src';
import { FaultInjector } from '../src/faults';
import { validatePlan } from '../src/lifecycle';
import { SandboxState } from '../src/state';
import type { LedgerSnapshot } from '../../../src/shared/controlProtocol';
import { KNOWN_STATUSES } from '../../../src/shared/status';

/** The statuses a payment was received in: all but waiting for it and the two where none came. */
const PAID: ReadonlySet<string> = new Set(
  KNOWN_STATUSES.filter((status) => status !== 'waiting' && status !== 'overdue' && status !== 'expired'),
);

function freshState(): { state: SandboxState; clock: ManualClock } {
  const clock = new ManualClock();
  const ledger = new Ledger({ clock, seed: 3, size: 10 });
  return { state: new SandboxState(ledger, clock, new FaultInjector({}, 3), 3, 10), clock };
}

type Step =
  | { kind: 'create'; type: 'float' | 'fixed'; status: (typeof KNOWN_STATUSES)[number] }
  | { kind: 'pay'; pick: number; amount: string | undefined }
  | { kind: 'move'; pick: number; status: (typeof KNOWN_STATUSES)[number] }
  | { kind: 'skip'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  // The unpaid end of its type (a fixed one cannot be overdue, a float one expired).
  fc
    .record({
      kind: fc.constant('create' as const),
      type: fc.constantFrom('float' as const, 'fixed' as const),
      status: fc.constantFrom(...KNOWN_STATUSES),
    })
    .map((c): Step => ({
      ...c,
      status:
        c.status === 'overdue' || c.status === 'expired' ? (c.type === 'float' ? 'overdue' : 'expired') : c.status,
    })),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    amount: fc.option(fc.constantFrom('0.0001', '0.001', '0.002', '0.01', '11', '100'), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), status: fc.constantFrom(...KNOWN_STATUSES) }),
  fc.record({ kind: fc.constant('skip' as const), ms: fc.integer({ min: 1, max: 2 * 24 * 60 * 60_000 }) }),
);

function run(state: SandboxState, s: Step): void {
  const ids = state.ledger.visible().map((tx) => tx.id);
  const request =
    s.kind === 'create'
      ? { action: 'create', type: s.type, status: s.status }
      : s.kind === 'pay'
        ? { action: 'pay', id: ids[s.pick % ids.length], ...(s.amount === undefined ? {} : { amount: s.amount }) }
        : s.kind === 'move'
          ? { action: 'move', id: ids[s.pick % ids.length], status: s.status }
          : { action: 'skip', ms: s.ms };
  try {
    runControl(state, request);
  } catch (error) {
    // Refusals (overdue for fixed, paying what is not waiting) are answers, not failures.
    if (!(error instanceof ControlRefusal) || error.code === 'invalid') throw error;
  }
}

function assertConsistent(ledger: Ledger): void {
  const now = ledger.clock.now();
  for (const tx of ledger.visible(now)) {
    validatePlan(tx.plan, tx.type);
    const record = ledger.record(tx.id, now);
    assert.ok(record, tx.id);
    assert.equal(record.status, ledger.statusOf(tx.id, now));
    assert.equal(record.moneyReceived > 0, PAID.has(record.status), `${tx.id} ${record.status} moneyReceived`);
    assert.equal(record.status === 'finished', record.totalFee !== null);
    assert.equal(tx.type === 'fixed', record.payTill !== undefined);
    if (record.status === 'expired')
      assert.equal(tx.payTillMs !== null && tx.payTillMs <= now, true, 'expired at or after payTill');
  }
}

describe('sandbox control properties', () => {
  it('any sequence of creates, payments, moves and skips keeps every transaction consistent', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const { state } = freshState();
        for (const s of steps) {
          run(state, s);
          assertConsistent(state.ledger);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a move is where the transaction stands at once, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 10 }), fc.constantFrom(...KNOWN_STATUSES), (before, target) => {
        const { state } = freshState();
        for (const s of before) run(state, s);
        const created = runControl(state, { action: 'create', type: target === 'expired' ? 'fixed' : 'float' });
        assert.ok('id' in created);
        runControl(state, { action: 'move', id: created.id, status: target });
        assert.equal(state.ledger.statusOf(created.id), target);
      }),
      { numRuns: 40 },
    );
  });

  it('a snapshot restores the same records (created, paid and moved ones included), also through JSON', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 15 }), (steps) => {
        const { state, clock } = freshState();
        for (const s of steps) run(state, s);
        const snapshot = JSON.parse(JSON.stringify(toSnapshot(state.ledger, clock.skippedMs))) as LedgerSnapshot;
        const restored = restoreLedger(snapshot, clock);
        assert.equal(restored.dropped, 0);
        assert.equal(restored.restored, snapshot.transactions.length);
        assert.deepEqual(
          restored.ledger.visible().map((tx) => tx.id),
          state.ledger.visible().map((tx) => tx.id),
        );
        for (const tx of state.ledger.visible())
          assert.deepEqual(restored.ledger.record(tx.id), state.ledger.record(tx.id));
      }),
      { numRuns: 40 },
    );
  });

  it('an untrusted snapshot is restored as far as it is valid or refused with a SnapshotError, never anything else', () => {
    const { state, clock } = freshState();
    runControl(state, { action: 'create', status: 'finished' });
    const good = toSnapshot(state.ledger, 0);
    const mutated = fc.oneof(
      fc.anything(),
      fc.record({
        version: fc.constant(1),
        seed: fc.anything(),
        size: fc.anything(),
        startedAtMs: fc.anything(),
        transactions: fc.anything(),
      }),
      fc.record({
        version: fc.constant(1),
        seed: fc.constant(3),
        size: fc.constant(10),
        startedAtMs: fc.constant(good.startedAtMs),
        skippedMs: fc.anything(),
        transactions: fc.array(
          fc.oneof(
            fc.anything(),
            fc
              .constant(good.transactions[0])
              .chain((tx) =>
                fc
                  .record({ key: fc.constantFrom(...Object.keys(tx)), value: fc.anything() })
                  .map(({ key, value }) => ({ ...tx, [key]: value })),
              ),
          ),
        ),
      }),
    );
    fc.assert(
      fc.property(mutated, (snapshot) => {
        try {
          const restored = restoreLedger(snapshot, clock);
          assertConsistent(restored.ledger);
        } catch (error) {
          assert.ok(error instanceof SnapshotError, String(error));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps at most 1000 transactions in a snapshot, the newest, and drops what is past the bound on restore', () => {
    const { state, clock } = freshState();
    for (let i = 0; i < 1005; i++) {
      runControl(state, { action: 'create' });
      clock.advance(1000);
    }
    const snapshot = toSnapshot(state.ledger, 0);
    assert.equal(snapshot.transactions.length, 1000);
    assert.equal(snapshot.transactions[0].id, state.ledger.visible()[0].id, 'newest first');
    const oversized = { ...snapshot, transactions: [...snapshot.transactions, ...snapshot.transactions.slice(0, 3)] };
    const restored = restoreLedger(oversized, clock);
    assert.deepEqual([restored.restored, restored.dropped], [1000, 3]);
  });

  it('refuses a snapshot of another version, a bad seed, size or start, with what is wrong', () => {
    const { clock } = freshState();
    const cases: [unknown, string][] = [
      [null, 'The snapshot is not a JSON object.'],
      [{ version: 2 }, "The snapshot's version is not 1."],
      [{ version: 1, seed: 'x' }, 'The snapshot has no valid seed.'],
      [{ version: 1, seed: 1, size: 10_001 }, "The snapshot's size must be a whole number from 0 to 10000."],
      [{ version: 1, seed: 1, size: 1, startedAtMs: Number.MAX_VALUE }, 'The snapshot has no valid start time.'],
    ];
    for (const [snapshot, message] of cases)
      assert.throws(() => restoreLedger(snapshot, clock), { name: 'SnapshotError', message });
  });
});
