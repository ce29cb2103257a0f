/**
 * `npm run soak`: the extension in the real host (the offline server host: code-server and
 * headless Chromium) with every feature running at once against the built-in sandbox with every
 * fault on, for a set time (default 120 s; `--seconds N` or EXCHANGE_TX_SOAK_SECONDS). The soak
 * itself runs in the extension host (inHost.ts); this driver counts the notifications the
 * workbench page shows, prints the figures and exits non-zero when an invariant breaks: more than
 * 10 requests within one second at the sandbox, a refusal of the sandbox's own rate limiter, an
 * unhandled rejection, an error or warning notification, last good data no longer shown.
 *
 * Exit codes: 0 every invariant held · 1 one broke · 2 the soak could not run · 124 time limit.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { readConfig } from '../runner/config';
import { startFixtures } from '../runner/fixtures';
import { Cleanup, describe, say, TimeoutError } from '../runner/processes';
import { ServerHost } from '../runner/serverHost';
import type { HostReport, SeenNotification } from './figures';
import { brokenInvariants, reportLines } from './figures';
import { watchNotifications } from './notifications';
import { PROBE_TEXT } from './probe';

const DEFAULT_SECONDS = 120;
/** Setting up before the soak and the forced failure after it, on a busy machine. */
const OVERHEAD_SECONDS = 240;

function soakSeconds(): number {
  const at = process.argv.indexOf('--seconds');
  const raw = at >= 0 ? process.argv[at + 1] : process.env.EXCHANGE_TX_SOAK_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_SECONDS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`the soak's duration must be a positive number of seconds, not "${raw}"`);
  return value;
}

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log('npm run soak [-- --seconds N]   (default 120; or EXCHANGE_TX_SOAK_SECONDS)');
    return 0;
  }
  const seconds = soakSeconds();
  const base = readConfig(path.resolve(__dirname, '..', '..', '..'));
  const config = { ...base, testsEntry: path.join(base.repoRoot, 'out', 'test', 'soak', 'inHost.js') };
  if (!fs.existsSync(config.testsEntry))
    throw new Error('out/test/soak/inHost.js is missing: compile the tests first (npm run compile:tests)');
  // The page is where notifications show: only the server host gives the soak a page to watch.
  const host = new ServerHost(config);
  const description = await host.prepare(new AbortController().signal);
  say(`soak of ${seconds} s in the server host: ${description}`);

  const run = new AbortController();
  const timeoutMs = (seconds + OVERHEAD_SECONDS) * 1000;
  const timer = setTimeout(() => run.abort(new TimeoutError('the soak', timeoutMs)), timeoutMs);
  const cleanup = new Cleanup();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-soak-'));
  cleanup.add('temp folder', () => fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 }));
  const out = path.join(tmp, 'soak.json');
  let notifications: SeenNotification[] = [];
  try {
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    const fixtures = await startFixtures(host.kind);
    cleanup.add('fixtures', () => fixtures.dispose());
    const env = { ...fixtures.env, EXCHANGE_TX_TEST_SOAK_SECONDS: String(seconds), EXCHANGE_TX_TEST_SOAK_OUT: out };
    const onPage = async (page: Page) => {
      notifications = await watchNotifications(page);
    };
    const code = await host.run({ config, tmp, workspace, env, signal: run.signal, cleanup, onPage });
    if (code !== 0 || !fs.existsSync(out)) {
      say(`the soak did not finish in the extension host (exit ${code})`);
      return 2;
    }
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as HostReport;
    const probeSeen = notifications.some((n) => n.severity === 'error' && n.text.includes(PROBE_TEXT));
    const shown = notifications.filter((n) => !n.text.includes(PROBE_TEXT));
    console.log(`\nExchange Tx soak: every feature at once against the sandbox with every fault on`);
    for (const line of reportLines(report, shown)) console.log(line);
    for (const n of shown) console.log(`  notification (${n.severity}): ${n.text}`);
    const broken = brokenInvariants(report, shown, probeSeen);
    if (broken.length === 0) {
      say('soak passed: every invariant held');
      return 0;
    }
    for (const problem of broken) say(`BROKEN: ${problem}`);
    return 1;
  } finally {
    clearTimeout(timer);
    await cleanup.run();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`the soak could not run: ${describe(error)}`);
    process.exit(error instanceof TimeoutError ? 124 : 2);
  },
);
