/**
 * The forwarder against a real sandbox over real HTTP with real signatures, delivering to a real
 * local receiver: every move arrives once, in order, verified; a receiver that is down gets the
 * events after it comes back; the service sees no more than 10 requests a second; the first poll
 * only learns; non-loopback targets are refused without the allowance.
 */
import { strict as assert } from 'assert';
import { ControlClient } from '../../../src/api';
import type { ExchangeClient } from '../../../src/api';
import type { DeliveryAttempt } from '../../../src/forward/deliveryTypes';
import { DeliveryQueue } from '../../../src/forward/delivery';
import { MIN_INTERVAL_MS, StatusForwarder } from '../../../src/forward/forwarder';
import { checkHookUrl, HookTargetError } from '../../../src/forward/target';
import type { ManualClock } from '../../../packages/sandbox/src';
import type { OutboundEvent } from '../../../src/shared/statusEvents';
import { generateEventSecret } from '../../../src/shared/statusEvents';
import type { Harness } from '../api/support';
import { peakInWindow, startHarness } from '../api/support';
import { until } from '../support/until';
import { Receiver } from './receiver';

const FAST = { baseMs: 20, maxMs: 200 };

describe('status forwarder (real sandbox, real receiver)', () => {
  let harness: Harness;
  let client: ExchangeClient;
  let control: ControlClient;
  let receiver: Receiver;
  let secret: string;
  const stops: (() => void)[] = [];

  beforeEach(async () => {
    harness = await startHarness({ ledgerSize: 20 });
    client = harness.client();
    control = new ControlClient({ baseUrl: harness.sandbox.url, credentials: harness.credentials });
    secret = generateEventSecret();
    receiver = new Receiver(secret);
    await receiver.open();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    control.dispose();
    client.dispose();
    await receiver.close();
    await harness.sandbox.stop();
  });

  function forwarding(extra: { emitInitial?: boolean; intervalMs?: number; statuses?: ReadonlySet<string> } = {}): {
    forwarder: StatusForwarder;
    queue: DeliveryQueue;
    attempts: DeliveryAttempt[];
  } {
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url: checkHookUrl(receiver.url),
      secrets: [secret],
      backoff: FAST,
      onAttempt: (a) => attempts.push(a),
    });
    const clock = harness.sandbox.clock as ManualClock;
    const sink = {
      add: (event: OutboundEvent, lane: string, force?: boolean) => queue.add(event, lane, force),
      commit: () => queue.kick(),
    };
    const forwarder = new StatusForwarder({ source: client, account: 'test', sink, now: () => clock.now(), ...extra });
    stops.push(
      () => forwarder.stop(),
      () => queue.dispose(),
    );
    return { forwarder, queue, attempts };
  }

  it('learns the current state on the first poll (no events), then forwards every move once, in order, signed', async () => {
    const { forwarder, queue } = forwarding();
    await forwarder.pollNow();
    assert.equal(forwarder.events, 0);
    const tx = await control.create({ from: 'btc', to: 'eth' });
    const path = ['confirming', 'exchanging', 'hold', 'exchanging', 'sending', 'finished'] as const;
    await forwarder.pollNow();
    for (const status of path) {
      await control.move(tx.id, status);
      await forwarder.pollNow();
      await forwarder.pollNow(); // a poll that sees no change sends nothing
    }
    await queue.idle();
    const mine = receiver.accepted.filter((e) => e.transaction.id === tx.id);
    assert.deepEqual(
      mine.map((e) => `${e.from}>${e.to}`),
      [
        'null>waiting',
        'waiting>confirming',
        'confirming>exchanging',
        'exchanging>hold',
        'hold>exchanging',
        'exchanging>sending',
        'sending>finished',
      ],
    );
    assert.equal(new Set(mine.map((e) => e.id)).size, mine.length);
    assert.ok(receiver.arrivals.every((a) => a.verified && a.contentType === 'application/json'));
    assert.equal(receiver.arrivals.length, receiver.accepted.length, 'nothing arrived twice');
    const last = mine[mine.length - 1];
    assert.equal(last.transaction.status, 'finished');
    assert.equal(last.transaction.currencyFrom, 'btc');
    assert.ok(!('rawStatus' in last.transaction));
  });

  it('with statuses, sends only the changes to them, from the status last seen, with the ids every change would have', async () => {
    const all = forwarding();
    const some = forwarding({ statuses: new Set(['hold', 'finished']) });
    await Promise.all([all.forwarder.pollNow(), some.forwarder.pollNow()]);
    const tx = await control.create({ from: 'btc', to: 'eth' });
    for (const status of [
      undefined,
      'confirming',
      'exchanging',
      'hold',
      'exchanging',
      'sending',
      'finished',
    ] as const) {
      if (status !== undefined) await control.move(tx.id, status);
      await all.forwarder.pollNow();
      await some.forwarder.pollNow();
    }
    await Promise.all([all.queue.idle(), some.queue.idle()]);
    const mine = receiver.accepted.filter((e) => e.transaction.id === tx.id);
    const everyChange = new Map(mine.map((e) => [`${e.from}>${e.to}`, e.id]));
    assert.equal(everyChange.size, 7, 'the forwarder without a filter sent every change');
    const twice = mine.filter((e) => mine.filter((other) => other.id === e.id).length === 2);
    assert.deepEqual(
      [...new Set(twice.map((e) => `${e.from}>${e.to}`))],
      ['exchanging>hold', 'sending>finished'],
      'the filtered forwarder sent the same two events, with the same ids',
    );
    assert.equal(some.forwarder.events, 2);
  });

  it('with emitInitial, the first poll sends every transaction it finds (from null)', async () => {
    const { forwarder, queue } = forwarding({ emitInitial: true });
    await forwarder.pollNow();
    await queue.idle();
    assert.ok(receiver.accepted.length > 0);
    assert.ok(receiver.accepted.every((e) => e.from === null));
  });

  it('a receiver that is down (port closed) gets the events once it is back, in order, each once', async () => {
    const { forwarder, queue, attempts } = forwarding();
    await forwarder.pollNow();
    const port = receiver.port;
    await receiver.close();
    const tx = await control.create();
    await forwarder.pollNow();
    for (const status of ['confirming', 'exchanging', 'sending'] as const) {
      await control.move(tx.id, status);
      await forwarder.pollNow();
    }
    await until(() => attempts.filter((a) => !a.delivered).length >= 3);
    assert.ok(
      attempts.every((a) => !a.delivered && a.status === undefined && a.lane === tx.id),
      'later events of the transaction wait behind the first; the queue waits for the receiver',
    );
    assert.equal(new Set(attempts.map((a) => a.event.id)).size, 1, 'only the first event was tried');
    assert.equal(queue.pending, 4);
    await receiver.open(port);
    await queue.idle();
    assert.deepEqual(
      receiver.accepted.map((e) => e.to),
      ['waiting', 'confirming', 'exchanging', 'sending'],
    );
    assert.equal(receiver.arrivals.length, 4);
  });

  it('a receiver answering 500 gets the same event again (same id) until it answers 200, the next events after it', async () => {
    const { forwarder, queue, attempts } = forwarding();
    await forwarder.pollNow();
    receiver.answers.push(500, 503, 500);
    const tx = await control.create();
    await forwarder.pollNow();
    await control.move(tx.id, 'confirming');
    await forwarder.pollNow();
    await queue.idle();
    assert.deepEqual(
      receiver.arrivals.map((a) => `${a.event.to}:${a.answered}`),
      ['waiting:500', 'waiting:503', 'waiting:500', 'waiting:200', 'confirming:200'],
    );
    assert.equal(new Set(receiver.arrivals.slice(0, 4).map((a) => a.event.id)).size, 1);
    assert.deepEqual(
      attempts.map((a) => a.attempt),
      [1, 2, 3, 4, 1],
    );
    assert.ok(attempts.slice(0, 3).every((a) => a.retryInMs !== undefined && a.retryInMs <= FAST.maxMs));
  });

  it('keeps within 10 requests a second at the service while sharing the key with a busy view', async function () {
    this.timeout(60_000);
    const { forwarder } = forwarding({ intervalMs: 1 });
    assert.equal(forwarder.intervalMs, MIN_INTERVAL_MS);
    const view = harness.client();
    stops.push(() => view.dispose());
    harness.sandbox.clearRequests();
    forwarder.start();
    const tx = await control.create();
    // The "view" refreshes as fast as the shared limiter lets it, for 30 of its requests.
    for (let i = 0; i < 30; i++) await view.getStatus(tx.id);
    await until(() => forwarder.polls >= 3);
    forwarder.stop();
    const served = harness.sandbox.requests.filter((r) => r.path === '/v2');
    assert.ok(served.length >= 33);
    assert.ok(peakInWindow(served.map((r) => r.at)) <= 10, `peak ${peakInWindow(served.map((r) => r.at))}`);
    assert.equal(served.filter((r) => r.outcome === 'rate-limited').length, 0);
  });
});

