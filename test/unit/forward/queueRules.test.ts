/**
 * The delivery queue's rules one by one, against a real local receiver with real signatures and a
 * test clock: what each attempt sends and records, the order of the events list and of the state
 * file's snapshot, the delivered events kept, a restore in order, resend and its refusals, parking
 * by time, a receiver that does not answer holding the whole queue, and the concurrency bound.
 */
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { DeliveryAttempt, QueueEntry } from '../../../src/forward/deliveryTypes';
import { DeliveryQueue } from '../../../src/forward/delivery';
import { entryMac } from '../../../src/forward/queueAuth';
import { makeStatusEvent, verifyStatusEvent } from '../../../src/shared/statusEvents';
import { until } from '../support/until';
import { TestTime } from '../support/testTime';
import { eventOf } from './receiver';

const SECRET = 'queue-rules-secret-0123456789';
const BASE = Date.UTC(2030, 0, 1);

function change(tx: string, n = 0) {
  return makeStatusEvent({ account: 'a', earlierChanges: n }, tx, null, 'waiting', { id: tx }, 0);
}

interface Hit {
  id: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

async function serve(
  answer: (hit: Hit) => number | 'hold',
): Promise<{ url: URL; hits: Hit[]; open: () => number; peak: () => number; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  let inFlight = 0;
  let peak = 0;
  const server = http.createServer((request, response) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const hit = { id: eventOf(JSON.parse(body.toString('utf8'))).id, headers: request.headers, body };
      hits.push(hit);
      const status = answer(hit);
      if (status === 'hold') return;
      setTimeout(() => {
        inFlight--;
        response.writeHead(status).end(`answer ${status}`);
      }, 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
    hits,
    open: () => inFlight,
    peak: () => peak,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('delivery queue rules', () => {
  it("signs each attempt at the queue's time, records the answer, and tells each attempt", async () => {
    const time = new TestTime(BASE);
    const server = await serve((hit) => (server.hits.filter((h) => h.id === hit.id).length === 1 ? 500 : 200));
    const attempts: DeliveryAttempt[] = [];
    const entriesAt: QueueEntry[][] = [];
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: () => [SECRET],
      now: time.now,
      timers: time.timers,
      random: () => 0,
      backoff: { baseMs: 1000, maxMs: 8000 },
      onAttempt: (a) => attempts.push(a),
      onChange: () => entriesAt.push(queue.entries().map((e) => ({ ...e }))),
    });
    try {
      const event = change('tx1');
      assert.equal(queue.enqueue(event, 'tx1'), true);
      await until(() => attempts.length === 1);
      const [hit] = server.hits;
      assert.equal(hit.headers['content-type'], 'application/json');
      assert.equal(hit.headers['user-agent'], 'exchange-tx-forwarder');
      assert.equal(hit.headers['webhook-id'], event.id);
      assert.equal(hit.headers['webhook-timestamp'], String(Math.floor(BASE / 1000)));
      assert.equal(
        verifyStatusEvent({
          secret: SECRET,
          header: hit.headers['x-exchange-tx-signature'],
          body: hit.body,
          nowSeconds: Math.floor(BASE / 1000),
        }).ok,
        true,
      );
      assert.deepEqual(attempts[0], {
        event,
        lane: 'tx1',
        attempt: 1,
        status: 500,
        delivered: false,
        parked: false,
        atMs: BASE,
        retryInMs: 500,
      });
      const failing = queue.entries()[0];
      assert.deepEqual(
        { ...failing },
        {
          event,
          lane: 'tx1',
          seq: 1,
          mac: entryMac(SECRET, { lane: 'tx1', event }),
          state: 'waiting',
          attempts: 1,
          nextAtMs: BASE + 500,
          failingSinceMs: BASE,
          lastStatus: 500,
          lastAnswer: 'answer 500',
          lastAtMs: BASE,
        },
      );
      assert.equal(queue.pending, 1);
      assert.equal(queue.failedAttempts, 1);
      time.advance(499);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(server.hits.length, 1, 'not before its backoff');
      time.advance(1);
      await queue.idle();
      assert.deepEqual(attempts[1], {
        event,
        lane: 'tx1',
        attempt: 2,
        status: 200,
        delivered: true,
        parked: false,
        atMs: BASE + 500,
      });
      assert.equal(server.hits[1].headers['webhook-timestamp'], String(Math.floor((BASE + 500) / 1000)));
      const done = queue.entries()[0];
      assert.equal(done.state, 'delivered');
      assert.equal(done.lastStatus, 200);
      assert.equal(done.lastAnswer, 'answer 200');
      assert.equal(queue.delivered, 1);
      assert.equal(queue.pending, 0);
      assert.equal(queue.stored, 0);
      assert.equal(entriesAt[entriesAt.length - 1][0].state, 'delivered', 'onChange sees the entry delivered');
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('signs a retry at its own time: after an outage longer than the replay window, the receiver still verifies it', async () => {
    const time = new TestTime(BASE);
    const server = await serve((hit) => (server.hits.filter((h) => h.id === hit.id).length === 1 ? 503 : 200));
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: () => [SECRET],
      now: time.now,
      timers: time.timers,
      random: () => 0,
      // Ten minutes before the retry: twice the receiver's five-minute window.
      backoff: { baseMs: 1_200_000, maxMs: 1_200_000 },
    });
    try {
      queue.enqueue(change('tx1'), 'tx1');
      await until(() => queue.failedAttempts === 1);
      time.advance(600_000);
      await queue.idle();
      const retry = server.hits[1];
      const at = Math.floor((BASE + 600_000) / 1000);
      assert.equal(retry.headers['webhook-timestamp'], String(at));
      assert.deepEqual(
        verifyStatusEvent({
          secret: SECRET,
          header: retry.headers['x-exchange-tx-signature'],
          body: retry.body,
          nowSeconds: at,
        }),
        { ok: true, timestamp: at },
      );
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('lists waiting and failed events oldest first, then the delivered newest first; the snapshot keeps them oldest first, as many as kept', async () => {
    const server = await serve(() => 200);
    const queue = new DeliveryQueue({ url: server.url, secrets: [SECRET], keepDelivered: 2, concurrency: 1 });
    try {
      for (const tx of ['a', 'b', 'c']) {
        queue.enqueue(change(tx), tx);
        await queue.idle();
      }
      queue.dispose();
      assert.equal(queue.add(change('z'), 'z'), false, 'a stopped queue takes nothing');
      assert.deepEqual(
        queue.entries().map((e) => e.lane),
        ['c', 'b'],
        'the newest two delivered, newest first',
      );
      assert.deepEqual(
        queue.snapshot().map((e) => e.lane),
        ['b', 'c'],
      );
      assert.equal(queue.resend(queue.entries()[0].event.id), false, 'a stopped queue resends nothing');
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('restores a snapshot in its order, counts it, numbers what comes next after it, and resends a delivered event once more', async () => {
    const server = await serve(() => 'hold');
    const time = new TestTime(BASE);
    const queue = new DeliveryQueue({ url: server.url, secrets: [SECRET], now: time.now, timers: time.timers });
    const plain = (e: QueueEntry) => ({
      event: e.event,
      lane: e.lane,
      seq: e.seq,
      mac: entryMac(SECRET, e),
      state: e.state,
      attempts: 0,
      nextAtMs: 0,
    });
    const waiting = plain({ event: change('w'), lane: 'w', seq: 7, state: 'waiting', attempts: 0, nextAtMs: 0 });
    const failed = plain({ event: change('f'), lane: 'f', seq: 3, state: 'failed', attempts: 0, nextAtMs: 0 });
    const delivered = plain({ event: change('d'), lane: 'd', seq: 5, state: 'delivered', attempts: 0, nextAtMs: 0 });
    let changes = 0;
    const other = new DeliveryQueue({ url: server.url, secrets: [SECRET], onChange: () => changes++ });
    try {
      queue.restore([waiting, delivered, failed]);
      assert.deepEqual(
        queue.snapshot().map((e) => e.seq),
        [3, 7, 5],
      );
      assert.equal(queue.pending, 1);
      assert.equal(queue.failed, 1);
      assert.equal(queue.stored, 2);
      queue.add(change('n'), 'n');
      assert.equal(queue.snapshot().find((e) => e.lane === 'n')?.seq, 8);
      assert.equal(queue.resend('no such id'), false);
      assert.equal(queue.resend(waiting.event.id), false, 'a waiting event is not resent');
      assert.equal(queue.add(change('f', 1), 'f'), true);
      assert.deepEqual(
        queue
          .entries()
          .filter((e) => e.lane === 'f')
          .map((e) => e.state),
        ['failed', 'failed'],
        'a new event of a parked transaction waits behind it, failed too',
      );
      assert.equal(queue.resend(delivered.event.id), true);
      const again = queue.entries().filter((e) => e.event.id === delivered.event.id);
      assert.deepEqual(
        again.map((e) => [e.state, e.seq]),
        [
          ['waiting', 10],
          ['delivered', 5],
        ],
      );
      queue.add(change('m'), 'm');
      assert.equal(queue.snapshot().find((e) => e.lane === 'm')?.seq, 11, 'numbered after the resent one');
      other.restore([]);
      assert.equal(changes, 1, 'a restore tells its owner');
    } finally {
      queue.dispose();
      other.dispose();
      await server.close();
    }
  });

  it('parks an event failing for maxFailingMs with what follows it, and Resend All Failed counts them', async () => {
    const time = new TestTime(BASE);
    const server = await serve(() => 503);
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: [SECRET],
      now: time.now,
      timers: time.timers,
      maxAttempts: 1000,
      maxFailingMs: 4000,
      random: () => 0,
      backoff: { baseMs: 1000, maxMs: 1000 },
      onAttempt: (a) => attempts.push(a),
    });
    try {
      queue.enqueue(change('p'), 'p');
      queue.add(change('p', 1), 'p');
      for (let i = 1; i <= 4; i++) {
        await until(() => attempts.length === i);
        time.advance(1000);
      }
      await until(() => attempts.length === 5);
      assert.deepEqual(
        attempts.map((a) => a.parked),
        [false, false, false, false, true],
        'parked once it failed for 4 s, not before',
      );
      assert.equal(attempts[4].retryInMs, undefined);
      assert.equal(queue.failed, 2);
      assert.equal(queue.pending, 0);
      assert.equal(queue.resendAllFailed(), 2);
      assert.equal(queue.pending, 2);
      assert.equal(queue.entries()[0].attempts, 0);
      assert.equal(queue.entries()[0].failingSinceMs, undefined);
      assert.equal(queue.resendAllFailed(), 0);
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('gives each transaction its own timer while the receiver does not answer; retryNow tries at once', async () => {
    const time = new TestTime(BASE);
    const server = await serve(() => 200);
    const url = server.url;
    await server.close();
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url,
      secrets: [SECRET],
      now: time.now,
      timers: time.timers,
      random: () => 0,
      backoff: { baseMs: 1000, maxMs: 60_000 },
      onAttempt: (a) => attempts.push(a),
    });
    try {
      queue.enqueue(change('x'), 'x');
      await until(() => attempts.length === 1);
      assert.deepEqual([attempts[0].error, attempts[0].retryInMs], ['ECONNREFUSED', 500]);
      time.advance(250);
      queue.enqueue(change('y'), 'y');
      await until(() => attempts.length === 2);
      assert.deepEqual(
        [attempts[1].lane, attempts[1].retryInMs],
        ['y', 500],
        "another lane does not wait for x's step",
      );
      time.advance(250);
      // x's step is over, not y's; each failed attempt of a lane doubles that lane's wait.
      await until(() => attempts.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(
        attempts.slice(2).map((a) => [a.lane, a.attempt, a.retryInMs]),
        [['x', 2, 1000]],
      );
      time.advance(250);
      await until(() => attempts.length === 4);
      assert.deepEqual([attempts[3].lane, attempts[3].attempt], ['y', 2]);
      const before = attempts.length;
      queue.retryNow();
      await until(() => attempts.length > before);
      assert.equal(
        queue.entries().every((e) => e.lastError === 'ECONNREFUSED' && e.lastStatus === undefined),
        true,
      );
    } finally {
      queue.dispose();
    }
  });

  it('keeps to its concurrency, and dispose ends an attempt under way with its event kept waiting', async () => {
    const server = await serve(() => 200);
    const queue = new DeliveryQueue({ url: server.url, secrets: [SECRET], concurrency: 2 });
    try {
      for (let i = 0; i < 6; i++) queue.enqueue(change(`c${i}`), `c${i}`);
      await queue.idle();
      assert.equal(server.hits.length, 6);
      assert.equal(server.peak(), 2);
    } finally {
      queue.dispose();
      await server.close();
    }
    const holding = await serve(() => 'hold');
    const held = new DeliveryQueue({ url: holding.url, secrets: [SECRET] });
    try {
      held.enqueue(change('h'), 'h');
      await until(() => holding.hits.length === 1);
      const idle = held.idle();
      held.dispose();
      await idle;
      assert.equal(held.disposed, true);
      assert.equal(held.pending, 1, "the cut attempt's event still waits");
      assert.equal(held.entries()[0].attempts, 0);
    } finally {
      await holding.close();
    }
  });

  it('counts a timeout against the event (parked at maxAttempts, not before), a 300 as not delivered, and add refuses at the bound unless forced', async () => {
    const time = new TestTime(BASE);
    const silent = await serve(() => 'hold');
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url: silent.url,
      secrets: [SECRET],
      now: time.now,
      timers: time.timers,
      timeoutMs: 100,
      maxAttempts: 2,
      maxStored: 1,
      random: () => 0,
      backoff: { baseMs: 1000, maxMs: 1000 },
      onAttempt: (a) => attempts.push(a),
    });
    try {
      assert.equal(queue.add(change('t'), 't'), true);
      assert.equal(queue.add(change('u'), 'u'), false, 'refused at the bound');
      assert.equal(queue.add(change('u'), 'u', true), true, 'a forced one is taken');
      queue.kick();
      await until(() => attempts.filter((a) => a.lane === 't').length === 1);
      time.advance(1000);
      await until(() => attempts.filter((a) => a.lane === 't').length === 2);
      const mine = attempts.filter((a) => a.lane === 't');
      assert.deepEqual(
        mine.map((a) => [a.error, a.parked]),
        [
          ['timeout', false],
          ['timeout', true],
        ],
      );
    } finally {
      queue.dispose();
      await silent.close();
    }
    const redirect = await serve(() => 300);
    const other = new DeliveryQueue({ url: redirect.url, secrets: [SECRET], maxAttempts: 1 });
    try {
      other.enqueue(change('r'), 'r');
      await until(() => other.failed === 1);
      assert.equal(other.delivered, 0);
      assert.equal(other.entries()[0].lastStatus, 300);
    } finally {
      other.dispose();
      await redirect.close();
    }
  });

  it('lists the open events by their number across lanes, not lane by lane', () => {
    const queue = new DeliveryQueue({ url: new URL('http://127.0.0.1:9/'), secrets: [SECRET] });
    queue.add(change('a'), 'a');
    queue.add(change('b'), 'b');
    queue.add(change('a', 1), 'a');
    assert.deepEqual(
      queue.entries().map((e) => [e.lane, e.seq]),
      [
        ['a', 1],
        ['b', 2],
        ['a', 3],
      ],
    );
    assert.deepEqual(
      queue.snapshot().map((e) => [e.lane, e.seq]),
      [
        ['a', 1],
        ['b', 2],
        ['a', 3],
      ],
    );
    queue.dispose();
  });

  it('refuses a secret too short to sign with when it is made', () => {
    assert.throws(() => new DeliveryQueue({ url: new URL('http://127.0.0.1:9/'), secrets: ['short'] }));
  });
});
