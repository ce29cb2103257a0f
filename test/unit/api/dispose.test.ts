import { strict as assert } from 'assert';
import { CancelledError, RateLimiter } from '../../../src/api';
import type { ExchangeClient, RequestLogEntry } from '../../../src/api';
import type { RequestLogEntry as SandboxEntry } from '../../../packages/sandbox/src';
import { startHarness } from './support';
import type { Harness } from './support';

/** Longer than every backoff of the retry schedule below put together (200 + 400 + 800 ms). */
const PAST_THE_RETRIES_MS = 2000;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('ExchangeClient.dispose() against the sandbox: nothing is sent with the old key afterwards', () => {
  let h: Harness;
  /** Resolvers waiting for the sandbox's request log to reach a length. */
  let arrivals: { readonly count: number; readonly done: () => void }[] = [];

  before(async () => {
    h = await startHarness({
      ledgerSize: 20,
      onRequest: () => {
        const length = h.sandbox.requests.length;
        const ready = arrivals.filter((a) => a.count <= length);
        arrivals = arrivals.filter((a) => a.count > length);
        for (const a of ready) a.done();
      },
    });
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    h.sandbox.setFaults({});
    h.sandbox.clearRequests();
    arrivals = [];
  });

  /** Resolves once `count` requests have arrived at the sandbox since the last clear. */
  function arrived(count: number): Promise<void> {
    return new Promise((resolve) => {
      if (h.sandbox.requests.length >= count) resolve();
      else arrivals.push({ count, done: resolve });
    });
  }

  /** A client whose retries wait 200, 400 and 800 ms (no jitter), logging each attempt. */
  function retrying(
    log: RequestLogEntry[],
    extra: Parameters<Harness['client']>[0] = {},
  ): { client: ExchangeClient; firstAttempt: Promise<void> } {
    let attempted: () => void = () => undefined;
    const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
    const client = h.client({
      retry: { retries: 3, baseDelayMs: 400, random: () => 1 },
      onRequest: (e) => {
        log.push(e);
        attempted();
      },
      ...extra,
    });
    return { client, firstAttempt };
  }

  it('a call waiting to retry stops: it rejects as cancelled and no further attempt reaches the sandbox', async function () {
    this.timeout(10_000);
    h.sandbox.setFaults({ rates: { http503: 1 } });
    const log: RequestLogEntry[] = [];
    const { client, firstAttempt } = retrying(log);
    const rejected = assert.rejects(client.getTransactions({ limit: 1 }), CancelledError);
    await firstAttempt;
    // The first attempt's 503 is in; let the call settle into its first backoff (200 ms).
    await wait(20);
    client.dispose();
    await rejected;
    assert.equal(h.sandbox.requests.length, 1);
    // Past every retry the call would have made (200 + 400 + 800 ms): still the one request.
    await wait(PAST_THE_RETRIES_MS);
    assert.equal(h.sandbox.requests.length, 1, 'no request after dispose');
    assert.deepEqual(
      h.sandbox.requests.map((r) => r.fault),
      ['http503'],
    );
    assert.deepEqual(
      log.map((e) => [e.attempt, e.outcome]),
      [[1, 'transport']],
    );
  });

  it('a call being answered stops: the hanging request is dropped and not retried', async function () {
    this.timeout(10_000);
    h.sandbox.setFaults({ next: ['hang', 'hang', 'hang', 'hang'] });
    const log: RequestLogEntry[] = [];
    const { client } = retrying(log, { timeoutMs: 300 });
    const call = client.getTransactions({ limit: 1 });
    const rejected = assert.rejects(call, CancelledError);
    await arrived(1);
    client.dispose();
    await rejected;
    // Past the timeout and every retry it would have made: still the one request.
    await wait(300 + PAST_THE_RETRIES_MS);
    assert.equal(h.sandbox.requests.length, 1);
    assert.deepEqual(
      log.map((e) => e.outcome),
      ['cancelled'],
    );
  });

  it('queued calls leave the shared limiter as cancelled; the other client of the key goes on, and the limiter is not disposed', async function () {
    this.timeout(10_000);
    // One start per second: a's first call is granted, the rest queue.
    const limiter = new RateLimiter({ limit: 1 });
    const a = h.client({ limiter });
    const b = h.client({ limiter });
    const aFirst = a.getTransactions({ limit: 1 });
    const aQueued = [a.getTransactions({ limit: 2 }), a.getStatus('abc123def456')];
    const bQueued = b.getTransactions({ limit: 3 });
    assert.equal(limiter.pending, 3);
    const aRejections = aQueued.map((call) => assert.rejects(call, CancelledError));
    await aFirst;
    a.dispose();
    await Promise.all(aRejections);
    assert.equal(limiter.pending, 1, "b's call still waits for its slot");
    assert.equal((await bQueued).length, 3);
    // A new call of b is served too: the shared limiter still works.
    assert.equal((await b.getTransactions({ limit: 4 })).length, 4);
    assert.deepEqual(
      h.sandbox.requests.map((r: SandboxEntry) => (r.params as { limit: number }).limit),
      [1, 3, 4],
    );
    b.dispose();
    limiter.dispose();
  });

  it('calls after dispose reject at once and send nothing; dispose twice is harmless', async () => {
    const client = h.client();
    client.dispose();
    client.dispose();
    assert.ok(client.disposed);
    await assert.rejects(client.getStatus('abc123def456'), CancelledError);
    await assert.rejects(client.getTransactionsByIds(['abc123def456', 'def456abc123']), CancelledError);
    const pages = client.iterateTransactions();
    await assert.rejects(pages.next(), CancelledError);
    assert.equal(h.sandbox.requests.length, 0);
  });

  it("a client that made its own limiter disposes it; a caller's own signal still cancels only its call", async () => {
    const own = h.client({ limiter: undefined, rateLimit: 1 });
    assert.notEqual(own.limiter, h.limiter);
    const first = own.getTransactions({ limit: 1 });
    const queued = own.getTransactions({ limit: 2 });
    const controller = new AbortController();
    const mine = own.getTransactions({ limit: 3 }, { signal: controller.signal });
    const cancelled = assert.rejects(mine, CancelledError);
    controller.abort();
    await cancelled;
    assert.ok(!own.disposed);
    await first;
    const rejected = assert.rejects(queued, CancelledError);
    own.dispose();
    await rejected;
    assert.equal(own.limiter.pending, 0);
    assert.deepEqual(
      h.sandbox.requests.map((r) => (r.params as { limit: number }).limit),
      [1],
    );
  });
});
