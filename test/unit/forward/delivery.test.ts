/**
 * The delivery queue's bounds against real local servers: a redirect is an undelivered answer (not
 * followed), a receiver that never answers times out and is retried, a huge answer is cut off, and
 * at the queue's bound new events are refused and counted (a gap is never refused), those queued
 * kept in order.
 */
import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { DeliveryAttempt } from '../../../src/forward/deliveryTypes';
import { DeliveryQueue } from '../../../src/forward/delivery';
import { makeStatusEvent } from '../../../src/shared/statusEvents';
import { until } from '../support/until';
import { eventOf } from './receiver';

const SECRET = 'delivery-test-secret-0123456789';
const FAST = { baseMs: 10, maxMs: 50 };

function event(n: number) {
  return makeStatusEvent({ account: 'test', earlierChanges: 0 }, `tx${n}`, null, 'waiting', { id: `tx${n}` }, 1000 + n);
}

async function serve(handler: http.RequestListener): Promise<{ url: URL; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
  return {
    url,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('delivery queue bounds', () => {
  it('does not follow a redirect: a 302 is not delivered and retried at the same URL', async () => {
    let n = 0;
    const server = await serve((_request, response) => {
      n++;
      if (n === 1) response.writeHead(302, { location: '/elsewhere' }).end();
      else response.writeHead(204).end();
    });
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: [SECRET],
      backoff: FAST,
      onAttempt: (a) => attempts.push(a),
    });
    try {
      queue.enqueue(event(1), 'tx1');
      await queue.idle();
      assert.deepEqual(server.hits, ['/hooks', '/hooks']);
      assert.deepEqual(
        attempts.map((a) => [a.status, a.delivered]),
        [
          [302, false],
          [204, true],
        ],
      );
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('times out a receiver that never answers, and retries it', async () => {
    let n = 0;
    const server = await serve((_request, response) => {
      n++;
      if (n > 1) response.writeHead(200).end();
    });
    const attempts: DeliveryAttempt[] = [];
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: [SECRET],
      backoff: FAST,
      timeoutMs: 200,
      onAttempt: (a) => attempts.push(a),
    });
    try {
      queue.enqueue(event(1), 'tx1');
      await queue.idle();
      assert.deepEqual(
        attempts.map((a) => [a.error, a.delivered]),
        [
          ['timeout', false],
          [undefined, true],
        ],
      );
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('reads an answer no further than its bound', async () => {
    let written = 0;
    let closedAt: number | undefined;
    const server = await serve((_request, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = (): void => {
        while (written < 64 * 1024 * 1024 && response.write(chunk)) written += chunk.length;
        if (written < 64 * 1024 * 1024) response.once('drain', pump);
        else response.end();
      };
      response.on('close', () => (closedAt ??= written));
      pump();
    });
    const queue = new DeliveryQueue({ url: server.url, secrets: [SECRET], backoff: FAST, maxAnswerBytes: 1024 });
    try {
      queue.enqueue(event(1), 'tx1');
      await queue.idle();
      assert.equal(queue.delivered, 1);
      await until(() => closedAt !== undefined);
      assert.ok((closedAt ?? 0) < 64 * 1024 * 1024, 'the receiver was cut off long before its 64 MiB');
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('refuses new events at the bound and counts them (a forced gap is taken); those queued arrive in order', async () => {
    const bodies: string[] = [];
    let open = false;
    const server = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        if (!open) return void response.writeHead(503).end();
        bodies.push(eventOf(JSON.parse(Buffer.concat(chunks).toString())).transaction.id as string);
        response.writeHead(200).end();
      });
    });
    const queue = new DeliveryQueue({
      url: server.url,
      secrets: [SECRET],
      backoff: FAST,
      maxStored: 3,
      concurrency: 1,
    });
    try {
      assert.deepEqual(
        [1, 2, 3, 4, 5].map((n) => queue.enqueue(event(n), 'one')),
        [true, true, true, false, false],
      );
      assert.equal(queue.refused, 2);
      assert.equal(queue.enqueue(event(6), 'one', true), true, 'a forced event (a gap) is never refused');
      assert.equal(queue.stored, 4);
      open = true;
      queue.retryNow();
      await queue.idle();
      assert.deepEqual(bodies, ['tx1', 'tx2', 'tx3', 'tx6']);
    } finally {
      queue.dispose();
      await server.close();
    }
  });

  it('backs off exponentially with jitter, up to the cap', () => {
    const low = new DeliveryQueue({
      url: new URL('http://127.0.0.1:9/'),
      secrets: [SECRET],
      backoff: { baseMs: 100, maxMs: 1000 },
      random: () => 0,
    });
    const high = new DeliveryQueue({
      url: new URL('http://127.0.0.1:9/'),
      secrets: [SECRET],
      backoff: { baseMs: 100, maxMs: 1000 },
      random: () => 0.999999,
    });
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((f) => low.delayAfter(f)),
      [50, 100, 200, 400, 500, 500],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((f) => high.delayAfter(f)),
      [100, 200, 400, 800, 1000, 1000],
    );
  });
});
