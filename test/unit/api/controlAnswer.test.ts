// How the sandbox control client reads an answer: the results of real control actions (taken
// from a running sandbox) pass, and each way an answer or its result can be malformed fails
// with its own error, written out. Also the one-shot sendControl() and snapshot/restore.
import { strict as assert } from 'assert';
import { AuthenticationError, ProtocolError, ControlError, TransportError } from '../../../src/api';
import { interpretControlAnswer } from '../../../src/api/controlAnswer';
import { sendControl, ControlClient } from '../../../src/api/controlClient';
import type { ControlActionName } from '../../../src/shared/controlProtocol';
import { startHarness } from './support';
import type { Harness } from './support';

const JSON_TYPE = 'application/json';
const ok = (result: unknown) => JSON.stringify({ ok: true, result });

/** [class, message] of what reading this answer throws. */
function thrown(action: ControlActionName, status: number, text: string, contentType = JSON_TYPE): [string, string] {
  try {
    interpretControlAnswer(action, status, contentType, text);
  } catch (error) {
    assert.ok(error instanceof Error);
    return [error.constructor.name, error.message];
  }
  return ['none', ''];
}

const malformed = (what: string, status = 200): [string, string] => [
  ProtocolError.name,
  `The sandbox's control answer has a malformed ${what} (HTTP ${status})`,
];

