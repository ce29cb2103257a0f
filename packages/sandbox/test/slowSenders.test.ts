/**
 * The slow-sender attack on the sandbox's connection bound, over real sockets on loopback: a local
 * program keeps 64 connections that each send a request head and then drip its body a byte at a
 * time, reopening each one the sandbox cuts. A connection still receiving its body is not busy (it
 * may be closed for a newcomer) and is cut at the request timeout, so signed clients get through.
 */
import { strict as assert } from 'assert';
import { ExchangeClient } from '../../../src/api';
import type { Sandbox } from '../src';
import type { RawSocket } from './helpers';
import { openSocket, requestHead, testKeys, testSandbox } from './helpers';
import { until } from '../../../test/unit/support/until';

/** The most connections the flood opens in all (it stops reopening past this). */
const MAX_OPENED = 2000;

/** 64 connections sending a head and then one byte of body every `everyMs`, each reopened when cut. */
class DripFlood {
  private readonly open = new Set<RawSocket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  opened = 0;
  /** The first line the sandbox sent on each connection of the flood it closed (cut at the request timeout, or for a newcomer; empty if it sent nothing). */
  readonly cutWith: string[] = [];

  /** Connections of the flood that the sandbox closed. */
  get closedByServer(): number {
    return this.cutWith.length;
  }

  constructor(
    private readonly baseUrl: string,
    private readonly count: number,
    private readonly everyMs: number,
  ) {}

  async start(): Promise<void> {
    for (let i = 0; i < this.count; i++) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.opened >= MAX_OPENED) return;
    this.opened++;
    const raw = await openSocket(this.baseUrl);
    this.open.add(raw);
    raw.socket.write(
      requestHead(this.baseUrl, [
        'Content-Type: application/json',
        'Content-Length: 100000',
        `X-Api-Key: ${testKeys().a.apiKey}`,
      ]),
    );
    const timer = setInterval(() => {
      if (!raw.socket.destroyed) raw.socket.write(' ');
    }, this.everyMs);
    this.timers.add(timer);
    void raw.closed.then(({ text }) => {
      clearInterval(timer);
      this.timers.delete(timer);
      this.open.delete(raw);
      if (this.stopped) return;
      this.cutWith.push(text.split('\r\n')[0] ?? '');
      setImmediate(() => void this.connect().catch(() => undefined));
    });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const raw of this.open) raw.socket.destroy();
  }
}

describe('sandbox slow senders (a head, then a body dripped a byte at a time)', function () {
  this.timeout(60_000);
  let sandbox: Sandbox | undefined;
  let flood: DripFlood | undefined;
  afterEach(async () => {
    flood?.stop();
    flood = undefined;
    await sandbox?.stop();
    sandbox = undefined;
  });

  it('64 of them, reopened as they are cut, do not lock signed clients out: 20 of 20 calls succeed', async () => {
    // The built-in sandbox's own bounds: 64 connections, 5 s for a head and for a whole request.
    sandbox = await testSandbox({ ledgerSize: 5 });
    assert.deepEqual(
      [sandbox.connections.maxConnections, sandbox.connections.headersTimeoutMs, sandbox.connections.requestTimeoutMs],
      [64, 5000, 5000],
    );
    flood = new DripFlood(sandbox.url, 64, 100);
    await flood.start();
    const client = new ExchangeClient({ baseUrl: sandbox.url, credentials: testKeys().a, retry: { retries: 0 } });
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        outcomes.push(
          await client.getTransactions({ limit: 1 }).then(
            (records) => (records.length === 1 ? 'ok' : `${records.length} records`),
            (error: Error) => `${error.name}: ${error.message}`,
          ),
        );
        // Spread over more than the request timeout, so the flood's connections are cut and reopened meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      client.dispose();
    }
    assert.deepEqual(
      outcomes,
      Array.from({ length: 20 }, () => 'ok'),
    );
    assert.ok(flood.closedByServer >= 1, 'the slow senders were cut');
    assert.ok(
      sandbox.requests.every((e) => e.outcome === 'ok'),
      'no dripped request ever became a request of the log',
    );
  });

  it('a connection dripping its body is cut at the request timeout even when nobody else wants in', async () => {
    sandbox = await testSandbox({
      ledgerSize: 0,
      connections: { headersTimeoutMs: 200, requestTimeoutMs: 400, idleTimeoutMs: 60_000 },
    });
    flood = new DripFlood(sandbox.url, 1, 20);
    await flood.start();
    const dripping = flood;
    await until(() => dripping.closedByServer >= 2, 20);
    // Cut, reopened and cut again, each time with the request timeout's answer (not the idle bound's
    // silent close, 60 s here). The count of openings is not asserted: the next reopening is only
    // scheduled once a cut is seen, so it may not have started yet.
    assert.deepEqual(dripping.cutWith.slice(0, 2), ['HTTP/1.1 408 Request Timeout', 'HTTP/1.1 408 Request Timeout']);
  });
});
