/**
 * The retry schedule, per transaction, over real HTTP on the test clock (no timed assertion): a
 * `Retry-After` answer sets the next attempt (seconds or an HTTP date, at most an hour), a 410
 * Gone stops delivery (every event parked, new ones too, until a resend), and the default steps
 * run over 24 simulated hours before an event is parked.
 */
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { DeliveryQueue, retryAfterMs } from '../../../src/forward/delivery';
import type { DeliveryAttempt, DeliveryOptions } from '../../../src/forward/deliveryTypes';
import { makeStatusEvent } from '../../../src/shared/statusEvents';
import { TestTime } from '../support/testTime';
import { until } from '../support/until';

const SECRET = 'retry-schedule-secret-0123456789';
const BASE = Date.UTC(2030, 0, 1);
const HOUR = 3_600_000;

function change(tx: string) {
  return makeStatusEvent({ account: 'a', earlierChanges: 0 }, tx, null, 'waiting', { id: tx }, 0);
}

/** A receiver answering each request with what `answer` gives: a status and its headers. */
async function serve(answer: (n: number) => [number, Record<string, string>?]) {
  let hits = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const [status, headers] = answer(++hits);
      response.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
    hits: () => hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A queue to `url` on the test clock, each attempt noted in `attempts`. */
function queueTo(
  url: URL,
  time: TestTime,
  attempts: DeliveryAttempt[],
  extra: Partial<DeliveryOptions> = {},
): DeliveryQueue {
  return new DeliveryQueue({
    url,
    secrets: [SECRET],
    now: time.now,
    timers: time.timers,
    onAttempt: (a) => attempts.push(a),
    ...extra,
  });
}

/** Lets pending callbacks and local HTTP finish without moving the test clock. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('retry schedule', () => {
  it('waits what Retry-After asks: the next attempt at 2 s, not before', async () => {
    const time = new TestTime(BASE);
    const server = await serve((n) => (n === 1 ? [503, { 'retry-after': '2' }] : [200]));
    const attempts: DeliveryAttempt[] = [];
    const queue = queueTo(server.url, time, attempts);
    try {
      queue.enqueue(change('x'), 'x');
      await until(() => attempts.length === 1);
      assert.equal(attempts[0].retryInMs, 2000);
      time.advance(1999);
      await settle();
      assert.equal(server.hits(), 1, 'not before 2 s');
      time.advance(1);
      await until(() => attempts.length === 2);
      assert.equal(attempts[1].delivered, true);
      assert.equal(attempts[1].atMs, BASE + 2000);
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('reads Retry-After as seconds or an HTTP date, at most an hour; anything else leaves the schedule', () => {
    assert.equal(retryAfterMs('2', BASE), 2000);
    assert.equal(retryAfterMs(' 0 ', BASE), 0);
    assert.equal(retryAfterMs(new Date(BASE + 30_000).toUTCString(), BASE), 30_000);
    assert.equal(retryAfterMs(new Date(BASE - 30_000).toUTCString(), BASE), 0, 'a date passed: at once');
    assert.equal(retryAfterMs('86400', BASE), HOUR, 'bounded');
    assert.equal(retryAfterMs(new Date(BASE + 48 * HOUR).toUTCString(), BASE), HOUR, 'bounded');
    for (const bad of [undefined, '', 'soon', '-5', '1.5e3'])
      assert.equal(retryAfterMs(bad, BASE), undefined, String(bad));
  });

  it('stops at 410 Gone: every event parked and kept, new ones too, nothing more sent until a resend', async () => {
    const time = new TestTime(BASE);
    let gone = true;
    const server = await serve(() => [gone ? 410 : 200]);
    const attempts: DeliveryAttempt[] = [];
    const queue = queueTo(server.url, time, attempts, { concurrency: 1 });
    try {
      queue.add(change('x'), 'x');
      queue.add(change('y'), 'y');
      queue.kick();
      await until(() => attempts.length === 1);
      assert.deepEqual([attempts[0].parked, attempts[0].parkedBecause], [true, 'gone']);
      queue.enqueue(change('z'), 'z');
      time.advance(48 * HOUR);
      await settle();
      assert.equal(server.hits(), 1, 'nothing more is sent');
      assert.deepEqual(
        queue.entries().map((e) => [e.lane, e.state, e.parkedBecause]),
        [
          ['x', 'failed', 'gone'],
          ['y', 'failed', 'gone'],
          ['z', 'failed', 'gone'],
        ],
      );
      gone = false;
      assert.equal(queue.resendAllFailed(), 3);
      await queue.idle();
      assert.equal(queue.delivered, 3);
      assert.ok(queue.entries().every((e) => e.state === 'delivered' && e.parkedBecause === undefined));
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('retries one transaction 5 s doubling to an hour, jittered, for 24 hours, then parks it', async function () {
    this.timeout(60_000);
    const time = new TestTime(BASE);
    const server = await serve(() => [500]);
    const attempts: DeliveryAttempt[] = [];
    // The upper end of the jitter: each wait is its whole step.
    const queue = queueTo(server.url, time, attempts, { random: () => 0.9999999 });
    const steps = [5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560, ...Array<number>(23).fill(3600)].map((s) => s * 1000);
    try {
      queue.enqueue(change('x'), 'x');
      while (!attempts.at(-1)?.parked) {
        await until(() => attempts.length > 0 && server.hits() === attempts.length);
        const last = attempts.at(-1);
        if (last?.parked) break;
        time.advance(last?.retryInMs ?? 0);
        await until(() => server.hits() > attempts.length || attempts.at(-1) !== last);
      }
      assert.deepEqual(
        attempts.slice(0, -1).map((a) => a.retryInMs),
        steps,
      );
      const parked = attempts.at(-1) as DeliveryAttempt;
      assert.deepEqual([parked.attempt, parked.parked, parked.parkedBecause], [steps.length + 1, true, 'failing']);
      assert.ok(parked.atMs - attempts[0].atMs >= 24 * HOUR, 'retried for 24 hours');
      assert.ok(parked.atMs - attempts[0].atMs - 24 * HOUR < HOUR, 'parked at the first attempt past them');
      assert.equal(server.hits(), steps.length + 1);
      // The lower end of the jitter: half of each step.
      const low = new DeliveryQueue({ url: server.url, secrets: [SECRET], random: () => 0 });
      assert.deepEqual(
        [1, 2, 10, 11, 40].map((n) => low.delayAfter(n)),
        [2500, 5000, 1_280_000, 1_800_000, 1_800_000],
      );
      low.dispose();
    } finally {
      queue.dispose();
      await server.close();
    }
  });
});
