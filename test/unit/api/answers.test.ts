import { strict as assert } from 'assert';
import * as zlib from 'zlib';
import {
  AnswerTooLargeError,
  DEFAULT_MAX_RESPONSE_BYTES,
  ExchangeClient,
  IncompleteAnswerError,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import type { RequestLogEntry } from '../../../src/api';
import { JsonRpcTransport } from '../../../src/api/transport';
import { endless, silent, stalled, startLocalServer } from './localServer';
import type { Handler, LocalServer } from './localServer';
import { testCredentials } from './support';

const MIB = 1024 * 1024;
/**
 * What may sit in the two sockets' kernel buffers (the server's send buffer and the client's
 * receive buffer) when the client closes the connection: bytes the server "wrote" that the
 * client never read. Generous on purpose; an unbounded read goes on for gigabytes.
 */
const SOCKET_BUFFERS = 48 * MIB;

describe('answers: size cap, stalled and endless bodies', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(handler: Handler): Promise<LocalServer> {
    server = await startLocalServer(handler);
    return server;
  }

  function transport(s: LocalServer, extra: { timeoutMs?: number; maxResponseBytes?: number } = {}): JsonRpcTransport {
    return new JsonRpcTransport({ baseUrl: s.url, credentials: testCredentials(), ...extra });
  }

  it('caps an endless body at 8 MiB by default: reading stops, the connection closes, the message says the size', async () => {
    const s = await serve(endless());
    const t = transport(s);
    assert.equal(t.maxResponseBytes, 8 * MIB);
    assert.equal(DEFAULT_MAX_RESPONSE_BYTES, 8 * MIB);
    await assert.rejects(t.call('getTransactions', {}), (e: unknown) => {
      assert.ok(e instanceof AnswerTooLargeError);
      assert.equal(e.kind, 'answer-too-large');
      assert.equal(e.maxBytes, 8 * MIB);
      assert.equal(e.status, 200);
      assert.equal(e.transient, false);
      assert.equal(e.message, "The service's answer was larger than 8 MiB: the client stopped reading it.");
      return true;
    });
    // The client closed the connection: the server's endless writer stopped.
    await s.responsesClosed(1);
    assert.ok(s.bytesWritten > 8 * MIB, `the server wrote past the cap (${s.bytesWritten})`);
    assert.ok(
      s.bytesWritten < 8 * MIB + SOCKET_BUFFERS,
      `the server could write only the cap and the socket buffers (${s.bytesWritten})`,
    );
    assert.equal(s.requests.length, 1);
  });

  it('takes its cap from maxResponseBytes and says it in KiB; memory stays far below the data offered', async () => {
    const s = await serve(endless());
    const t = transport(s, { maxResponseBytes: 64 * 1024 });
    const before = process.memoryUsage();
    await assert.rejects(
      t.call('getTransactions', {}),
      (e: unknown) =>
        e instanceof AnswerTooLargeError &&
        e.maxBytes === 65_536 &&
        e.message === "The service's answer was larger than 64 KiB: the client stopped reading it.",
    );
    await s.responsesClosed(1);
    const after = process.memoryUsage();
    assert.ok(s.bytesWritten < 64 * 1024 + SOCKET_BUFFERS, `written ${s.bytesWritten}`);
    // Whatever was written, the client kept at most the cap and a chunk of it.
    assert.ok(
      after.arrayBuffers - before.arrayBuffers < 16 * MIB,
      `array buffers grew by ${after.arrayBuffers - before.arrayBuffers}`,
    );
  });

  it('counts the bytes after decompression: a small gzip body that unpacks past the cap is cut off', async () => {
    const packed = zlib.gzipSync(Buffer.alloc(64 * MIB, 0x20));
    assert.ok(packed.length < MIB);
    const s = await serve(({ res }) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': packed.length,
      });
      res.end(packed);
    });
    await assert.rejects(
      transport(s, { maxResponseBytes: MIB }).call('getTransactions', {}),
      (e: unknown) =>
        e instanceof AnswerTooLargeError &&
        e.message === "The service's answer was larger than 1 MiB: the client stopped reading it.",
    );
  });

  it('reads an answer of exactly the cap, and a gzip answer under it', async () => {
    const answer = (id: unknown, size: number): string => {
      const base = JSON.stringify({ jsonrpc: '2.0', id, result: [] });
      return base.slice(0, -1) + ' '.repeat(size - base.length) + '}';
    };
    let gzip = false;
    const s = await serve(({ request, res }) => {
      const { id } = JSON.parse(request.body.toString('utf8')) as { id: unknown };
      const text = answer(id, 4096);
      assert.equal(Buffer.byteLength(text), 4096);
      if (gzip) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(text));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
      }
    });
    const t = transport(s, { maxResponseBytes: 4096 });
    assert.deepEqual((await t.call('getTransactions', {})).result, []);
    gzip = true;
    assert.deepEqual((await t.call('getTransactions', {})).result, []);
    await assert.rejects(transport(s, { maxResponseBytes: 4095 }).call('getTransactions', {}), AnswerTooLargeError);
  });

  it('refuses a cap that is not a positive whole number', () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(
        () => new JsonRpcTransport({ baseUrl: 'http://127.0.0.1:1', credentials: testCredentials(), maxResponseBytes }),
        RangeError,
        String(maxResponseBytes),
      );
    }
  });

  it('tells an answer that started but never finished from no answer at all', async () => {
    const s = await serve(stalled());
    await assert.rejects(transport(s, { timeoutMs: 200 }).call('getTransactions', {}), (e: unknown) => {
      assert.ok(e instanceof IncompleteAnswerError);
      assert.equal(e.kind, 'incomplete-answer');
      assert.equal(e.status, 200);
      assert.equal(e.timeoutMs, 200);
      assert.equal(e.transient, true);
      assert.ok(!(e instanceof TimeoutError));
      assert.equal(e.message, "The service's answer started but did not finish within 0.2 s.");
      return true;
    });
    await s.responsesClosed(1);

    const quiet = await startLocalServer(silent());
    try {
      await assert.rejects(
        transport(quiet, { timeoutMs: 200 }).call('getTransactions', {}),
        (e: unknown) =>
          e instanceof TimeoutError &&
          e.kind === 'timeout' &&
          e.message === 'The service did not answer within 200 ms.',
      );
      await quiet.responsesClosed(1);
    } finally {
      await quiet.close();
    }
  });

  it('says the seconds of a longer timeout in whole seconds', () => {
    assert.equal(
      new IncompleteAnswerError(15_000, 200).message,
      "The service's answer started but did not finish within 15 s.",
    );
  });

  it('retries an incomplete answer like a timeout, and never an oversized one', async () => {
    const log: RequestLogEntry[] = [];
    const stall = await serve(stalled());
    const client = new ExchangeClient({
      baseUrl: stall.url,
      credentials: testCredentials(),
      // Long enough for the first bytes on a loaded machine: the stall is past them.
      timeoutMs: 1000,
      retry: { retries: 2, baseDelayMs: 1 },
      onRequest: (e) => log.push(e),
    });
    await assert.rejects(client.getTransactions(), IncompleteAnswerError);
    assert.equal(stall.requests.length, 3);
    assert.deepEqual(
      log.map((e) => [e.attempt, e.outcome]),
      [
        [1, 'incomplete-answer'],
        [2, 'incomplete-answer'],
        [3, 'incomplete-answer'],
      ],
    );
    client.dispose();
    await stall.close();

    log.length = 0;
    const flood = await serve(endless());
    const greedy = new ExchangeClient({
      baseUrl: flood.url,
      credentials: testCredentials(),
      maxResponseBytes: 256 * 1024,
      retry: { retries: 3, baseDelayMs: 1 },
      onRequest: (e) => log.push(e),
    });
    await assert.rejects(greedy.getTransactions(), AnswerTooLargeError);
    assert.equal(flood.requests.length, 1);
    assert.deepEqual(
      log.map((e) => [e.attempt, e.outcome]),
      [[1, 'answer-too-large']],
    );
    greedy.dispose();
  });

  it('a connection closed in the middle of the body is a reset (retried), not a protocol error', async () => {
    const s = await serve(({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"jsonrpc":"2.0","id":', () => res.destroy());
    });
    await assert.rejects(
      transport(s).call('getTransactions', {}),
      (e: unknown) =>
        e instanceof TransportError &&
        e.code === 'ECONNRESET' &&
        e.transient &&
        e.message === "The service's answer broke off before its end (ECONNRESET).",
    );
  });
});
