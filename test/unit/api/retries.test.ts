/**
 * Every transient failure docs/client.md says is retried (a -32600 rate-limit answer, timeouts, HTTP
 * 502/503/504, -32603, and connection resets and stalled answers, which are retried like
 * timeouts) is retried through the client, at most 3 times; a sample of what is not retried is
 * tried once. The sandbox's own fault modes are used where it has them; HTTP 504, resets and
 * stalls come from a real local HTTP server. Expected request counts and outcomes are written out.
 */
import { strict as assert } from 'assert';
import {
  AuthenticationError,
  ExchangeClient,
  IncompleteAnswerError,
  InternalServiceError,
  JsonRpcError,
  ProtocolError,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import type { RequestLogEntry } from '../../../src/api';
import type { FaultKind } from '../../../packages/sandbox/src';
import { startLocalServer } from './localServer';
import type { Exchange, LocalServer } from './localServer';
import { startHarness, testCredentials } from './support';
import type { Harness } from './support';

/** Backoffs of a millisecond: these tests count attempts, they do not wait for real backoff. */
const QUICK = { baseDelayMs: 1, rateLimitDelayMs: 1, maxDelayMs: 1 };

describe('retries through the client: the sandbox fault modes', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ ledgerSize: 20 });
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    h.sandbox.setFaults({});
    h.sandbox.clearRequests();
  });

  const retried: readonly [FaultKind, string][] = [
    ['rateLimited', 'a -32600 rate-limit answer'],
    ['http502', 'HTTP 502'],
    ['http503', 'HTTP 503'],
    ['internalError', '-32603 Internal Error'],
    ['hang', 'no answer within the timeout'],
  ];

  for (const [fault, what] of retried) {
    it(`${what} is retried, and the second attempt's answer is returned`, async () => {
      const log: RequestLogEntry[] = [];
      const client = h.client({ timeoutMs: 1000, retry: QUICK, onRequest: (e) => log.push(e) });
      h.sandbox.setFaults({ next: [fault] });
      const records = await client.getTransactions({ limit: 2 });
      assert.equal(records.length, 2);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault ?? 'none'),
        [fault, 'none'],
      );
      assert.deepEqual(
        log.map((e) => [e.attempt, e.outcome === 'ok' ? 'ok' : 'failed']),
        [
          [1, 'failed'],
          [2, 'ok'],
        ],
      );
      client.dispose();
    });
  }

  const persisting: readonly [FaultKind, string, (e: unknown) => boolean][] = [
    ['rateLimited', 'a rate-limit error', (e) => e instanceof RateLimitError],
    ['http502', 'a transport error with status 502', (e) => e instanceof TransportError && e.status === 502],
    ['http503', 'a transport error with status 503', (e) => e instanceof TransportError && e.status === 503],
    ['internalError', 'an internal service error', (e) => e instanceof InternalServiceError && e.code === -32603],
    ['hang', 'a timeout error', (e) => e instanceof TimeoutError && e.timeoutMs === 1000],
  ];

  for (const [fault, what, check] of persisting) {
    it(`${fault} on every attempt: 4 requests (1 + 3 retries), then ${what}`, async () => {
      const client = h.client({ timeoutMs: 1000, retry: QUICK });
      h.sandbox.setFaults({ rates: { [fault]: 1 } });
      await assert.rejects(client.getTransactions({ limit: 1 }), check);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault),
        [fault, fault, fault, fault],
      );
      client.dispose();
    });
  }

  const once: readonly [FaultKind, (e: unknown) => boolean][] = [
    ['http500', (e) => e instanceof TransportError && e.status === 500],
    ['nonJson', (e) => e instanceof ProtocolError],
    ['truncated', (e) => e instanceof ProtocolError],
    ['wrongId', (e) => e instanceof ProtocolError && e.field === 'id'],
  ];

  for (const [fault, check] of once) {
    it(`${fault} is not retried: one request`, async () => {
      const client = h.client({ retry: QUICK });
      h.sandbox.setFaults({ next: [fault] });
      await assert.rejects(client.getTransactions({ limit: 1 }), check);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault),
        [fault],
      );
      client.dispose();
    });
  }

  it('a create call is retried after a rate-limit answer, never after a -32603 or a 502 (it may exist already)', async () => {
    const client = h.client({ retry: QUICK });
    const request = {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.5',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    };
    h.sandbox.setFaults({ next: ['rateLimited'] });
    const created = await client.createTransaction(request);
    assert.equal(created.status, 'new');
    assert.deepEqual(
      h.sandbox.requests.map((r) => r.fault ?? 'none'),
      ['rateLimited', 'none'],
    );
    for (const [fault, check] of [
      ['internalError', (e: unknown) => e instanceof InternalServiceError],
      ['http502', (e: unknown) => e instanceof TransportError && e.status === 502],
    ] as const) {
      h.sandbox.clearRequests();
      h.sandbox.setFaults({ next: [fault] });
      await assert.rejects(client.createTransaction(request), check);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault),
        [fault],
      );
    }
    client.dispose();
  });
});

