/**
 * The sandbox's own events (control actions setHook, clearHook, hook, replay) over real HTTP with
 * real signatures, to a real receiver: every step of a transaction's schedule arrives once, in
 * order, verified, with the time of the step (a skip of the clock gives each step it passed); a
 * receiver that is down gets them after it is back; replays resend the same event; only this
 * machine; the control answers never wait for a delivery.
 */
import { strict as assert } from 'assert';
import * as net from 'net';
import type { AddressInfo } from 'net';
import { ControlClient } from '../../../src/api';
import { refusal } from '../support/controlRefusal';
import { generateEventSecret } from '../../../src/shared/statusEvents';
import type { Harness } from '../api/support';
import { peakInWindow, startHarness } from '../api/support';
import { HOOK_MAX_PER_SECOND } from '../../../packages/sandbox/src/hookEmitter';
import { Receiver } from './receiver';

const MINUTE = 60_000;

describe('sandbox status-change events (setHook, replay)', () => {
  let harness: Harness;
  let control: ControlClient;
  let receiver: Receiver;
  let secret: string;

  beforeEach(async () => {
    harness = await startHarness({ ledgerSize: 20, hookDelivery: { backoff: { baseMs: 20, maxMs: 200 } } });
    control = new ControlClient({ baseUrl: harness.sandbox.url, credentials: harness.credentials });
    secret = generateEventSecret();
    receiver = new Receiver(secret);
    await receiver.open();
  });
  afterEach(async () => {
    control.dispose();
    await receiver.close();
    await harness.sandbox.stop();
  });

  it('sends every move at once, in order, signed, each step with its own time; the hook answer never shows the secret', async () => {
    const state = await control.setHook(receiver.url, secret);
    assert.equal(state.url, receiver.url);
    assert.ok(!JSON.stringify(state).includes(secret));
    const tx = await control.create({ from: 'btc', to: 'eth' });
    await control.pay(tx.id);
    await control.skip(60 * MINUTE);
    // The schedule the clock went through (a move afterwards writes a new one from then on).
    const schedule = (await control.get(tx.id)).schedule;
    const moved = await control.move(tx.id, 'hold');
    await harness.sandbox.hooks.idle();
    const mine = receiver.accepted.filter((e) => e.transaction.id === tx.id);
    const expected: string[] = [];
    let previous: string | null = null;
    for (const step of schedule) {
      if (step.status === previous) continue;
      expected.push(`${previous}>${step.status}`);
      previous = step.status;
    }
    expected.push(`${previous}>hold`);
    assert.ok(expected.length >= 6, expected.join(' '));
    assert.deepEqual(
      mine.map((e) => `${e.from}>${e.to}`),
      expected,
    );
    const times = schedule.filter((s, i) => i === 0 || schedule[i - 1].status !== s.status).map((s) => s.atMs);
    times.push(moved.schedule[moved.schedule.length - 1].atMs);
    assert.deepEqual(
      mine.map((e) => e.at),
      times.map((ms) => new Date(ms).toISOString()),
    );
    assert.ok(
      mine.every((e) => e.transaction.status === e.to),
      'each record as the service answers it at the time of the step',
    );
    assert.equal(new Set(mine.map((e) => e.id)).size, mine.length);
    assert.ok(
      receiver.arrivals.every((a) => a.verified && a.answered === 200),
      'each once, verified',
    );
    const hook = await control.hook();
    assert.equal(hook.delivered, receiver.arrivals.length);
    assert.equal(hook.pending, 0);
  });

  it('a receiver that is down gets the events once it is back, in order; one answering 500 gets the same event again', async () => {
    await control.setHook(receiver.url, secret);
    const port = receiver.port;
    await receiver.close();
    const tx = await control.create();
    await control.move(tx.id, 'confirming');
    await control.move(tx.id, 'exchanging');
    const down = await control.hook();
    assert.equal(down.delivered, 0);
    assert.ok(down.pending >= 3);
    receiver.answers.push(500);
    await receiver.open(port);
    await harness.sandbox.hooks.idle();
    const mine = receiver.arrivals.filter((a) => a.event.transaction.id === tx.id);
    assert.deepEqual(
      mine.map((a) => `${a.event.to}:${a.answered}`),
      ['waiting:500', 'waiting:200', 'confirming:200', 'exchanging:200'],
    );
    assert.equal(mine[0].event.id, mine[1].event.id);
  });

  it('replays an event by its id, or the latest of a transaction: the same id and body, verified again', async () => {
    await control.setHook(receiver.url, secret);
    const tx = await control.create();
    await control.move(tx.id, 'confirming');
    await harness.sandbox.hooks.idle();
    const [first, second] = receiver.accepted.filter((e) => e.transaction.id === tx.id);
    assert.equal(second.to, 'confirming');
    const replayed = await control.replay({ eventId: first.id });
    assert.deepEqual(replayed, { id: first.id, transactionId: tx.id, from: null, to: 'waiting', at: first.at });
    assert.equal((await control.replay({ transactionId: tx.id })).id, second.id);
    await harness.sandbox.hooks.idle();
    const again = receiver.accepted.slice(-2);
    assert.deepEqual(again, [first, second]);
    assert.equal((await refusal(control.replay({ eventId: `evt_${'0'.repeat(32)}` }))).field, 'eventId');
    assert.equal(
      (await refusal(control.run({ action: 'replay', eventId: first.id, transactionId: tx.id }))).code,
      'invalid',
    );
  });

  it('sends to this machine only, refuses a short secret, and stops on clearHook', async () => {
    for (const url of ['https://hooks.example.com/x', 'http://10.0.0.1/x', 'file:///tmp/x']) {
      const error = await refusal(control.setHook(url, secret));
      assert.equal(error.code, 'invalid');
      assert.equal(error.field, 'url');
    }
    assert.equal((await refusal(control.setHook(receiver.url, 'short'))).field, 'secret');
    await control.setHook(receiver.url, secret);
    const cleared = await control.clearHook();
    assert.equal(cleared.url, null);
    await control.create();
    assert.equal(receiver.arrivals.length, 0);
  });

  it('answers control and /v2 requests while the receiver hangs (delivery is off the request path)', async () => {
    const sockets: net.Socket[] = [];
    const hanging = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      await control.setHook(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`, secret);
      const tx = await control.create();
      await control.move(tx.id, 'confirming');
      const client = harness.client();
      assert.equal((await client.getStatus(tx.id)).status, 'confirming');
      client.dispose();
      const state = await control.hook();
      assert.equal(state.delivered, 0);
      assert.ok(state.pending >= 2);
    } finally {
      await control.clearHook();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('sends at most HOOK_MAX_PER_SECOND events a second however fast replays come', async function () {
    this.timeout(60_000);
    const times: number[] = [];
    const original = receiver.arrivals.push.bind(receiver.arrivals);
    receiver.arrivals.push = (...items) => {
      times.push(Date.now());
      return original(...items);
    };
    await control.setHook(receiver.url, secret);
    const tx = await control.create();
    await harness.sandbox.hooks.idle();
    for (let i = 0; i < 2 * HOOK_MAX_PER_SECOND; i++) await control.replay({ transactionId: tx.id });
    await harness.sandbox.hooks.idle();
    assert.equal(receiver.accepted.length, 1 + 2 * HOOK_MAX_PER_SECOND);
    assert.ok(peakInWindow(times) <= HOOK_MAX_PER_SECOND, `peak ${peakInWindow(times)}`);
  });
});
