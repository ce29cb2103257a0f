/**
 * The kept sandbox ledger at the next start, restored through the real control endpoint over real
 * HTTP with real signatures: one that the sandbox refuses, or whose restore request fails, is set
 * aside with the time and the reason, never deleted; a good one is restored. The global state is
 * the only stand-in (a Memento that stores JSON as VS Code does).
 */
import { strict as assert } from 'assert';
import * as net from 'net';
import { ControlClient } from '../../../src/api';
import type { Sandbox } from '../../../packages/sandbox/src';
import {
  LEDGER_STATE_KEY,
  MAX_SET_ASIDE,
  restoreKeptLedger,
  SET_ASIDE_LEDGERS_KEY,
  setAsideLedgers,
} from '../../../src/features/builtInSandbox/keptLedger';
import { testKeys, testSandbox } from '../../../packages/sandbox/test/helpers';
import { MapMemento } from '../support/mapMemento';
import { recordingChannel } from '../log/recordingChannel';

const AT = new Date(Date.UTC(2025, 5, 1, 8, 30, 0));
/** A snapshot of a later release's format: this sandbox refuses it. */
const NEWER = {
  version: 2,
  seed: 7,
  size: 3,
  startedAtMs: 1,
  transactions: [{ id: 'kept1234abcd', note: 'from a newer release' }],
};

/** A port nothing listens on (taken and released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe('the kept sandbox ledger at the next start', () => {
  let sandbox: Sandbox;
  let control: ControlClient;
  let state: MapMemento;
  let log: ReturnType<typeof recordingChannel>;

  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
    control = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
    state = new MapMemento();
    log = recordingChannel();
  });
  afterEach(async () => {
    control.dispose();
    await sandbox.stop();
  });

  const restore = () =>
    restoreKeptLedger({ state, log, restore: (snapshot) => control.restore(snapshot), now: () => AT });

  it('a ledger the sandbox refuses is set aside with the time and the reason, not deleted; the sandbox keeps a fresh ledger', async () => {
    await state.update(LEDGER_STATE_KEY, NEWER);
    const before = sandbox.ledger.all().map((t) => t.id);

    assert.equal(await restore(), 'set-aside');

    assert.equal(state.raw(LEDGER_STATE_KEY), undefined, 'the next start does not try it again');
    assert.deepEqual(state.raw(SET_ASIDE_LEDGERS_KEY), {
      version: 1,
      items: [
        {
          setAsideAt: '2025-06-01T08:30:00.000Z',
          reason: "The sandbox refused the action: The snapshot's version is not 1.",
          snapshot: NEWER,
        },
      ],
    });
    assert.deepEqual(
      log.lines.filter((line) => line.includes('set aside')),
      [
        "the kept sandbox ledger could not be restored (The sandbox refused the action: The snapshot's version is not 1.): it is set aside, not deleted (global state exchangeTx.sandbox.ledger.setAside, 2025-06-01T08:30:00.000Z); this sandbox starts with a new ledger",
      ],
    );
    assert.deepEqual(
      sandbox.ledger.all().map((t) => t.id),
      before,
      'the fresh ledger is untouched',
    );
  });

  it('a restore request that fails (nothing answers) sets the ledger aside too: a bad timeout or a broken connection never deletes it', async () => {
    const good = await control.snapshot();
    await state.update(LEDGER_STATE_KEY, good);
    const unreachable = new ControlClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      credentials: testKeys().a,
    });
    try {
      assert.equal(
        await restoreKeptLedger({ state, log, restore: (snapshot) => unreachable.restore(snapshot), now: () => AT }),
        'set-aside',
      );
    } finally {
      unreachable.dispose();
    }
    assert.equal(state.raw(LEDGER_STATE_KEY), undefined);
    const aside = setAsideLedgers(state);
    assert.equal(aside.length, 1);
    assert.equal(aside[0]?.setAsideAt, '2025-06-01T08:30:00.000Z');
    assert.deepEqual(aside[0]?.snapshot, JSON.parse(JSON.stringify(good)), 'the whole kept ledger, as it was stored');

    // Set aside, it can still be restored by hand.
    const outcome = await control.restore(aside[0]?.snapshot);
    assert.equal(outcome.dropped, 0);
  });

  it('a kept ledger that can be restored is restored and stays kept; nothing is set aside', async () => {
    const created = await control.create();
    const snapshot = await control.snapshot();
    await state.update(LEDGER_STATE_KEY, snapshot);
    await control.reset();
    assert.equal(sandbox.ledger.get(created.id), undefined);

    assert.equal(await restore(), 'restored');

    assert.notEqual(sandbox.ledger.get(created.id), undefined, 'the created transaction is back');
    assert.deepEqual(state.raw(LEDGER_STATE_KEY), JSON.parse(JSON.stringify(snapshot)));
    assert.equal(state.raw(SET_ASIDE_LEDGERS_KEY), undefined);
  });

  it('nothing kept: nothing to do', async () => {
    assert.equal(await restore(), 'nothing-kept');
    assert.equal(state.updates, 0);
  });

  it(`keeps the ${MAX_SET_ASIDE} most recent set-aside ledgers, newest first`, async () => {
    const times = [
      '2025-06-01T08:00:00.000Z',
      '2025-06-02T08:00:00.000Z',
      '2025-06-03T08:00:00.000Z',
      '2025-06-04T08:00:00.000Z',
    ];
    for (const [i, time] of times.entries()) {
      await state.update(LEDGER_STATE_KEY, { ...NEWER, seed: i });
      assert.equal(
        await restoreKeptLedger({
          state,
          log,
          restore: (snapshot) => control.restore(snapshot),
          now: () => new Date(time),
        }),
        'set-aside',
      );
    }
    assert.deepEqual(
      setAsideLedgers(state).map((entry) => [entry.setAsideAt, (entry.snapshot as { seed: number }).seed]),
      [
        ['2025-06-04T08:00:00.000Z', 3],
        ['2025-06-03T08:00:00.000Z', 2],
        ['2025-06-02T08:00:00.000Z', 1],
      ],
    );
  });

  it('keeps what another release set aside that this one does not understand', async () => {
    await state.update(SET_ASIDE_LEDGERS_KEY, { version: 1, items: [{ from: 'a newer release' }], note: 'kept' });
    await state.update(LEDGER_STATE_KEY, NEWER);
    assert.equal(await restore(), 'set-aside');
    assert.deepEqual(state.raw(SET_ASIDE_LEDGERS_KEY), {
      version: 1,
      items: [
        {
          setAsideAt: '2025-06-01T08:30:00.000Z',
          reason: "The sandbox refused the action: The snapshot's version is not 1.",
          snapshot: NEWER,
        },
        { from: 'a newer release' },
      ],
      note: 'kept',
    });
  });

  it('when even setting it aside fails, the kept ledger stays where it is', async () => {
    const failing = new MapMemento();
    await failing.update(LEDGER_STATE_KEY, NEWER);
    const original = failing.update.bind(failing);
    failing.update = (key: string, value: unknown) =>
      key === SET_ASIDE_LEDGERS_KEY ? Promise.reject(new Error('storage full')) : original(key, value);
    const result = await restoreKeptLedger({
      state: failing,
      log,
      restore: (snapshot) => control.restore(snapshot),
      now: () => AT,
    });
    assert.equal(result, 'not-set-aside');
    assert.deepEqual(failing.raw(LEDGER_STATE_KEY), NEWER);
    assert.ok(log.lines.some((line) => line.includes('nor set aside (storage full)')));
  });
});
