/**
 * The control endpoint (`POST /sandbox/control`) over real HTTP with real signatures, through the
 * typed client of src/api and as raw requests: every action, the service's answers that follow
 * from it on `/v2`, and every refusal (signature, size, JSON, action, fields, states).
 */
import { strict as assert } from 'assert';
import { randomUUID } from 'crypto';
import { AuthenticationError, CancelledError, ControlClient, TransportError } from '../../../src/api';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { MAX_CONTROL_BODY_BYTES, SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { refusal } from '../../../test/unit/support/controlRefusal';
import type { ManualClock, Sandbox, WireRecord } from '../src';
import { post, postSigned, result, rpc, testKeys, testSandbox } from './helpers';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';
const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';

async function record(sandbox: Sandbox, id: string): Promise<WireRecord> {
  const records = await result<WireRecord[]>(sandbox, 'getTransactions', { id });
  assert.equal(records.length, 1);
  return records[0];
}

async function status(sandbox: Sandbox, id: string): Promise<string> {
  return result<string>(sandbox, 'getStatus', { id });
}

function statuses(tx: ControlTransaction): string[] {
  return tx.schedule.map((s) => `${s.status}@${(s.atMs - START) / 1000}`);
}

describe('sandbox control endpoint', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;
  let control: ControlClient;

  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 20, seed: 1 });
    clock = sandbox.clock as ManualClock;
    control = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
  });
  afterEach(async () => {
    control.dispose();
    await sandbox.stop();
  });

  describe('clock', () => {
    it('reads the sandbox clock and skips it ahead; the ledger moves with it', async () => {
      assert.deepEqual(await control.clock(), {
        nowMs: START,
        now: '2025-01-15T12:00:00.000+00:00',
        skippedMs: 0,
        skippable: true,
      });
      const tx = await control.create();
      assert.deepEqual(await control.skip(24 * 60 * MINUTE), {
        nowMs: START + 86_400_000,
        now: '2025-01-16T12:00:00.000+00:00',
        skippedMs: 86_400_000,
        skippable: true,
      });
      assert.equal(clock.now(), START + 86_400_000);
      assert.equal(await status(sandbox, tx.id), 'overdue');
    });

    it('refuses a skip that is not a whole positive number of ms up to a year', async () => {
      for (const ms of [0, -1, 1.5, '60000', null, 366 * 24 * 60 * MINUTE + 1]) {
        const error = await refusal(control.run({ action: 'skip', ms: ms as number }));
        assert.equal(error.code, 'invalid', String(ms));
        assert.equal(error.field, 'ms');
        assert.equal(error.status, 400);
      }
      assert.equal(clock.now(), START);
    });
  });

  describe('create', () => {
    it('creates a float transaction waiting for its payment, overdue 24 h later, seen by /v2', async () => {
      const tx = await control.create();
      assert.equal(tx.type, 'float');
      assert.equal(tx.status, 'waiting');
      assert.deepEqual(
        [tx.currencyFrom, tx.currencyTo, tx.amountExpectedFrom, tx.amountExpectedTo],
        ['btc', 'eth', '0.001218', '0.02486515'],
      );
      assert.deepEqual(statuses(tx), ['waiting@0', 'overdue@86400']);
      assert.deepEqual(tx.next && [tx.next.status, tx.next.at], ['overdue', '2025-01-16T12:00:00.000+00:00']);
      assert.equal(tx.payTillMs, null);
      const wire = await record(sandbox, tx.id);
      assert.equal(wire.status, 'waiting');
      assert.equal(wire.amountExpectedFrom, '0.001218');
      assert.equal(wire.refundAddress, '');
    });

    it("creates a fixed one with the payin currency's payment window and the given addresses", async () => {
      const tx = await control.create({
        type: 'fixed',
        from: 'BTC',
        to: 'eth',
        amountFrom: '0.01',
        address: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
      });
      assert.deepEqual(statuses(tx), ['waiting@0', 'expired@1200']);
      assert.equal(tx.payTillMs, START + 20 * MINUTE);
      assert.equal(tx.amountExpectedFrom, '0.01');
      const wire = await record(sandbox, tx.id);
      assert.equal(wire.payoutAddress, ETH_ADDRESS);
      assert.equal(wire.refundAddress, BTC_ADDRESS);
      assert.equal(wire.payTill, '2025-01-15T12:20:00.000+00:00');
    });

    it('creates a transaction in any state, expired ones fixed by default', async () => {
      for (const wanted of KNOWN_STATUSES.filter((status) => status !== 'waiting')) {
        const tx = await control.create({ status: wanted });
        assert.equal(tx.status, wanted);
        assert.equal(tx.type, wanted === 'expired' ? 'fixed' : 'float');
        assert.equal(await status(sandbox, tx.id), wanted);
      }
    });

    it('refuses what the create operations would refuse, naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ from: 'nope' }, 'from', 'Invalid currency: nope not found'],
        [{ from: 'btc', to: 'btc' }, 'to', 'from and to must be different currencies.'],
        [
          { type: 'fixed', from: 'doge' },
          'from',
          'Invalid currency: doge temporary disabled for fix rate transactions',
        ],
        [
          { amountFrom: '0.0001' },
          'amountFrom',
          'amountFrom must be within the float limits of btc->eth: 0.000609 to 10.40721699267 btc.',
        ],
        [
          { amountFrom: '0.000000001' },
          'amountFrom',
          'amountFrom must be a positive decimal string with at most 8 decimals (btc).',
        ],
        [{ amountFrom: 1 }, 'amountFrom', 'amountFrom must be a decimal string such as "0.5".'],
        [{ address: BTC_ADDRESS }, 'address', 'address is not a plausible eth address.'],
        [{ refundAddress: ETH_ADDRESS }, 'refundAddress', 'refundAddress is not a plausible btc address.'],
        [{ type: 'fixed', status: 'overdue' }, 'status', 'A fixed-rate transaction cannot be overdue.'],
        [
          { status: 'new' },
          'status',
          'status must be one of waiting, confirming, exchanging, sending, hold, finished, failed, refunded, overdue, expired.',
        ],
        [{ type: 'swap' }, 'type', 'type must be "float" or "fixed".'],
        [
          { amount: '1' },
          'amount',
          'Unknown field "amount"; this action takes "action", "type", "from", "to", "amountFrom", "address", "extraId", "refundAddress", "refundExtraId", "status".',
        ],
        [{ address: 'bc1\u202eevil' }, 'address', 'address must be an address (printable text, up to 256 characters).'],
      ];
      const size = sandbox.ledger.size;
      for (const [fields, field, message] of cases) {
        const error = await refusal(control.run({ action: 'create', ...fields }));
        assert.deepEqual(
          [error.code, error.field, error.controlMessage, error.status],
          ['invalid', field, message, 400],
          JSON.stringify(fields),
        );
      }
      assert.equal(sandbox.ledger.size, size, 'nothing was created');
    });
  });

  describe('pay', () => {
    it('the expected amount moves the transaction on to finished on the sandbox clock', async () => {
      const created = await control.create();
      clock.advance(5 * MINUTE);
      const paid = await control.pay(created.id);
      assert.deepEqual(statuses(paid), [
        'waiting@0',
        'confirming@300',
        'exchanging@360',
        'sending@390',
        'finished@420',
      ]);
      assert.equal(await status(sandbox, created.id), 'confirming');
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        seen.push(await status(sandbox, created.id));
        clock.advance(30_000);
      }
      assert.deepEqual(seen, ['confirming', 'confirming', 'exchanging', 'sending', 'finished']);
      const wire = await record(sandbox, created.id);
      assert.equal(wire.amountFrom, '0.001218');
      // About 0.0249275 gross (0.001218 at the pair's rate), less 0.75 % (exchange 0.25 + this record's partner 0.5) and the 0.0021 ETH network fee.
      assert.equal(wire.amountTo, '0.02264051');
      assert.equal(wire.totalFee, '0.00228696');
      assert.equal(wire.moneyReceived > 0 && wire.moneySent !== undefined && wire.moneySent > 0, true);
    });

    it("another amount gets the service's reaction (ours): exchanged as received, failed, held, refunded", async () => {
      const cases: [Record<string, string>, string, string[]][] = [
        [{}, '0.002', ['waiting@0', 'confirming@0', 'exchanging@60', 'sending@90', 'finished@120']],
        [{}, '0.0001', ['waiting@0', 'confirming@0', 'failed@60']],
        [{}, '11', ['waiting@0', 'confirming@0', 'hold@60']],
        [{ type: 'fixed' }, '0.002', ['waiting@0', 'confirming@0', 'refunded@60']],
        [{ type: 'fixed' }, '0.0005', ['waiting@0', 'confirming@0', 'failed@60']],
      ];
      for (const [create, amount, schedule] of cases) {
        const tx = await control.create(create);
        const paid = await control.pay(tx.id, amount);
        assert.deepEqual(statuses(paid), schedule, `${JSON.stringify(create)} ${amount}`);
        clock.advance(2 * MINUTE);
        const wire = await record(sandbox, tx.id);
        assert.equal(wire.status, schedule[schedule.length - 1].split('@')[0]);
        assert.equal(wire.amountFrom, amount);
        clock.set(START);
      }
    });

    it('refuses a transaction that is not waiting, an unknown one and a bad amount', async () => {
      const tx = await control.create({ status: 'finished' });
      const notWaiting = await refusal(control.pay(tx.id));
      assert.deepEqual(
        [notWaiting.code, notWaiting.status, notWaiting.controlMessage],
        [
          'conflict',
          409,
          `Transaction ${tx.id} is finished: only a waiting transaction can be paid (move it to waiting first).`,
        ],
      );
      const unknown = await refusal(control.pay('nosuchtx123'));
      assert.deepEqual([unknown.code, unknown.status, unknown.field], ['not-found', 404, 'id']);
      const waiting = await control.create();
      for (const amount of ['0', '-1', '1e3', '0.123456789', ' 1']) {
        const bad = await refusal(control.pay(waiting.id, amount));
        assert.deepEqual([bad.code, bad.field], ['invalid', 'amount'], amount);
      }
      assert.equal(await status(sandbox, waiting.id), 'waiting');
    });
  });

  describe('move', () => {
    it('moves a transaction to any status of its type; the clock moves it on where there is a successor', async () => {
      const tx = await control.create();
      const moves: [string, string[]][] = [
        ['hold', ['waiting@0', 'hold@0']],
        ['exchanging', ['waiting@0', 'hold@0', 'exchanging@0', 'sending@30', 'finished@60']],
        ['failed', ['waiting@0', 'hold@0', 'exchanging@0', 'failed@0']],
        ['refunded', ['waiting@0', 'hold@0', 'exchanging@0', 'refunded@0']],
        ['sending', ['waiting@0', 'hold@0', 'exchanging@0', 'sending@0', 'finished@30']],
        ['waiting', ['waiting@0', 'overdue@86400']],
        ['overdue', ['waiting@0', 'overdue@0']],
        ['confirming', ['waiting@0', 'confirming@0', 'exchanging@60', 'sending@90', 'finished@120']],
        ['finished', ['waiting@0', 'confirming@0', 'finished@0']],
      ];
      for (const [to, schedule] of moves) {
        const moved = await control.move(tx.id, to as ControlTransaction['status']);
        assert.deepEqual(statuses(moved), schedule, to);
        assert.equal(await status(sandbox, tx.id), to);
      }
    });

    it('moves a seeded transaction too, and a fixed one back to waiting opens a new payment window', async () => {
      const seeded = sandbox.ledger
        .all()
        .find((t) => t.type === 'fixed' && sandbox.ledger.statusOf(t.id) === 'expired');
      assert.ok(seeded);
      clock.advance(10 * MINUTE);
      const moved = await control.move(seeded.id, 'waiting');
      assert.equal(moved.payTillMs, START + 10 * MINUTE + 20 * MINUTE);
      assert.equal((await record(sandbox, seeded.id)).payTill, '2025-01-15T12:30:00.000+00:00');
      clock.advance(20 * MINUTE);
      assert.equal(await status(sandbox, seeded.id), 'expired');
    });

    it('refuses overdue for a fixed transaction and expired for a float one, an unknown status or id', async () => {
      const fixed = await control.create({ type: 'fixed' });
      const float = await control.create();
      const a = await refusal(control.move(fixed.id, 'overdue'));
      assert.deepEqual([a.code, a.status, a.field], ['conflict', 409, 'status']);
      const b = await refusal(control.move(float.id, 'expired'));
      assert.deepEqual(
        [b.code, b.controlMessage],
        [
          'conflict',
          'A float-rate transaction cannot become expired (that is for fixed-rate ones); its unpaid end is overdue.',
        ],
      );
      const c = await refusal(control.run({ action: 'move', id: float.id, status: 'hold*' as 'hold' }));
      assert.deepEqual([c.code, c.field], ['invalid', 'status']);
      const d = await refusal(control.move('../../etc', 'hold'));
      assert.deepEqual([d.code, d.field], ['invalid', 'id']);
      const e = await refusal(control.move('unknownid42', 'hold'));
      assert.deepEqual([e.code, e.status], ['not-found', 404]);
      assert.equal(await status(sandbox, float.id), 'waiting');
    });

    it('get shows a transaction without changing it', async () => {
      const tx = await control.create({ status: 'sending' });
      assert.deepEqual(await control.get(tx.id), tx);
    });
  });

  describe('faults', () => {
    it('sets faults of /v2 answers (never of control answers), reads and clears them', async () => {
      const set = await control.setFaults({ rates: { http503: 1 }, latencyMs: 0 });
      assert.deepEqual(set, { rates: { http503: 1 }, latencyMs: 0, next: [] });
      const answer = await postSigned(
        sandbox,
        testKeys().a,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getStatus', params: { id: 'x1' } }),
      );
      assert.equal(answer.status, 503);
      assert.deepEqual(await control.faults(), { rates: { http503: 1 }, latencyMs: 0, next: [] });
      assert.equal((await control.clock()).nowMs, START);
      assert.deepEqual(await control.clearFaults(), { rates: {}, next: [] });
      assert.equal((await rpc(sandbox, 'getCurrenciesFull', {})).error, undefined);
    });

    it('refuses fault settings out of bounds, naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ rates: { http500: 2 } }, 'faults.rates.http500'],
        [{ rates: { meteor: 0.5 } }, 'faults.rates.meteor'],
        [{ rates: [] }, 'faults.rates'],
        [{ latencyMs: -1 }, 'faults.latencyMs'],
        [{ latencyMs: 10 * 60_000 + 1 }, 'faults.latencyMs'],
        [{ slowMs: Number.MAX_VALUE }, 'faults.slowMs'],
        [{ hostile: 'all' }, 'faults.hostile'],
        [{ next: Array.from({ length: 101 }, () => 'hang') }, 'faults.next'],
        [{ next: ['hang', 'boom'] }, 'faults.next'],
        [{ seed: 1.5 }, 'faults.seed'],
        [{ down: true }, 'faults.down'],
        ['down', 'faults'],
        [undefined, 'faults'],
      ];
      for (const [faults, field] of cases) {
        const error = await refusal(control.run({ action: 'setFaults', faults: faults as object }));
        assert.deepEqual([error.code, error.field], ['invalid', field], JSON.stringify(faults));
      }
      assert.deepEqual(sandbox.faults, { rates: {}, next: [] });
    });
  });

  describe('reset', () => {
    it('starts a new ledger: created transactions are gone, the seeded ones are back', async () => {
      const tx = await control.create();
      const seeded = sandbox.ledger.all().find((t) => t.id !== tx.id);
      assert.ok(seeded);
      await control.move(seeded.id, 'hold');
      const state = await control.reset();
      assert.deepEqual(state, {
        seed: 1,
        size: 20,
        clock: { nowMs: START, now: '2025-01-15T12:00:00.000+00:00', skippedMs: 0, skippable: true },
      });
      assert.equal((await refusal(control.get(tx.id))).code, 'not-found');
      assert.deepEqual((await rpc(sandbox, 'getStatus', { id: tx.id })).error, {
        code: -32602,
        message: 'Parameter id is invalid',
      });
      assert.notEqual((await control.get(seeded.id)).status, 'hold');
      const other = await control.reset(7);
      assert.equal(other.seed, 7);
      assert.equal(sandbox.ledger.get(seeded.id), undefined, 'another seed, other transactions');
    });
  });

  describe('refusals of the request itself', () => {
    const body = JSON.stringify({ action: 'clock', nonce: randomUUID(), at: Date.now() });
    /** A raw control body with a new nonce and the time (what the client adds), after `text`'s members. */
    const fresh = (text: string): string =>
      text.replace(/\}$/, `${text === '{}' ? '' : ','}"nonce":"${randomUUID()}","at":${Date.now()}}`);

    it('answers an unsigned, unknown-key or badly signed request 401 Unauthorized, as /v2 does', async () => {
      const unsigned = await post(sandbox.url, body, { path: SANDBOX_CONTROL_PATH });
      const otherKey = await postSigned(sandbox, testKeys().b, body, { path: SANDBOX_CONTROL_PATH });
      const wrongBody = await postSigned(sandbox, testKeys().a, body, {
        path: SANDBOX_CONTROL_PATH,
        headers: { 'X-Api-Signature': Buffer.alloc(256, 1).toString('base64') },
      });
      const signedOther = await post(sandbox.url, body, {
        path: SANDBOX_CONTROL_PATH,
        headers: {
          'X-Api-Key': testKeys().a.apiKey,
          'X-Api-Signature': (await import('../../../src/api/keys')).signBody(
            testKeys().a.privateKey,
            Buffer.from(`${body} `),
          ),
        },
      });
      for (const answer of [unsigned, otherKey, wrongBody, signedOther]) {
        assert.equal(answer.status, 401);
        assert.match(answer.contentType, /^text\/plain/);
        assert.equal(answer.text, 'Unauthorized');
      }
      const client = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().b });
      await assert.rejects(client.clock(), AuthenticationError);
      client.dispose();
    });

    it('answers clear JSON errors for a body that is not JSON, not an object, or names no known action', async () => {
      const cases: [string, number, string, string][] = [
        ['{"action":', 400, 'invalid', 'The body is not JSON; send an object such as {"action": "clock"}.'],
        ['[]', 400, 'invalid', 'The request must be a JSON object such as {"action": "clock"}.'],
        [
          '{}',
          400,
          'unknown-action',
          'action is required; actions are create, pay, move, get, setFaults, clearFaults, faults, reset, clock, skip, snapshot, restore, setHook, clearHook, hook, replay, requests, clearRequests.',
        ],
        [
          '{"action":"explode"}',
          400,
          'unknown-action',
          '"explode" is not an action; actions are create, pay, move, get, setFaults, clearFaults, faults, reset, clock, skip, snapshot, restore, setHook, clearHook, hook, replay, requests, clearRequests.',
        ],
        ['{"action":"clock","extra":1}', 400, 'invalid', 'Unknown field "extra"; this action takes "action".'],
      ];
      for (const [text, code, errorCode, message] of cases) {
        const answer = await postSigned(
          sandbox,
          testKeys().a,
          text.startsWith('{') && text.endsWith('}') ? fresh(text) : text,
          { path: SANDBOX_CONTROL_PATH },
        );
        assert.equal(answer.status, code, text);
        assert.match(answer.contentType, /^application\/json/);
        const parsed = JSON.parse(answer.text) as { ok: boolean; error: { code: string; message: string } };
        assert.equal(parsed.ok, false);
        assert.deepEqual([parsed.error.code, parsed.error.message], [errorCode, message], text);
      }
    });

    it('refuses a body over the bound with 413 before reading it, and other paths and methods with 404', async () => {
      const huge = JSON.stringify({ action: 'restore', snapshot: 'x'.repeat(MAX_CONTROL_BODY_BYTES) });
      const tooLarge = await postSigned(sandbox, testKeys().a, huge, { path: SANDBOX_CONTROL_PATH });
      assert.equal(tooLarge.status, 413);
      const get = await post(sandbox.url, '', { path: SANDBOX_CONTROL_PATH, method: 'GET' });
      assert.equal(get.status, 404);
      const other = await postSigned(sandbox, testKeys().a, body, { path: '/sandbox/controls' });
      assert.equal(other.status, 404);
    });

    it('the client refuses an address that is not on this machine before signing anything', () => {
      assert.throws(
        () => new ControlClient({ baseUrl: 'https://api.example.com', credentials: testKeys().a }),
        TransportError,
      );
      assert.throws(() => new ControlClient({ baseUrl: 'http://10.0.0.1:8710', credentials: testKeys().a }));
      const local = new ControlClient({ baseUrl: 'http://localhost:8710/v2/', credentials: testKeys().a });
      assert.equal(local.url, 'http://localhost:8710/sandbox/control');
      local.dispose();
    });

    it('a disposed client sends nothing', async () => {
      const client = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
      client.dispose();
      const before = sandbox.requests.length;
      await assert.rejects(client.clock(), CancelledError);
      assert.equal(sandbox.requests.length, before);
    });
  });
});
