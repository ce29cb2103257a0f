/**
 * The forwarder's part of `npm run bench`: detection latency (a change made at the sandbox to its
 * event arriving at a local receiver) with 1,000 and 10,000 moving transactions, against the
 * polling floor for the forwarder's share of the key (a poll's requests / `maxRps`: the shortest
 * time one poll can take within the budget). A ratio near 1–1.5 means the forwarder is as fast as
 * its budget allows (a change waits on average for half a poll, then for the poll that sees it).
 * Real HTTP, real signatures, a real state file; the sandbox's clock is held still so only the
 * changes made here move anything.
 */
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { ExchangeClient, generateKeys, loadCredentials } from '../src/api';
import { DEFAULT_MAX_RPS } from '../src/forward/forwarder';
import { ForwardService } from '../src/forward/service';
import { StateFile } from '../src/forward/stateFile';
import { ManualClock, startSandbox } from '../packages/sandbox/src';
import type { ControlTransaction } from '../src/shared/controlProtocol';
import { generateEventSecret } from '../src/shared/statusEvents';

interface Row {
  readonly figure: string;
  readonly value: string;
}

const SAMPLES = 4;

async function one(moving: number): Promise<Row[]> {
  const sandbox = await startSandbox({ clock: new ManualClock(), ledgerSize: 20 });
  const credentials = loadCredentials(generateKeys().privateKeyHex);
  sandbox.registerKey(credentials);
  const ids: string[] = [];
  for (let i = 0; i < moving; i++) ids.push((sandbox.control({ action: 'create' }) as ControlTransaction).id);
  const arrived = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { data: event } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { transaction?: { id: string }; to?: string };
      };
      if (event.transaction && event.to === 'confirming') arrived.set(event.transaction.id, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-forward-'));
  const client = new ExchangeClient({ baseUrl: sandbox.url, credentials });
  const pollRequests: number[] = [];
  const service = new ForwardService({
    source: client,
    account: 'bench',
    url: new URL(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`),
    stateFile: new StateFile(path.join(dir, 'state.json')),
    secrets: { current: generateEventSecret() },
    intervalMs: 1000,
    onPoll: (outcome) => {
      if (outcome.error === undefined) pollRequests.push(outcome.requests);
    },
  });
  try {
    service.start();
    while (pollRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // A change at a moment unrelated to the polls' rhythm.
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1000));
      const id = ids[Math.floor((i + 0.5) * (ids.length / SAMPLES))];
      sandbox.control({ action: 'move', id, status: 'confirming' });
      const madeAt = performance.now();
      while (!arrived.has(id)) await new Promise((resolve) => setTimeout(resolve, 5));
      latencies.push((arrived.get(id) ?? madeAt) - madeAt);
    }
    const requests = pollRequests.reduce((a, b) => a + b, 0) / pollRequests.length;
    const floorMs = (requests / DEFAULT_MAX_RPS) * 1000;
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    return [
      { figure: `forward, ${moving} moving: requests per poll`, value: requests.toFixed(0) },
      {
        figure: `forward, ${moving} moving: polling floor at ${DEFAULT_MAX_RPS} req/s (ms)`,
        value: floorMs.toFixed(0),
      },
      { figure: `forward, ${moving} moving: detection latency, mean of ${SAMPLES} (ms)`, value: mean.toFixed(0) },
      { figure: `forward, ${moving} moving: latency / floor`, value: (mean / floorMs).toFixed(2) },
      { figure: `forward, ${moving} moving: state writes`, value: String(service.saves) },
    ];
  } finally {
    service.stop();
    client.dispose();
    receiver.closeAllConnections();
    receiver.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The forwarder's rows of the benchmark. */
export async function forwardRows(): Promise<Row[]> {
  return [...(await one(1000)), ...(await one(10_000))];
}
