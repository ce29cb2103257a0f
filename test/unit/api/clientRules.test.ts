// The client's own rules, against the real sandbox where a request is involved: which failures
// count as answered for the limiter, which answers are rate-limit answers, the request log's
// entries, the limiter held after a rate limit and only then, a shared limiter outliving a
// disposed client, ids chunked by ten, and a fixed-rate creation never retried after a fault.
import { strict as assert } from 'assert';
import {
  CancelledError,
  ExchangeClient,
  ProtocolError,
  RateLimiter,
  RateLimitError,
  TimeoutError,
  TransportError,
} from '../../../src/api';
import type { RequestLogEntry } from '../../../src/api';
import { isRateLimitAnswer, wasAnswered } from '../../../src/api/client';
import { startHarness } from './support';
import { settledNow } from '../support/until';
import type { Harness } from './support';

const ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';
const BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';

describe('client rules', () => {
  it('a failure counts as answered unless it was cancelled or no status line came back', () => {
    assert.equal(wasAnswered(new CancelledError()), false);
    assert.equal(wasAnswered(new TransportError('reset')), false);
    assert.equal(wasAnswered(new TimeoutError(1000)), false);
    assert.equal(wasAnswered(new TransportError('HTTP 502', 502)), true);
    assert.equal(wasAnswered(new ProtocolError('not JSON', 200)), true);
    assert.equal(wasAnswered(new RateLimitError(10, 'limit')), true);
    assert.equal(wasAnswered(new Error('anything else')), true);
  });

  it('tells a rate-limit answer from every other text', () => {
    const rpc = (error: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, error });
    assert.equal(isRateLimitAnswer(rpc({ code: -32600, message: 'Error: You reached requests limit 10 rps' })), true);
    assert.equal(isRateLimitAnswer(rpc({ code: -32600, message: 'Invalid amount: minimal amount is 0.1' })), false);
    assert.equal(
      isRateLimitAnswer(rpc({ code: -32600, message: 'You reached requests limit 10 rps', data: { limits: {} } })),
      false,
    );
    assert.equal(isRateLimitAnswer(rpc({ code: -32603, message: 'You reached requests limit 10 rps' })), false);
    assert.equal(isRateLimitAnswer(rpc({ code: -32600 })), false);
    assert.equal(isRateLimitAnswer(rpc({ message: 'You reached requests limit 10 rps' })), false);
    assert.equal(isRateLimitAnswer(rpc({ code: -32600, message: 42 })), false);
    assert.equal(isRateLimitAnswer(rpc(null)), false);
    assert.equal(
      isRateLimitAnswer(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'You reached requests limit 10 rps' })),
      false,
    );
    assert.equal(isRateLimitAnswer('null'), false);
    assert.equal(isRateLimitAnswer('You reached requests limit 10 rps'), false);
  });

  describe('against the sandbox', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ ledgerSize: 30 });
    });
    after(async () => {
      await h.sandbox.stop();
    });
    beforeEach(() => {
      h.sandbox.setFaults({});
      h.sandbox.clearRequests();
    });

    it('logs each attempt: its method, attempt number, outcome, a duration, and a message only on failure', async () => {
      const log: RequestLogEntry[] = [];
      const client = h.client({ limiter: new RateLimiter(), onRequest: (e) => log.push(e), retry: { retries: 0 } });
      const id = h.sandbox.ledger.visible()[0]?.id ?? '';
      await client.getStatus(id);
      h.sandbox.setFaults({ next: ['internalError'] });
      await assert.rejects(client.getStatus(id));
      client.dispose();
      assert.deepEqual(
        log.map((e) => [e.method, e.attempt, e.outcome, 'message' in e]),
        [
          ['getStatus', 1, 'ok', false],
          ['getStatus', 1, 'internal', true],
        ],
      );
      const now = performance.now();
      for (const entry of log)
        assert.ok(
          entry.durationMs >= 0 && entry.durationMs <= now,
          `a duration measured from its start: ${entry.durationMs}`,
        );
    });

    it('holds the limiter after a rate-limit answer, and only then', async () => {
      const limiter = new RateLimiter();
      const client = h.client({ limiter, retry: { retries: 0 } });
      const id = h.sandbox.ledger.visible()[0]?.id ?? '';
      await client.getStatus(id);
      const free = limiter.acquire();
      assert.equal(await settledNow(free), true, 'not held after an ordinary answer');
      (await free)();
      h.sandbox.setFaults({ next: ['rateLimited'] });
      await assert.rejects(client.getStatus(id), RateLimitError);
      const held = limiter.acquire();
      assert.equal(await settledNow(held), false, 'held after the rate-limit answer');
      limiter.dispose();
      await assert.rejects(held, CancelledError);
      client.dispose();
    });

    it('send() says whether the answer was a rate limit, holds the limiter only then, and measures from its start', async () => {
      const limiter = new RateLimiter();
      const client = h.client({ limiter });
      const body = Buffer.from(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'x1',
          method: 'getStatus',
          params: { id: h.sandbox.ledger.visible()[0]?.id },
        }),
      );
      const ordinary = await client.send(body);
      assert.equal(ordinary.rateLimited, false);
      const now = performance.now();
      assert.ok(
        ordinary.durationMs >= 0 && ordinary.durationMs <= now && ordinary.queuedMs >= 0 && ordinary.queuedMs <= now,
        JSON.stringify(ordinary),
      );
      assert.equal(ordinary.bytesSent, body.length);
      const free = limiter.acquire();
      assert.equal(await settledNow(free), true, 'not held after an ordinary answer');
      (await free)();
      h.sandbox.setFaults({ next: ['rateLimited'] });
      const limited = await client.send(body);
      assert.equal(limited.rateLimited, true);
      const held = limiter.acquire();
      assert.equal(await settledNow(held), false, 'held after the rate-limit answer');
      limiter.dispose();
      await assert.rejects(held, CancelledError);
      client.dispose();
    });

    it('send() stopped by its caller is cancelled', async () => {
      const client = h.client();
      h.sandbox.setFaults({ next: ['hang'] });
      const controller = new AbortController();
      const sending = client.send(
        Buffer.from('{"jsonrpc":"2.0","id":"x2","method":"getStatus","params":{"id":"abc"}}'),
        { signal: controller.signal },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await assert.rejects(sending, CancelledError);
      client.dispose();
    });

    it('disposing a client leaves a shared limiter serving the others; its own limiter it disposes', async () => {
      const shared = new RateLimiter({ limit: 1, arrivalBoundMs: 60_000 });
      const a = h.client({ limiter: shared });
      const release = await shared.acquire();
      const waiting = shared.acquire();
      a.dispose();
      assert.equal(shared.pending, 1, 'the other caller still waits');
      release();
      shared.dispose();
      await assert.rejects(waiting, CancelledError);

      const own = new ExchangeClient({ baseUrl: h.sandbox.url, credentials: h.credentials, rateLimit: 1 });
      assert.equal(own.limiter.limit, 1);
      const ownRelease = await own.limiter.acquire();
      const ownWaiting = own.limiter.acquire();
      own.dispose();
      own.dispose();
      await assert.rejects(ownWaiting, CancelledError);
      ownRelease();
      assert.equal(new ExchangeClient({ baseUrl: h.sandbox.url, credentials: h.credentials }).limiter.limit, 10);
    });

    it('asks for exactly ten ids in one request, and for eleven in two', async () => {
      const client = h.client();
      const ids = h.sandbox.ledger.visible().map((t) => t.id);
      assert.equal((await client.getTransactionsByIds(ids.slice(0, 10))).size, 10);
      assert.equal(h.sandbox.requests.filter((r) => r.method === 'getTransactions').length, 1);
      assert.equal((await client.getTransactionsByIds(ids.slice(0, 11))).size, 11);
      assert.equal(h.sandbox.requests.filter((r) => r.method === 'getTransactions').length, 3);
      client.dispose();
    });

    it('pages give each record once, and stop at maxRecords', async () => {
      const client = h.client();
      const got: string[] = [];
      for await (const record of client.iterateTransactions({}, { pageSize: 7, maxRecords: 12 })) got.push(record.id);
      assert.equal(got.length, 12);
      assert.equal(new Set(got).size, 12);
      client.dispose();
    });

    it('a fixed-rate creation is not retried after a fault (it may have been carried out)', async () => {
      const client = h.client({ retry: { retries: 3, baseDelayMs: 1 } });
      const [quote] = await client.getFixRateForAmount({ from: 'btc', to: 'eth', amountFrom: '0.5' });
      assert.ok(quote);
      h.sandbox.clearRequests();
      h.sandbox.setFaults({ next: ['http502'] });
      await assert.rejects(
        client.createFixTransaction({
          from: 'btc',
          to: 'eth',
          rateId: quote.id,
          amountFrom: '0.5',
          address: ETH_ADDRESS,
          refundAddress: BTC_ADDRESS,
        }),
        (e: unknown) => e instanceof TransportError && e.status === 502,
      );
      assert.equal(h.sandbox.requests.filter((r) => r.method === 'createFixTransaction').length, 1);
      client.dispose();
    });
  });
});