describe('sandbox control answers', () => {
  let h: Harness;
  let client: ControlClient;
  /** Real results of each kind, from the sandbox. */
  let real: {
    transaction: Record<string, unknown>;
    clock: Record<string, unknown>;
    ledger: Record<string, unknown>;
    snapshot: Record<string, unknown>;
    restored: Record<string, unknown>;
  };

  before(async () => {
    h = await startHarness({ ledgerSize: 3 });
    client = new ControlClient({ baseUrl: h.sandbox.url, credentials: h.credentials });
    const transaction = await client.create({ from: 'btc', to: 'eth' });
    const snapshot = await client.snapshot();
    real = {
      transaction: transaction as unknown as Record<string, unknown>,
      clock: (await client.clock()) as unknown as Record<string, unknown>,
      ledger: (await client.reset()) as unknown as Record<string, unknown>,
      snapshot: snapshot as unknown as Record<string, unknown>,
      restored: (await client.restore(snapshot)) as unknown as Record<string, unknown>,
    };
  });
  after(async () => {
    client.dispose();
    await h.sandbox.stop();
  });

  it('snapshot and restore round-trip through the client, and the one-shot call works and disposes its client', async () => {
    assert.equal(real.restored.restored, 1);
    assert.equal(real.restored.dropped, 0);
    // Again in the test itself (what a hook runs is not counted as covered by a test).
    const created = await client.create({ from: 'ltc', to: 'usdt' });
    const snapshot = await client.snapshot();
    assert.equal(snapshot.transactions.length, 2);
    await client.reset();
    const restored = await client.restore(snapshot);
    assert.deepEqual([restored.restored, restored.dropped], [2, 0]);
    assert.equal((await client.get(created.id)).currencyFrom, 'ltc');
    const faults = await sendControl({ baseUrl: h.sandbox.url, credentials: h.credentials }, { action: 'faults' });
    assert.deepEqual(faults, { rates: {}, next: [] });
  });

  it('accepts each real result', () => {
    assert.equal(thrown('get', 200, ok(real.transaction))[0], 'none');
    assert.equal(thrown('clock', 200, ok(real.clock))[0], 'none');
    assert.equal(thrown('reset', 200, ok(real.ledger))[0], 'none');
    assert.equal(thrown('snapshot', 200, ok(real.snapshot))[0], 'none');
    assert.equal(thrown('restore', 200, ok(real.restored))[0], 'none');
    assert.equal(thrown('faults', 200, ok({}))[0], 'none');
    assert.equal(thrown('get', 200, ok({ ...real.transaction, next: null }))[0], 'none');
  });

  it('refuses each malformed transaction member', () => {
    const step = (real.transaction.schedule as unknown[])[0] as Record<string, unknown>;
    const broken: Record<string, unknown>[] = [
      { id: 7 },
      { type: 'spot' },
      { status: 7 },
      { status: 'nonsense' },
      { currencyFrom: null },
      { currencyTo: 1 },
      { amountExpectedFrom: 0.5 },
      { createdAtMs: '1' },
      { schedule: {} },
      { schedule: [{ ...step, status: 'nonsense' }] },
      { schedule: [{ ...step, atMs: '1' }] },
      { schedule: [{ ...step, at: 1 }] },
      { schedule: [7] },
      { schedule: [step, { ...step, status: 'nonsense' }] },
      { next: { ...step, status: 7 } },
      { next: 'later' },
    ];
    for (const change of broken)
      assert.deepEqual(
        thrown('get', 200, ok({ ...real.transaction, ...change })),
        malformed('transaction'),
        JSON.stringify(change),
      );
    assert.deepEqual(thrown('pay', 200, ok([real.transaction])), malformed('transaction'));
  });

  it('refuses a malformed clock, ledger state, snapshot, restore outcome or fault configuration', () => {
    for (const change of [{ nowMs: '1' }, { now: 1 }, { skippedMs: null }, { skippable: 'yes' }]) {
      assert.deepEqual(
        thrown('skip', 200, ok({ ...real.clock, ...change })),
        malformed('clock'),
        JSON.stringify(change),
      );
    }
    assert.deepEqual(thrown('clock', 200, ok(null)), malformed('clock'));
    for (const change of [{ seed: '1' }, { size: null }])
      assert.deepEqual(
        thrown('reset', 200, ok({ ...real.ledger, ...change })),
        malformed('ledger state'),
        JSON.stringify(change),
      );
    assert.deepEqual(thrown('reset', 200, ok({ ...real.ledger, clock: {} })), malformed('clock'));
    assert.deepEqual(thrown('reset', 200, ok([])), malformed('ledger state'));
    for (const change of [{ transactions: {} }, { version: '1' }])
      assert.deepEqual(
        thrown('snapshot', 200, ok({ ...real.snapshot, ...change })),
        malformed('snapshot'),
        JSON.stringify(change),
      );
    assert.deepEqual(thrown('snapshot', 200, ok('x')), malformed('snapshot'));
    for (const change of [{ restored: '1' }, { dropped: null }])
      assert.deepEqual(
        thrown('restore', 200, ok({ ...real.restored, ...change })),
        malformed('restore outcome'),
        JSON.stringify(change),
      );
    assert.deepEqual(thrown('restore', 200, ok(7)), malformed('restore outcome'));
    assert.deepEqual(thrown('restore', 200, ok({ ...real.restored, ledger: null })), malformed('ledger state'));
    for (const action of ['setFaults', 'clearFaults', 'faults'] as const)
      assert.deepEqual(thrown(action, 200, ok([])), malformed('fault configuration'));
  });

  it('tells every other way an answer fails apart', () => {
    assert.deepEqual(thrown('get', 401, ''), [
      AuthenticationError.name,
      'The service refused the request (HTTP 401, Unauthorized). Check the API keys.',
    ]);
    assert.deepEqual(thrown('get', 403, '{}'), [
      AuthenticationError.name,
      'The service refused the request (HTTP 403, Forbidden). Check the API keys.',
    ]);
    assert.deepEqual(thrown('get', 200, 'Unauthorized', 'text/plain'), [
      AuthenticationError.name,
      'The service refused the request (HTTP 200, Unauthorized). Check the API keys.',
    ]);
    assert.deepEqual(thrown('get', 200, 'Unauthorized', JSON_TYPE), [
      ProtocolError.name,
      "The sandbox's control endpoint answered with a body that is not JSON (HTTP 200)",
    ]);
    assert.deepEqual(thrown('get', 404, 'Not Found', 'text/plain'), [
      TransportError.name,
      'This address has no sandbox control endpoint (HTTP 404): is it the sandbox of Exchange Tx?',
    ]);
    assert.deepEqual(thrown('get', 413, 'too large', 'text/plain'), [
      ProtocolError.name,
      "The sandbox's control endpoint answered with HTTP 413: the request is too large (HTTP 413)",
    ]);
    assert.deepEqual(thrown('get', 200, '[]'), malformed('body'));
    assert.deepEqual(thrown('get', 200, '{"ok":"yes"}'), malformed('body'));
    assert.deepEqual(thrown('get', 404, '{"ok":false,"error":{"code":"nope","message":"x"}}'), malformed('error', 404));
    assert.deepEqual(thrown('get', 404, '{"ok":false,"error":{"code":"not-found"}}'), malformed('error', 404));
    assert.deepEqual(thrown('get', 404, '{"ok":false}'), malformed('error', 404));
    assert.deepEqual(thrown('get', 500, ok(real.transaction)), [
      TransportError.name,
      "The sandbox's control endpoint answered HTTP 500.",
    ]);
    try {
      interpretControlAnswer(
        'get',
        404,
        JSON_TYPE,
        JSON.stringify({
          ok: false,
          error: { code: 'not-found', message: `No transaction ${'x'.repeat(1200)}`, field: 'id' },
        }),
      );
      assert.fail('no error');
    } catch (error) {
      assert.ok(error instanceof ControlError);
      assert.deepEqual(
        [error.code, error.status, error.field, error.controlMessage.length],
        ['not-found', 404, 'id', 1000],
      );
    }
    try {
      interpretControlAnswer(
        'get',
        409,
        JSON_TYPE,
        JSON.stringify({ ok: false, error: { code: 'conflict', message: 'final', field: 3 } }),
      );
      assert.fail('no error');
    } catch (error) {
      assert.ok(error instanceof ControlError);
      assert.equal(error.field, undefined, 'a field that is no string is left out');
    }
  });
});
