/**
 * Order per transaction, not per queue, over real HTTP to a real receiver, with a test clock for
 * the queue's time: a receiver refusing one transaction for 10 minutes delays none of the others;
 * the refused event is parked as failed after its bounded attempts (with the transaction's later
 * event behind it), kept, and once the receiver is fixed a resend delivers both with their
 * original ids, in order. The counts read in `onChange` are already true (the status bar reads
 * them there). Attempts keep to `maxPerSecond`; the forwarder's polls keep to its `maxRps`.
 */
import { strict as assert } from 'assert';
import type { ExchangeClient } from '../../../src/api';
import { ControlClient } from '../../../src/api';
import { DeliveryQueue } from '../../../src/forward/delivery';
import type { QueueEntry } from '../../../src/forward/deliveryTypes';
import { StatusForwarder } from '../../../src/forward/forwarder';
import type { OutboundEvent, StatusEvent } from '../../../src/shared/statusEvents';
import { makeStatusEvent } from '../../../src/shared/statusEvents';
import { peakInWindow, startHarness } from '../api/support';
import { until } from '../support/until';
import { DedupingReceiver } from './support/forwardProcess';
import { TestTime } from '../support/testTime';

const SECRET = 'lanes-test-secret-0123456789';
const MINUTE = 60_000;

function change(
  tx: string,
  from: string | null,
  to: string,
  earlier: number,
): StatusEvent<{ id: string; status: string }> {
  return makeStatusEvent({ account: 'test', earlierChanges: earlier }, tx, from, to, { id: tx, status: to }, 0);
}

