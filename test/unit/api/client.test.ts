import { strict as assert } from 'assert';
import {
  AuthenticationError,
  CancelledError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  ExchangeClient,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  KNOWN_STATUSES,
  ProtocolError,
  RateLimiter,
  TimeoutError,
  TransportError,
  loadCredentials,
} from '../../../src/api';
import type { RequestLogEntry } from '../../../src/api';
import { JsonRpcTransport } from '../../../src/api/transport';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import { startLocalServer, relayTo } from './localServer';
import { peakInWindow, startHarness } from './support';
import type { Harness } from './support';
import { registeredKeys } from '../../secrets/registry';

describe('ExchangeClient against the sandbox', function () {
  let h: Harness;
  let client: ExchangeClient;

  before(async () => {
    h = await startHarness({ ledgerSize: 300 });
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    h.sandbox.setFaults({});
    h.sandbox.clearRequests();
    client = h.client();
  });
  afterEach(() => client.dispose());

  describe('operations', () => {
    it('getStatus answers the status of a real id; an unknown id is the service invalid-parameter error', async () => {
      const [record] = await client.getTransactions({ limit: 1 });
      assert.ok(record);
      const status = await client.getStatus(record.id);
      assert.equal(status.status, record.status);
      await assert.rejects(
        client.getStatus('nosuchid00000'),
        (e: unknown) => e instanceof InvalidParameterError && e.param === 'id',
      );
    });

    it('getTransactions sends the filters as params, decodes every record and the sandbox applies them', async () => {
      const records = await client.getTransactions({ currency: 'BTC', status: ['finished', 'refunded'], limit: 50 });
      assert.ok(records.length > 0);
      for (const r of records) {
        assert.equal(r.currencyFrom, 'btc');
        assert.ok(r.status === 'finished' || r.status === 'refunded');
      }
      const sent = h.sandbox.requests.at(-1);
      assert.deepEqual(sent?.params, { status: ['finished', 'refunded'], currency: 'btc', limit: 50 });
    });

    it('pages through the whole ledger with offset and gets every record once', async () => {
      const ids: string[] = [];
      for await (const record of client.iterateTransactions({}, { pageSize: 100 })) ids.push(record.id);
      assert.equal(ids.length, h.sandbox.ledger.visible().length);
      assert.equal(new Set(ids).size, ids.length);
      const offsets = h.sandbox.requests.map((r) => (r.params as { offset?: number }).offset);
      assert.deepEqual(offsets, [0, 100, 200, 300].slice(0, Math.ceil((ids.length + 1) / 100)));
      const statuses = new Set((await client.getTransactions({ limit: 100 })).map((r) => r.status));
      assert.ok(statuses.size > 1);
    });

    it('stops paging at maxRecords', async () => {
      const ids: string[] = [];
      for await (const record of client.iterateTransactions({}, { pageSize: 7, maxRecords: 10 })) ids.push(record.id);
      assert.equal(ids.length, 10);
      assert.equal(h.sandbox.requests.length, 2);
    });

    it('looks up any number of ids with one getTransactions call per 10 ids', async () => {
      const known = (await client.getTransactions({ limit: 23 })).map((r) => r.id);
      h.sandbox.clearRequests();
      const found = await client.getTransactionsByIds([...known, 'unknownid0001', known[0] ?? '']);
      assert.equal(found.size, 23);
      assert.equal(h.sandbox.requests.length, 3);
      for (const entry of h.sandbox.requests) {
        assert.equal(entry.method, 'getTransactions');
        assert.ok((entry.params as { id: string[] }).id.length <= 10);
      }
      assert.ok(!found.has('unknownid0001'));
    });

    it('decodes every record of the ledger, whatever tolerated shape the sandbox chose', async () => {
      const all: string[] = [];
      for await (const record of client.iterateTransactions()) {
        all.push(record.status);
        assert.ok(record.createdAt > 1e15 && record.createdAt < 1e16);
        if (record.type === 'fixed') assert.ok(record.payTill);
      }
      for (const status of KNOWN_STATUSES) assert.ok(all.includes(status), status);
    });

    it('getPairsParams keeps the decimal strings and maps each refusal to its typed error', async () => {
      const [limits] = await client.getPairsParams([{ from: 'BTC', to: 'eth' }]);
      assert.ok(limits);
      assert.deepEqual([limits.from, limits.to], ['btc', 'eth']);
      assert.match(limits.minAmountFloat, /^\d+(\.\d+)?$/);
      await assert.rejects(
        client.getPairsParams([{ from: 'btc', to: 'zec' }]),
        (e: unknown) => e instanceof CurrencyDisabledError && e.currency === 'zec' && e.direction === 'both',
      );
      await assert.rejects(
        client.getPairsParams([{ from: 'xmr', to: 'btc' }]),
        (e: unknown) => e instanceof CurrencyDisabledError && e.currency === 'xmr' && e.direction === 'input',
      );
      await assert.rejects(
        client.getPairsParams([{ from: 'btc', to: 'eos' }]),
        (e: unknown) => e instanceof CurrencyDisabledError && e.currency === 'eos' && e.direction === 'output',
      );
      await assert.rejects(
        client.getPairsParams([{ from: 'nope', to: 'btc' }]),
        (e: unknown) => e instanceof CurrencyNotFoundError && e.currency === 'nope',
      );
    });

    it('checks parameters before sending: nothing reaches the service', async () => {
      await assert.rejects(
        client.getTransactions({ limit: 500 }),
        (e: unknown) => e instanceof InvalidParameterError && e.param === 'limit',
      );
      await assert.rejects(client.getStatus(' '), InvalidParameterError);
      await assert.rejects(client.getPairsParams([]), InvalidParameterError);
      assert.equal(h.sandbox.requests.length, 0);
    });

    it('keeps unknown JSON-RPC errors with code and message', async () => {
      const transport = new JsonRpcTransport({ baseUrl: h.sandbox.url, credentials: h.credentials });
      // A raw call too takes its slot of the key's one limiter: the sandbox counts every request.
      await assert.rejects(
        h.limiter.schedule(() => transport.call('getCurrenciesShort', {})),
        (e: unknown) => e instanceof JsonRpcError && e.code === -32601 && e.serviceMessage === 'Method not found',
      );
    });

    it('accepts the base URL with a trailing /v2/', async () => {
      const other = h.client({ baseUrl: `${h.sandbox.url}/v2/` });
      assert.equal((await other.getTransactions({ limit: 2 })).length, 2);
    });
  });

  describe('signing and authentication', () => {
    it('sends exactly the signed bytes: a body changed after signing is refused', async () => {
      // A man in the middle changes the body on its way; the signature no longer matches it.
      const middle = await startLocalServer(
        relayTo(h.sandbox.url, {
          body: (body) => Buffer.from(body.toString('utf8').replace('"limit":1', '"limit":2')),
        }),
      );
      try {
        const tampered = h.client({ baseUrl: middle.url, retry: { retries: 0 } });
        await assert.rejects(tampered.getTransactions({ limit: 1 }), AuthenticationError);
        assert.equal(h.sandbox.requests.at(-1)?.outcome, 'unauthorized');
        assert.match(middle.requests.at(-1)?.body.toString('utf8') ?? '', /"limit":1\b/, 'the client sent limit 1');
        // Passed on untouched, the same bytes are accepted.
        const honest = await startLocalServer(relayTo(h.sandbox.url));
        try {
          assert.equal((await h.client({ baseUrl: honest.url }).getTransactions({ limit: 1 })).length, 1);
        } finally {
          await honest.close();
        }
      } finally {
        await middle.close();
      }
    });

    it('an unregistered key gets an authentication error that says to check the keys, without the key', async () => {
      const stranger = loadCredentials(registeredKeys().privateKeyHex);
      const other = h.client({ credentials: stranger });
      await assert.rejects(other.getStatus('abc123def'), (e: unknown) => {
        assert.ok(e instanceof AuthenticationError);
        assert.equal(e.status, 401);
        assert.match(e.message, /Check the API keys/);
        assert.ok(!e.message.includes(stranger.apiKey));
        return true;
      });
      assert.equal(h.sandbox.requests.length, 1, 'authentication errors are not retried');
    });
  });

  describe('rate limit', () => {
    it('a burst of 50 concurrent calls never exceeds 10 in any second at the sandbox, with no rate-limit error', async function () {
      this.timeout(30_000);
      const [record] = await client.getTransactions({ limit: 1 });
      h.sandbox.clearRequests();
      await Promise.all(Array.from({ length: 50 }, () => client.getStatus(record?.id ?? '')));
      const arrivals = h.sandbox.requests.map((r) => r.at);
      assert.equal(arrivals.length, 50);
      assert.ok(peakInWindow(arrivals) <= 10, `peak ${peakInWindow(arrivals)}`);
      assert.ok(h.sandbox.requests.every((r) => r.outcome === 'ok'));
    });

    it('two clients sharing one limiter share the budget', async function () {
      this.timeout(30_000);
      const a = h.client();
      const b = h.client();
      await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? a : b).getTransactions({ limit: 1 })));
      assert.ok(peakInWindow(h.sandbox.requests.map((r) => r.at)) <= 10);
      assert.ok(h.sandbox.requests.every((r) => r.outcome === 'ok'));
    });

    it('retries a -32600 rate-limit answer with backoff until it passes', async function () {
      this.timeout(30_000);
      const log: RequestLogEntry[] = [];
      // A client whose limiter allows far more than the service: the service must refuse some.
      const eager = h.client({
        limiter: new RateLimiter({ limit: 40 }),
        onRequest: (e) => log.push(e),
        retry: { retries: 8, rateLimitDelayMs: 200 },
      });
      const results = await Promise.all(Array.from({ length: 20 }, () => eager.getTransactions({ limit: 1 })));
      assert.equal(results.length, 20);
      assert.ok(h.sandbox.requests.some((r) => r.outcome === 'rate-limited'));
      assert.ok(log.some((e) => e.outcome === 'rate-limit' && e.attempt === 1));
      assert.equal(log.filter((e) => e.outcome === 'ok').length, 20);
      // This client went around the shared limiter: let the service's window empty for the next tests.
      h.limiter.holdFor(1100);
    });
  });

  describe('faults', () => {
    it('a 500 is a transport error with its status and is not retried', async () => {
      h.sandbox.setFaults({ next: ['http500'] });
      await assert.rejects(
        client.getTransactions(),
        (e: unknown) => e instanceof TransportError && e.status === 500 && /HTTP 500/.test(e.message),
      );
      assert.equal(h.sandbox.requests.length, 1);
    });

    it('502, 503 and -32603 are retried and then succeed', async () => {
      h.sandbox.setFaults({ next: ['http502', 'http503', 'internalError'] });
      assert.equal((await client.getTransactions({ limit: 3 })).length, 3);
      assert.deepEqual(
        h.sandbox.requests.map((r) => r.fault ?? 'none'),
        ['http502', 'http503', 'internalError', 'none'],
      );
    });

    it('a persisting -32603 ends as an internal service error after a bounded number of retries', async () => {
      h.sandbox.setFaults({ rates: { internalError: 1 } });
      await assert.rejects(client.getTransactions(), InternalServiceError);
      assert.equal(h.sandbox.requests.length, 4);
    });

    it('non-JSON and truncated bodies are protocol errors with the HTTP status', async () => {
      h.sandbox.setFaults({ next: ['nonJson'] });
      await assert.rejects(
        client.getTransactions(),
        (e: unknown) => e instanceof ProtocolError && e.status === 200 && /not JSON/.test(e.message),
      );
      h.sandbox.setFaults({ next: ['truncated'] });
      await assert.rejects(
        client.getTransactions(),
        (e: unknown) => e instanceof ProtocolError && /truncated/.test(e.message),
      );
    });

    it('an answer with another id is a protocol error naming the id', async () => {
      h.sandbox.setFaults({ next: ['wrongId'] });
      await assert.rejects(client.getTransactions(), (e: unknown) => e instanceof ProtocolError && e.field === 'id');
    });

    it('a hang past the timeout is retried, then a timeout error', async () => {
      // Long enough for an answer on a loaded machine; the hangs last past it.
      const quick = h.client({ timeoutMs: 1000, retry: { retries: 1, baseDelayMs: 1 } });
      h.sandbox.setFaults({ next: ['hang', 'hang'] });
      await assert.rejects(quick.getTransactions(), (e: unknown) => e instanceof TimeoutError && e.timeoutMs === 1000);
      assert.equal(h.sandbox.requests.length, 2);
      h.sandbox.setFaults({ next: ['hang'] });
      assert.equal((await quick.getTransactions({ limit: 1 })).length, 1, 'a single hang is recovered by the retry');
    });

    it('cancellation stops a waiting call at once, with a cancelled error', async () => {
      h.sandbox.setFaults({ next: ['hang'] });
      const controller = new AbortController();
      const call = client.getTransactions({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      // Cancelled, not a timeout (the hang lasts past the 15 s timeout), and never retried.
      await assert.rejects(call, CancelledError);
      assert.ok(h.sandbox.requests.length <= 1, `${h.sandbox.requests.length} requests`);
      const aborted = new AbortController();
      aborted.abort();
      await assert.rejects(client.getStatus('abc123def', { signal: aborted.signal }), CancelledError);
    });

    it('added latency slows answers but changes nothing else', async () => {
      h.sandbox.setFaults({ latencyMs: 30 });
      const started = performance.now();
      assert.equal((await client.getTransactions({ limit: 5 })).length, 5);
      assert.ok(performance.now() - started >= 29);
    });

    it('hostile strings inside records arrive intact, as plain strings', async () => {
      h.sandbox.setFaults({ hostile: 1 });
      const records = await client.getTransactions({ limit: 20 });
      const texts = records.flatMap((r) => [
        r.payinAddress,
        r.payoutAddress,
        r.payinExtraId ?? '',
        r.payoutHashLink ?? '',
      ]);
      assert.ok(texts.some((t) => Object.values(HOSTILE_VALUES).some((v) => t.includes(v.slice(0, 20)))));
      assert.ok(records.every((r) => typeof r.payinAddress === 'string'));
    });

    it('hostile amounts of pair limits arrive intact, as plain strings (amounts are never parsed)', async () => {
      h.sandbox.setFaults({ hostile: 1 });
      const [limits] = await client.getPairsParams([{ from: 'btc', to: 'eth' }]);
      assert.deepEqual(limits, {
        from: 'btc',
        to: 'eth',
        minAmountFloat: HOSTILE_VALUES.markup,
        maxAmountFloat: HOSTILE_VALUES.script,
        minAmountFixed: HOSTILE_VALUES.control,
        maxAmountFixed: HOSTILE_VALUES.long,
      });
    });
  });
});

