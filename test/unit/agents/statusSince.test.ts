/**
 * Since when transactions are in their status: on a real sandbox (over real HTTP, its clock
 * skipped ahead) each record's step from its schedule, its next step and the sandbox's "now",
 * with progress per record; on an account the first sightings, noted at the context's time.
 */
import { strict as assert } from 'assert';
import { ControlClient } from '../../../src/api';
import type { ExchangeClient } from '../../../src/api';
import { SANDBOX_TARGET, Sightings } from '../../../src/agents';
import type { AgentToolContext } from '../../../src/agents';
import { enteredAt, statusTimes } from '../../../src/agents/statusSince';
import type { TransactionRecord } from '../../../src/api/types';
import type { ScheduleStep } from '../../../src/shared/controlProtocol';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';

const ACCOUNT = { kind: 'account', label: 'Prod', host: 'api.example.com' } as const;

/** The members statusTimes reads of a record. */
function record(id: string, status: TransactionRecord['status']): TransactionRecord {
  return { id, status } as TransactionRecord;
}

describe('agent tools: since when a transaction is in its status', function () {
  describe('from a schedule', () => {
    const schedule: ScheduleStep[] = [
      { status: 'waiting', atMs: 100, at: '' },
      { status: 'confirming', atMs: 200, at: '' },
      { status: 'exchanging', atMs: 300, at: '' },
    ];

    it('is the last step at or before now, when it is the status asked', () => {
      assert.equal(enteredAt(schedule, 'waiting', 100), 100);
      assert.equal(enteredAt(schedule, 'waiting', 199), 100);
      assert.equal(enteredAt(schedule, 'confirming', 200), 200);
      assert.equal(enteredAt(schedule, 'exchanging', 10_000), 300);
      assert.equal(enteredAt(schedule, 'waiting', 200), undefined, 'a later step has begun');
      assert.equal(enteredAt(schedule, 'waiting', 99), undefined, 'no step has begun');
      assert.equal(enteredAt([], 'waiting', 100), undefined);
    });
  });

  describe('on an account', () => {
    it("notes the records at the context's time and gives each its first sighting in its status", async () => {
      const sightings = new Sightings();
      let now = 1_000;
      const context: AgentToolContext = {
        client: undefined as unknown as ExchangeClient,
        target: ACCOUNT,
        sightings,
        now: () => now,
      };
      const first = await statusTimes(context, [record('aaaa1', 'waiting'), record('bbbb2', 'hold')]);
      assert.equal(first.nowMs, 1_000);
      assert.deepEqual(
        [...first.since],
        [
          ['aaaa1', { atMs: 1_000, source: 'sighting' }],
          ['bbbb2', { atMs: 1_000, source: 'sighting' }],
        ],
      );
      assert.equal(first.next.size, 0);
      now = 5_000;
      const second = await statusTimes(context, [record('aaaa1', 'waiting'), record('bbbb2', 'failed')]);
      assert.equal(second.nowMs, 5_000);
      assert.deepEqual(
        [...second.since],
        [
          ['aaaa1', { atMs: 1_000, source: 'sighting' }],
          ['bbbb2', { atMs: 5_000, source: 'sighting' }],
        ],
      );
      assert.equal(sightings.since('bbbb2', 'failed'), 5_000);
    });

    it("without sightings knows no time, and without a clock of its own takes the machine's", async () => {
      const before = Date.now();
      const times = await statusTimes({ client: undefined as unknown as ExchangeClient, target: ACCOUNT }, [
        record('aaaa1', 'waiting'),
      ]);
      assert.ok(times.nowMs >= before && times.nowMs <= Date.now());
      assert.equal(times.since.size, 0);
      assert.equal(times.next.size, 0);
      const sightings = new Sightings();
      const seen = await statusTimes({ client: undefined as unknown as ExchangeClient, target: ACCOUNT, sightings }, [
        record('cccc3', 'hold'),
      ]);
      assert.ok(seen.nowMs >= before);
      assert.equal(seen.since.get('cccc3')?.atMs, seen.nowMs);
    });
  });

  describe('on the sandbox', () => {
    let h: Harness;
    let control: ControlClient;

    before(async () => {
      h = await startHarness({ ledgerSize: 0 });
    });
    after(async () => {
      await h.sandbox.stop();
    });
    beforeEach(() => {
      control = new ControlClient({ baseUrl: h.sandbox.url, credentials: h.credentials, limiter: h.limiter });
    });
    afterEach(() => {
      control.dispose();
    });

    it("reads each record's schedule: the step it entered at the sandbox's time, its next step, progress per record", async () => {
      await control.skip(3_600_000);
      const moving = await control.create({ status: 'confirming', type: 'float', from: 'btc', to: 'eth' });
      const staying = await control.create({ status: 'hold', type: 'float', from: 'btc', to: 'eth' });
      await control.skip(5_000);
      const clock = await control.clock();
      const progress: string[] = [];
      const sightings = new Sightings();
      const context: AgentToolContext = {
        client: undefined as unknown as ExchangeClient,
        target: SANDBOX_TARGET,
        control,
        sightings,
        now: () => 1,
        progress: (done, total, message) => progress.push(`${done}/${String(total)} ${message}`),
      };
      const times = await statusTimes(context, [
        record(moving.id, 'confirming'),
        record(staying.id, 'hold'),
        record(moving.id, 'waiting'),
      ]);
      assert.equal(times.nowMs, clock.nowMs, "the sandbox's clock, not the context's");
      const entered = [...moving.schedule].reverse().find((step) => step.status === 'confirming')?.atMs;
      assert.ok(entered !== undefined && entered <= clock.nowMs - 5_000);
      assert.deepEqual(times.since.get(moving.id), { atMs: entered, source: 'sandbox' });
      const held = [...staying.schedule].reverse().find((step) => step.status === 'hold')?.atMs;
      assert.deepEqual(times.since.get(staying.id), { atMs: held, source: 'sandbox' });
      assert.equal(
        times.since.size,
        2,
        "a record whose status is not the sandbox's has no time (the third names the first id)",
      );
      const next = times.next.get(moving.id);
      assert.equal(next?.status, 'exchanging');
      assert.ok(next !== null && next !== undefined && next.atMs > clock.nowMs);
      assert.equal(times.next.get(staying.id), null, 'hold stays until moved');
      assert.equal(times.next.size, 2);
      assert.deepEqual(progress, ['1/3 schedule of 1 of 3', '2/3 schedule of 2 of 3', '3/3 schedule of 3 of 3']);
      assert.equal(sightings.size, 0, 'the sandbox notes no sightings');
    });

    it('gives a record whose status the schedule has not reached no time', async () => {
      const tx = await control.create({ status: 'waiting', type: 'float', from: 'btc', to: 'eth' });
      const times = await statusTimes(
        { client: undefined as unknown as ExchangeClient, target: SANDBOX_TARGET, control },
        [record(tx.id, 'finished')],
      );
      assert.equal(times.since.size, 0);
      assert.equal(times.next.size, 1);
    });

    it('asks nothing of the control endpoint for an account target, even with a control client', async () => {
      h.sandbox.clearRequests();
      const times = await statusTimes(
        { client: undefined as unknown as ExchangeClient, target: ACCOUNT, control, now: () => 42 },
        [record('dddd4', 'waiting')],
      );
      assert.equal(times.nowMs, 42);
      assert.equal(h.sandbox.requests.length, 0);
    });
  });
});