describe('retries through the client: faults the sandbox does not make, from a local server', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A proper getStatus answer to this request. */
  function answer({ request, res }: Exchange): void {
    const { id } = JSON.parse(request.body.toString('utf8')) as { id: string };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id, result: 'finished' }));
  }

  /** Answers the first `failures` requests with `fault`, then properly. */
  async function serve(fault: (exchange: Exchange) => void, failures: number): Promise<LocalServer> {
    let seen = 0;
    server = await startLocalServer((exchange) => {
      seen++;
      if (seen <= failures) fault(exchange);
      else answer(exchange);
    });
    return server;
  }

  function client(s: LocalServer, timeoutMs = 15_000): ExchangeClient {
    return new ExchangeClient({ baseUrl: s.url, credentials: testCredentials(), timeoutMs, retry: QUICK });
  }

  const gateway =
    (status: number) =>
    ({ res }: Exchange) =>
      res.writeHead(status, { 'content-type': 'text/html' }).end(`<h1>${status}</h1>`);
  /** The connection closed before any answer: the client sees ECONNRESET. */
  const reset = ({ res }: Exchange) => res.socket?.destroy();
  /** The status line, headers and part of the body, then the connection closes. */
  const brokenOff = ({ res }: Exchange) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 });
    res.write('{"jsonrpc":"2.0"', () => res.destroy());
  };
  /** The status line, headers and part of the body, then nothing more. */
  const stalledOnce = ({ res, write }: Exchange) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    write('{"jsonrpc":"2.0",');
  };

  const cases: readonly [string, (exchange: Exchange) => void, (e: unknown) => boolean, number][] = [
    ['HTTP 504', gateway(504), (e) => e instanceof TransportError && e.status === 504, 15_000],
    ['HTTP 502', gateway(502), (e) => e instanceof TransportError && e.status === 502, 15_000],
    ['HTTP 503', gateway(503), (e) => e instanceof TransportError && e.status === 503, 15_000],
    [
      'a connection reset before the answer',
      reset,
      (e) => e instanceof TransportError && e.code === 'ECONNRESET',
      15_000,
    ],
    [
      'a connection reset in the middle of the body',
      brokenOff,
      (e) => e instanceof TransportError && e.code === 'ECONNRESET',
      15_000,
    ],
    // Long enough for the first bytes to arrive on a loaded machine: then the stall is past them.
    ['an answer that stalled past the timeout', stalledOnce, (e) => e instanceof IncompleteAnswerError, 1500],
  ];

  for (const [what, fault, check, timeoutMs] of cases) {
    it(`${what} is retried, and the second attempt's answer is returned`, async () => {
      const s = await serve(fault, 1);
      const c = client(s, timeoutMs);
      assert.deepEqual(await c.getStatus('abc123def'), { status: 'finished', rawStatus: 'finished' });
      assert.equal(s.requests.length, 2);
      c.dispose();
    });

    it(`${what} on every attempt: 4 requests, then the error`, async () => {
      const s = await serve(fault, Infinity);
      const c = client(s, timeoutMs);
      await assert.rejects(c.getStatus('abc123def'), check);
      assert.equal(s.requests.length, 4);
      c.dispose();
    });
  }

  const notRetried: readonly [string, (exchange: Exchange) => void, (e: unknown) => boolean][] = [
    ['HTTP 500', gateway(500), (e) => e instanceof TransportError && e.status === 500],
    ['HTTP 501', gateway(501), (e) => e instanceof TransportError && e.status === 501],
    ['HTTP 505', gateway(505), (e) => e instanceof TransportError && e.status === 505],
    ['HTTP 404', gateway(404), (e) => e instanceof TransportError && e.status === 404],
    ['HTTP 429', gateway(429), (e) => e instanceof TransportError && e.status === 429],
    ['HTTP 401', gateway(401), (e) => e instanceof AuthenticationError && e.status === 401],
    [
      'an unknown JSON-RPC error',
      ({ request, res }) => {
        const { id } = JSON.parse(request.body.toString('utf8')) as { id: string };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'Server error' } }));
      },
      (e) => e instanceof JsonRpcError && e.code === -32000,
    ],
  ];

  for (const [what, fault, check] of notRetried) {
    it(`${what} is not retried: one request`, async () => {
      const s = await serve(fault, Infinity);
      const c = client(s);
      await assert.rejects(c.getStatus('abc123def'), check);
      assert.equal(s.requests.length, 1);
      c.dispose();
    });
  }

  it('a refused connection (ECONNREFUSED: nothing listens) is not retried', async () => {
    const attempts: number[] = [];
    const c = new ExchangeClient({
      baseUrl: 'http://127.0.0.1:1',
      credentials: testCredentials(),
      retry: QUICK,
      onRequest: (e) => attempts.push(e.attempt),
    });
    await assert.rejects(
      c.getStatus('abc123def'),
      (e: unknown) => e instanceof TransportError && e.code === 'ECONNREFUSED',
    );
    assert.deepEqual(attempts, [1]);
    c.dispose();
  });
});