describe('delivery in order per transaction, not per queue', () => {
  let receiver: DedupingReceiver;
  beforeEach(async () => {
    // The queue signs with the test clock's time, up to an hour ahead of the real one.
    receiver = new DedupingReceiver(SECRET, 3600);
    await receiver.open();
  });
  afterEach(() => receiver.close());

  it('a transaction refused for 10 minutes holds back no other; parked as failed, resent after the fix with its ids, in order', async function () {
    this.timeout(120_000);
    const time = new TestTime(Date.now());
    const counts: string[] = [];
    const queue: DeliveryQueue = new DeliveryQueue({
      url: new URL(receiver.url),
      secrets: [SECRET],
      now: time.now,
      timers: time.timers,
      // Short steps and a bound of attempts, so the failing one is parked within the test's hour.
      backoff: { baseMs: 500, maxMs: 60_000 },
      maxAttempts: 10,
      onChange: () => counts.push(`${queue.pending}/${queue.failed}/${queue.delivered}`),
    });
    try {
      receiver.refuse.add('bad');
      const bad1 = change('bad', null, 'waiting', 0);
      const bad2 = change('bad', 'waiting', 'confirming', 1);
      queue.enqueue(bad1, 'bad');
      queue.enqueue(bad2, 'bad');
      // Another transaction's change every 30 s of test time for 10 minutes: each is delivered at
      // once, before the test clock moves on (a queue holding it behind the failing one would only
      // send it once the clock reached that one's next attempt, so this wait would never end).
      let others = 0;
      while (time.offset < 10 * MINUTE) {
        const event = change(`good${others}`, null, 'waiting', 0);
        queue.enqueue(event, `good${others}`);
        await until(() => queue.entries().some((e: QueueEntry) => e.event.id === event.id && e.state === 'delivered'));
        const entry = queue.entries().find((e: QueueEntry) => e.event.id === event.id);
        assert.equal(entry?.attempts, 1, 'delivered at the first attempt');
        others++;
        time.advance(30_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(others, 20);
      // The failing one is parked after its 10 attempts.
      while (queue.failed < 2) {
        time.advance(30_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(queue.pending, 0);
      const parked = queue.entries().filter((e) => e.state === 'failed');
      assert.deepEqual(
        parked.map((e) => e.event.id),
        [bad1.id, bad2.id],
        'the failing event and the one behind it are kept, in order',
      );
      assert.equal(parked[0].lastStatus, 500);
      assert.equal(parked[0].attempts, 10);
      assert.equal(parked[1].attempts, 0, 'the later event was never sent before the earlier one');
      await queue.idle(); // failed events do not count as waiting
      receiver.refuse.delete('bad');
      assert.equal(
        queue.resend(bad2.id),
        true,
        'Resend on the later event resends the transaction from its failed event',
      );
      await until(() => receiver.handled.includes(bad2.id));
      await queue.idle();
      assert.deepEqual(
        receiver.changes.get('bad')?.map((c) => c.id),
        [bad1.id, bad2.id],
        'both arrive with their original ids, in order',
      );
      assert.equal(queue.failed, 0);
      // Every count read in onChange was already true: after the last delivery, nothing waits.
      assert.equal(counts[counts.length - 1], `0/0/${queue.delivered}`);
      assert.ok(!counts.some((c) => c.startsWith('-')), counts.join(' '));
    } finally {
      queue.dispose();
    }
  });

  it('Resend All Failed sends every parked transaction again; the counts never show done work as waiting', async () => {
    const time = new TestTime(Date.now());
    const seen: [number, number][] = [];
    const queue: DeliveryQueue = new DeliveryQueue({
      url: new URL(receiver.url),
      secrets: [SECRET],
      now: time.now,
      timers: time.timers,
      maxAttempts: 2,
      concurrency: 1,
      onAttempt: (a) => void (a.delivered && seen.push([queue.pending, queue.delivered])),
    });
    try {
      for (const tx of ['a', 'b']) receiver.refuse.add(tx);
      queue.enqueue(change('a', null, 'waiting', 0), 'a');
      queue.enqueue(change('b', null, 'waiting', 0), 'b');
      while (queue.failed < 2) {
        time.advance(MINUTE);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const tx of ['a', 'b']) receiver.refuse.delete(tx);
      assert.equal(queue.resendAllFailed(), 2);
      await queue.idle();
      assert.equal(queue.pending, 0);
      assert.deepEqual(seen, [
        [1, 1],
        [0, 2],
      ]);
    } finally {
      queue.dispose();
    }
  });

  it('starts no more attempts than maxPerSecond in any second', async function () {
    this.timeout(60_000);
    const arrivals: number[] = [];
    const queue = new DeliveryQueue({
      url: new URL(receiver.url),
      secrets: [SECRET],
      maxPerSecond: 4,
      concurrency: 8,
      onAttempt: () => arrivals.push(Date.now()),
    });
    try {
      for (let i = 0; i < 16; i++) queue.enqueue(change(`t${i}`, null, 'waiting', 0), `t${i}`);
      await queue.idle();
      assert.equal(receiver.handled.length, 16);
      assert.ok(peakInWindow(arrivals) <= 4, `peak ${peakInWindow(arrivals)}`);
    } finally {
      queue.dispose();
    }
  });
});

describe("the forwarder's request budget", () => {
  it('polls (several pages each time) at no more than maxRps requests in any second', async function () {
    this.timeout(120_000);
    const harness = await startHarness({ ledgerSize: 400 });
    const client: ExchangeClient = harness.client();
    const control = new ControlClient({ baseUrl: harness.sandbox.url, credentials: harness.credentials });
    const events: OutboundEvent[] = [];
    const forwarder = new StatusForwarder({
      source: client,
      account: 'test',
      maxRps: 3,
      emitInitial: true,
      lookbackMs: 365 * 24 * 60 * MINUTE,
      sink: { add: (e) => events.push(e) > 0, commit: () => undefined },
    });
    try {
      harness.sandbox.clearRequests();
      for (let i = 0; i < 4; i++) await forwarder.pollNow();
      const served = harness.sandbox.requests.filter((r) => r.path === '/v2');
      assert.ok(served.length >= 8, `${served.length} requests`);
      assert.equal(forwarder.requests, served.length);
      assert.ok(peakInWindow(served.map((r) => r.at)) <= 3, `peak ${peakInWindow(served.map((r) => r.at))}`);
      assert.ok(events.length > 0, 'the first poll sent every transaction (emitInitial)');
    } finally {
      forwarder.stop();
      control.dispose();
      client.dispose();
      await harness.sandbox.stop();
    }
  });
});
