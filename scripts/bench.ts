/**
 * `npm run bench`: figures as counts and ratios measured in one run, never pass/fail timings.
 * - The size of the production bundle dist/extension.js and of each package in it (esbuild's
 *   metafile), and the time `activate()` takes inside a real extension host.
 * The client against the sandbox with 20 ms of latency per answer:
 *  - paging through 1,000 transactions, and its ratio to the rate-limit floor
 *    (1,000 / 100 per page = 10 requests at 10 requests/second);
 *  - the status of 50 ids by the batched lookup versus 50 `getStatus` calls;
 *  - rate-limit errors seen at the sandbox in both (should be zero).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
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

const repoRoot = path.resolve(__dirname, '..');

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The bundle's size and the bytes each package (or our own source) takes in it. */
function bundleRows(): Row[] {
  const meta = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'meta.json'), 'utf8')) as Metafile;
  const bundle = meta.outputs['dist/extension.js'];
  if (!bundle) return [{ figure: 'bundle', value: 'dist/extension.js not in dist/meta.json' }];
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(bundle.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const owner = match?.[1] ?? (input.startsWith('src/') ? `(our ${input.split('/')[1] ?? 'src'})` : '(other)');
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + bytesInOutput);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    { figure: 'dist/extension.js (production, minified)', value: kb(bundle.bytes) },
    ...[...byPackage.entries()].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ figure: `  of which ${name}`, value: kb(bytes) })),
  ];
}

/** activate() timed inside a real extension host (the integration runner, benchmark suite only). */
function activationRows(): Row[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-bench-')), 'activation.json');
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'out', 'test', 'runner', 'runIntegration.js')], {
    cwd: repoRoot,
    env: { ...process.env, EXCHANGE_TX_TEST_GREP: '^benchmark figures', EXCHANGE_TX_TEST_BENCH_OUT: file },
    encoding: 'utf8',
  });
  const host = /host: (\w+)/.exec(`${run.stdout}${run.stderr}`)?.[1] ?? '?';
  if (run.status !== 0 || !fs.existsSync(file)) return [{ figure: 'activate() in the extension host', value: `not measured (runner exit ${run.status ?? 'signal'})` }];
  const { activationMs } = JSON.parse(fs.readFileSync(file, 'utf8')) as { activationMs: number };
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return [{ figure: `activate() in the extension host (${host} host), ms`, value: activationMs.toFixed(1) }];
}

async function main(): Promise<void> {
  const extensionRows = [...bundleRows(), ...activationRows()];
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

  rows.unshift(...extensionRows);
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`Exchange Tx benchmark (sandbox latency ${LATENCY_MS} ms, limit ${RATE} requests/s)`);
  for (const row of rows) console.log(`  ${row.figure.padEnd(width)}  ${row.value}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
