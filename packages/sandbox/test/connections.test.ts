import { strict as assert } from 'assert';
import { ExchangeClient } from '../../../src/api';
import { signBody } from '../../../src/api/keys';
import type { Sandbox } from '../src';
import { DEFAULT_CONNECTION_BOUNDS } from '../src';
import { resolveBounds } from '../src/bounds';
import type { RawSocket } from './helpers';
import { until } from '../../../test/unit/support/until';
import { openSocket, postSigned, requestHead, testKeys, testSandbox } from './helpers';

const BODY = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'k1', method: 'getTransactions', params: { limit: 1 } }));

/** A whole signed request for `BODY`, as raw text. */
function signedRequest(baseUrl: string, connection: 'close' | 'keep-alive'): string {
  const { a } = testKeys();
  const head = requestHead(baseUrl, [
    'Content-Type: application/json',
    `Content-Length: ${BODY.length}`,
    `Connection: ${connection}`,
    `X-Api-Key: ${a.apiKey}`,
    `X-Api-Signature: ${signBody(a.privateKey, BODY)}`,
  ]);
  return head + BODY.toString('latin1');
}

/** Writes `text` one character per `everyMs` until the socket closes or the text runs out; resolves with the number written. */
function dribble(raw: RawSocket, text: string, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (raw.socket.destroyed || sent === text.length) {
        clearInterval(timer);
        resolve(sent);
        return;
      }
      raw.socket.write(text[sent]);
      sent++;
    }, everyMs);
    raw.socket.once('close', () => {
      clearInterval(timer);
      resolve(sent);
    });
  });
}

/** A connection that had one signed request answered and is kept alive, idle. */
async function answeredKeepAlive(baseUrl: string): Promise<RawSocket> {
  const raw = await openSocket(baseUrl);
  raw.socket.write(signedRequest(baseUrl, 'keep-alive'));
  await until(() => /\}$/.test(raw.received()));
  return raw;
}

const call = (sandbox: Sandbox, timeoutMs?: number): ReturnType<typeof postSigned> =>
  postSigned(sandbox, testKeys().a, BODY, { timeoutMs });

/**
 * A local program holding `count` idle connections to the sandbox: it sends nothing, and opens a
 * new one whenever one is closed, so the server never sees fewer than `count` of its sockets for
 * long. The sockets are opened one after the other, each once the previous one is connected, so
 * they are in the server's accept queue before anything opened after `start()` resolves.
 */
class IdleFlood {
  private readonly open = new Set<RawSocket>();
  private stopped = false;
  /** Sockets of the flood that the sandbox closed. */
  closedByServer = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly count: number,
  ) {}

  async start(): Promise<void> {
    for (let i = 0; i < this.count; i++) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const raw = await openSocket(this.baseUrl);
    this.open.add(raw);
    void raw.closed.then(() => {
      this.open.delete(raw);
      if (this.stopped) return;
      this.closedByServer++;
      setImmediate(() => void this.connect().catch(() => undefined));
    });
  }

  stop(): void {
    this.stopped = true;
    for (const raw of this.open) raw.socket.destroy();
  }
}