describe('hook targets', () => {
  it('take loopback http and https by default', () => {
    for (const url of [
      'http://127.0.0.1:3000/hooks',
      'https://localhost/x',
      'http://[::1]:8080/',
      'http://127.0.0.2/h',
    ])
      assert.equal(checkHookUrl(url).href.length > 0, true, url);
  });

  it('refuse another host without the allowance, plain http to it even with one, credentials, fragments and other schemes', () => {
    const reason = (url: string, allowedHost?: string): string => {
      try {
        checkHookUrl(url, { allowedHost });
      } catch (error) {
        if (error instanceof HookTargetError) return `${error.reason}${error.host ? `:${error.host}` : ''}`;
        throw error;
      }
      return 'accepted';
    };
    assert.equal(reason('https://hooks.example.com/x'), 'host:hooks.example.com');
    assert.equal(reason('https://hooks.example.com/x', 'other.example.com'), 'host:hooks.example.com');
    assert.equal(reason('https://hooks.example.com/x', 'HOOKS.example.com'), 'accepted');
    assert.equal(reason('https://hooks.example.com:8443/x', 'hooks.example.com'), 'host:hooks.example.com:8443');
    assert.equal(reason('http://hooks.example.com/x', 'hooks.example.com'), 'plain-http:hooks.example.com');
    assert.equal(reason('http://10.0.0.5/x'), 'plain-http:10.0.0.5');
    assert.equal(reason('http://user:pw@127.0.0.1/x'), 'invalid');
    assert.equal(reason('http://127.0.0.1/x#frag'), 'invalid');
    assert.equal(reason('ftp://127.0.0.1/x'), 'invalid');
    assert.equal(reason('not a url'), 'invalid');
  });
});
