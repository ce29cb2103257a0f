/**
 * `npm run bench`: figures as counts and ratios measured in one run, never pass/fail timings.
 * The client against the sandbox with 20 ms of latency per answer:
 *  - paging through 1,000 transactions, and its ratio to the rate-limit floor
 *    (1,000 / 100 per page = 10 requests at 10 requests/second);
 *  - the status of 50 ids by the batched lookup versus 50 `getStatus` calls;
 *  - rate-limit errors seen at the sandbox in both (should be zero).
 */
import { ExchangeClient, generateKeys, loadCredentials } from '../src/api';
import type { RequestLogEntry } from '../src/api';
import { ManualClock, startSandbox } from '../src/sandbox';

const LATENCY_MS = 20;
const RECORDS = 1000;
const PAGE = 100;
const RATE = 10;
const IDS = 50;

interface Row {
  readonly figure: string;
  readonly value: string;
}

async function main(): Promise<void> {
  const credentials = loadCredentials(generateKeys().privateKeyHex);
  const sandbox = await startSandbox({ clock: new ManualClock(), ledgerSize: RECORDS + 200, faults: { latencyMs: LATENCY_MS } });
  sandbox.registerKey(credentials);
  const attempts: RequestLogEntry[] = [];
  const client = new ExchangeClient({ baseUrl: sandbox.url, credentials, onRequest: (e) => attempts.push(e) });
  const rows: Row[] = [];
  const rateLimited = () => sandbox.requests.filter((r) => r.outcome === 'rate-limited').length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

  try {
    // Paging.
    sandbox.clearRequests();
    let started = performance.now();
    let count = 0;
    for await (const _record of client.iterateTransactions({}, { pageSize: PAGE, maxRecords: RECORDS })) count++;
    const pagingMs = performance.now() - started;
    const floorMs = ((RECORDS / PAGE) / RATE) * 1000;
    rows.push(
      { figure: `paging: records read`, value: String(count) },
      { figure: 'paging: requests', value: String(sandbox.requests.length) },
      { figure: 'paging: time (ms)', value: pagingMs.toFixed(0) },
      { figure: `paging: ratio to the rate-limit floor (${floorMs} ms)`, value: (pagingMs / floorMs).toFixed(2) },
      { figure: 'paging: rate-limit errors', value: String(rateLimited()) },
    );

    const ids = (await client.getTransactions({ limit: IDS })).map((r) => r.id);
    await settle();

    // Batched lookup.
    sandbox.clearRequests();
    started = performance.now();
    const found = await client.getTransactionsByIds(ids);
    const batchedMs = performance.now() - started;
    const batchedRequests = sandbox.requests.length;
    rows.push(
      { figure: `batched lookup of ${IDS} ids: records`, value: String(found.size) },
      { figure: `batched lookup of ${IDS} ids: requests`, value: String(batchedRequests) },
      { figure: `batched lookup of ${IDS} ids: time (ms)`, value: batchedMs.toFixed(0) },
      { figure: 'batched lookup: rate-limit errors', value: String(rateLimited()) },
    );
    await settle();

    // One getStatus per id.
    sandbox.clearRequests();
    started = performance.now();
    await Promise.all(ids.map((id) => client.getStatus(id)));
    const singleMs = performance.now() - started;
    rows.push(
      { figure: `${IDS} getStatus calls: requests`, value: String(sandbox.requests.length) },
      { figure: `${IDS} getStatus calls: time (ms)`, value: singleMs.toFixed(0) },
      { figure: `${IDS} getStatus calls: rate-limit errors`, value: String(rateLimited()) },
      { figure: 'getStatus time / batched time', value: (singleMs / batchedMs).toFixed(1) },
      { figure: 'getStatus requests / batched requests', value: (sandbox.requests.length / batchedRequests).toFixed(1) },
      { figure: 'client retries in the whole run', value: String(attempts.filter((a) => a.attempt > 1).length) },
    );
  } finally {
    client.dispose();
    await sandbox.stop();
  }

  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`Exchange Tx benchmark (sandbox latency ${LATENCY_MS} ms, limit ${RATE} requests/s)`);
  for (const row of rows) console.log(`  ${row.figure.padEnd(width)}  ${row.value}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