describe('sandbox connection bounds', () => {
  describe('options', () => {
    it('defaults to 64 connections and 5 s for headers, requests, keep-alive and idleness', async () => {
      assert.deepEqual(DEFAULT_CONNECTION_BOUNDS, {
        maxConnections: 64,
        headersTimeoutMs: 5000,
        requestTimeoutMs: 5000,
        keepAliveTimeoutMs: 5000,
        idleTimeoutMs: 5000,
      });
      const sandbox = await testSandbox({ ledgerSize: 0 });
      try {
        assert.deepEqual(sandbox.connections, DEFAULT_CONNECTION_BOUNDS);
      } finally {
        await sandbox.stop();
      }
    });

    it('takes any of them alone; a longer headers timeout raises the request timeout with it', () => {
      assert.deepEqual(resolveBounds({ headersTimeoutMs: 300 }), {
        maxConnections: 64,
        headersTimeoutMs: 300,
        requestTimeoutMs: 5000,
        keepAliveTimeoutMs: 5000,
        idleTimeoutMs: 5000,
      });
      assert.deepEqual(resolveBounds({ headersTimeoutMs: 9000 }), {
        maxConnections: 64,
        headersTimeoutMs: 9000,
        requestTimeoutMs: 9000,
        keepAliveTimeoutMs: 5000,
        idleTimeoutMs: 5000,
      });
      assert.deepEqual(resolveBounds({ maxConnections: 2, idleTimeoutMs: 100 }), {
        maxConnections: 2,
        headersTimeoutMs: 5000,
        requestTimeoutMs: 5000,
        keepAliveTimeoutMs: 5000,
        idleTimeoutMs: 100,
      });
    });

    it('refuses bounds that are not positive integers, and a headers timeout over the request timeout', () => {
      for (const bad of [
        { maxConnections: 0 },
        { idleTimeoutMs: -1 },
        { keepAliveTimeoutMs: 1.5 },
        { requestTimeoutMs: Number.NaN },
        { headersTimeoutMs: 600, requestTimeoutMs: 300 },
      ]) {
        assert.throws(() => resolveBounds(bad), RangeError, JSON.stringify(bad));
      }
    });
  });

  describe('maxConnections', () => {
    let sandbox: Sandbox;
    beforeEach(async () => {
      sandbox = await testSandbox({ ledgerSize: 5, connections: { maxConnections: 3 } });
    });
    afterEach(() => sandbox.stop());

    it('at the bound, a new connection closes the oldest idle one and is served', async () => {
      const held = [await openSocket(sandbox.url), await openSocket(sandbox.url), await openSocket(sandbox.url)];
      const extra = await openSocket(sandbox.url);
      extra.socket.write(signedRequest(sandbox.url, 'close'));
      assert.match((await extra.closed).text, /^HTTP\/1\.1 200 OK\r\n/);
      assert.equal((await held[0].closed).text, '', 'the oldest idle connection was closed, unanswered');
      assert.deepEqual(
        sandbox.requests.map((e) => e.outcome),
        ['ok'],
      );

      held[1].socket.write(signedRequest(sandbox.url, 'close'));
      assert.match((await held[1].closed).text, /^HTTP\/1\.1 200 OK\r\n/, 'the younger ones were kept');
      assert.equal(held[2].socket.destroyed, false);
      held[2].socket.destroy();
    });

    it('closes idle connections that never had a signed request before ones that had, each time the oldest', async () => {
      const signed = [await answeredKeepAlive(sandbox.url), await answeredKeepAlive(sandbox.url)];
      const idle = await openSocket(sandbox.url);
      const first = await openSocket(sandbox.url);
      assert.equal((await idle.closed).text, '', 'the unsigned one went, though younger than the signed ones');
      const second = await openSocket(sandbox.url);
      assert.equal((await first.closed).text, '', 'again the unsigned one, though the youngest');
      second.socket.write(signedRequest(sandbox.url, 'keep-alive'));
      await until(() => /\}$/.test(second.received()));
      const third = await openSocket(sandbox.url);
      const oldest = await signed[0].closed;
      assert.equal(
        oldest.text.split('HTTP/1.1 ').length - 1,
        1,
        'with every one signed, the oldest went (after its one answer)',
      );
      assert.deepEqual(
        [signed[1].socket.destroyed, second.socket.destroyed, third.socket.destroyed],
        [false, false, false],
      );
      third.socket.write(signedRequest(sandbox.url, 'close'));
      assert.match((await third.closed).text, /^HTTP\/1\.1 200 OK\r\n/);
      for (const raw of [signed[1], second]) raw.socket.destroy();
    });

    it('never closes a connection with a request in progress: a newcomer is closed when every one has', async () => {
      sandbox.setFaults({ next: ['hang', 'hang'] });
      const hanging = [await openSocket(sandbox.url), await openSocket(sandbox.url)];
      for (const raw of hanging) raw.socket.write(signedRequest(sandbox.url, 'keep-alive'));
      await until(() => sandbox.requests.length === 2);
      const idle = await openSocket(sandbox.url);
      const extra = await openSocket(sandbox.url);
      assert.equal((await idle.closed).text, '', 'the idle one made way, not the hanging ones');
      extra.socket.write(signedRequest(sandbox.url, 'close'));
      assert.match((await extra.closed).text, /^HTTP\/1\.1 200 OK\r\n/);

      sandbox.setFaults({ next: ['hang'] });
      const third = await openSocket(sandbox.url);
      third.socket.write(signedRequest(sandbox.url, 'keep-alive'));
      await until(() => sandbox.requests.length === 4);
      const refused = await openSocket(sandbox.url);
      refused.socket.write(signedRequest(sandbox.url, 'close'));
      assert.equal((await refused.closed).text, '', 'every connection busy: the newcomer is closed');
      assert.equal(sandbox.requests.length, 4, 'the refused connection never became a request');

      // One hanging client gives up; the server takes a new connection once it knows.
      third.socket.destroy();
      let status: number | undefined;
      for (let attempt = 0; attempt < 50 && status === undefined; attempt++) {
        status = await call(sandbox).then(
          (answer) => answer.status,
          () => undefined,
        );
      }
      assert.equal(status, 200);
      assert.deepEqual(
        hanging.map((raw) => [raw.socket.destroyed, raw.received()]),
        [
          [false, ''],
          [false, ''],
        ],
        'the hanging ones are still open, unanswered',
      );
      for (const raw of hanging) raw.socket.destroy();
    });

    it('takes new connections again once held ones are closed', async () => {
      const held = [await openSocket(sandbox.url), await openSocket(sandbox.url), await openSocket(sandbox.url)];
      for (const raw of held) raw.socket.destroy();
      // The server learns of the closes asynchronously: a few tries may still be refused.
      let status: number | undefined;
      for (let attempt = 0; attempt < 50 && status === undefined; attempt++) {
        status = await call(sandbox).then(
          (answer) => answer.status,
          () => undefined,
        );
      }
      assert.equal(status, 200);
    });
  });

  describe('at the bound, idle connections make way for new ones', () => {
    let sandbox: Sandbox | undefined;
    let flood: IdleFlood | undefined;
    afterEach(async () => {
      flood?.stop();
      flood = undefined;
      await sandbox?.stop();
      sandbox = undefined;
    });

    it('serves signed calls while another program holds 64 idle connections and reconnects each one closed', async () => {
      sandbox = await testSandbox({ ledgerSize: 5 });
      assert.equal(sandbox.connections.maxConnections, 64);
      flood = new IdleFlood(sandbox.url, 64);
      await flood.start();
      const client = new ExchangeClient({ baseUrl: sandbox.url, credentials: testKeys().a, retry: { retries: 0 } });
      try {
        for (let i = 0; i < 5; i++) {
          const records = await client.getTransactions({ limit: 1 });
          assert.equal(records.length, 1, `call ${i + 1}`);
        }
        const together = await Promise.all([1, 2, 3].map(() => client.getTransactions({ limit: 2 })));
        assert.deepEqual(
          together.map((r) => r.length),
          [2, 2, 2],
        );
      } finally {
        client.dispose();
      }
      assert.deepEqual(
        sandbox.requests.map((e) => e.outcome),
        ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
      );
      assert.ok(flood.closedByServer >= 1, 'idle connections of the flood were closed to make way');
    });
  });

  describe('timeouts', () => {
    let sandbox: Sandbox | undefined;
    afterEach(async () => {
      await sandbox?.stop();
      sandbox = undefined;
    });

    it('cuts a client that sends its headers a byte at a time (slowloris) at the headers timeout, with 408', async () => {
      sandbox = await testSandbox({ ledgerSize: 0, connections: { headersTimeoutMs: 300 } });
      const raw = await openSocket(sandbox.url);
      const endless = requestHead(sandbox.url, ['Content-Type: application/json', `X-Slow: ${'a'.repeat(10_000)}`]);
      const [sent, closed] = await Promise.all([dribble(raw, endless, 20), raw.closed]);
      assert.ok(sent < endless.length, 'the server closed the connection before the headers were done');
      assert.match(closed.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.equal(sandbox.requests.length, 0);
    });

    it('cuts a client that sends nothing at the headers timeout', async () => {
      sandbox = await testSandbox({ ledgerSize: 0, connections: { headersTimeoutMs: 200, idleTimeoutMs: 60_000 } });
      const raw = await openSocket(sandbox.url);
      assert.match((await raw.closed).text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    });

    it('cuts a client that sends its body a byte at a time at the request timeout', async () => {
      sandbox = await testSandbox({ ledgerSize: 0, connections: { headersTimeoutMs: 200, requestTimeoutMs: 300 } });
      const raw = await openSocket(sandbox.url);
      raw.socket.write(requestHead(sandbox.url, ['Content-Type: application/json', 'Content-Length: 10000']));
      const [sent, closed] = await Promise.all([dribble(raw, ' '.repeat(10_000), 20), raw.closed]);
      assert.ok(sent < 10_000, 'the server closed the connection before the body was done');
      assert.match(closed.text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.equal(sandbox.requests.length, 0);
    });

    it('closes an idle connection silently at the idle timeout', async () => {
      sandbox = await testSandbox({ ledgerSize: 0, connections: { idleTimeoutMs: 200 } });
      const raw = await openSocket(sandbox.url);
      const closed = await raw.closed;
      assert.equal(closed.text, '', 'no 408: the idle timeout closed it, not the 5 s headers timeout');
    });

    it('closes a kept-alive connection at the keep-alive timeout after its answer', async () => {
      sandbox = await testSandbox({ ledgerSize: 5, connections: { keepAliveTimeoutMs: 200 } });
      const raw = await openSocket(sandbox.url);
      raw.socket.write(signedRequest(sandbox.url, 'keep-alive'));
      const { text } = await raw.closed;
      assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
      assert.equal(text.split('HTTP/1.1 ').length - 1, 1, 'one answer, then the connection was closed');
    });
  });

  describe('answers held back on purpose outlast every timeout', () => {
    let sandbox: Sandbox;
    const short = { headersTimeoutMs: 100, requestTimeoutMs: 100, keepAliveTimeoutMs: 100, idleTimeoutMs: 100 };
    beforeEach(async () => {
      sandbox = await testSandbox({ ledgerSize: 5, connections: short });
    });
    afterEach(() => sandbox.stop());

    it('a slow answer arrives after slowMs', async () => {
      sandbox.setFaults({ next: ['slow'], slowMs: 500 });
      const answer = await call(sandbox);
      assert.equal(answer.status, 200);
      assert.equal((JSON.parse(answer.text) as { id: string; result: unknown[] }).result.length, 1);
      assert.deepEqual([sandbox.requests.at(-1)?.fault, sandbox.requests.at(-1)?.delayMs], ['slow', 500]);
    });

    it('latency is waited out', async () => {
      sandbox.setFaults({ latencyMs: 400 });
      assert.equal((await call(sandbox)).status, 200);
    });

    it('a hang stays open until the client gives up', async () => {
      sandbox.setFaults({ next: ['hang'] });
      await assert.rejects(call(sandbox, 600), (error: Error) => error.name === 'AbortError');
      assert.deepEqual([sandbox.requests.at(-1)?.fault, sandbox.requests.at(-1)?.httpStatus], ['hang', undefined]);
    });

    it('a connection that got a held-back answer is bounded again afterwards', async () => {
      sandbox.setFaults({ next: ['slow'], slowMs: 300 });
      const raw = await openSocket(sandbox.url);
      raw.socket.write(signedRequest(sandbox.url, 'keep-alive'));
      const { text } = await raw.closed;
      assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
      assert.equal(text.split('HTTP/1.1 ').length - 1, 1);
    });
  });
});