describe('ExchangeClient transport edge cases', () => {
  it('a plain-text Unauthorized with HTTP 200 or a 403 is an authentication error', async () => {
    const { interpretAnswer } = await import('../../../src/api/transport');
    assert.throws(() => interpretAnswer('x', 200, 'text/plain', 'Unauthorized'), AuthenticationError);
    assert.throws(
      () => interpretAnswer('x', 403, 'text/html', '<h1>Forbidden</h1>'),
      (e: unknown) => e instanceof AuthenticationError && e.status === 403,
    );
    assert.throws(
      () => interpretAnswer('x', 200, 'application/json', '{"jsonrpc":"2.0","id":"x"}'),
      (e: unknown) => e instanceof ProtocolError && e.field === 'result',
    );
    assert.throws(
      () => interpretAnswer('x', 200, 'application/json', '{"jsonrpc":"1.0","id":"x","result":1}'),
      (e: unknown) => e instanceof ProtocolError && e.field === 'jsonrpc',
    );
  });

  it('an unreachable service is a transport error with the network code', async () => {
    const credentials = loadCredentials(registeredKeys().privateKeyHex);
    const closed = new ExchangeClient({ baseUrl: 'http://127.0.0.1:1', credentials, retry: { retries: 0 } });
    await assert.rejects(
      closed.getStatus('abc123def'),
      (e: unknown) => e instanceof TransportError && e.code === 'ECONNREFUSED',
    );
  });
});
