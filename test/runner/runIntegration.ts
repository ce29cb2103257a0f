// Runs the integration suite (out/test/integration/index.js) inside a real VS Code extension
// host, with the repository root as the extension under development (it runs dist/extension.js).
// Build first: `npm run test:integration` bundles, compiles and then runs this.
//
// Exit codes: 0 all tests passed · 1 (or the host's own non-zero code) tests failed ·
// 2 the harness could not run · 124 time limit reached · 130 interrupted.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readConfig } from './config';
import type { TestHost } from './config';
import { startFixtures } from './fixtures';
import { pickHost } from './pickHost';
import { Cleanup, describe, InterruptedError, say, TimeoutError } from './processes';

const EXIT_ERROR = 2;
const EXIT_TIMEOUT = 124;
const EXIT_INTERRUPTED = 130;

/** The extension's entry (package.json `main`) must have been built. */
function checkBuilt(repoRoot: string, testsEntry: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { main?: unknown };
  if (typeof manifest.main === 'string' && !fs.existsSync(path.resolve(repoRoot, manifest.main))) {
    throw new Error(`${manifest.main} is missing: build the extension first (npm run build)`);
  }
  if (!fs.existsSync(testsEntry)) {
    throw new Error(`${path.relative(repoRoot, testsEntry)} is missing: compile the tests first (npm run compile:tests)`);
  }
}

/**
 * tsc does not delete the output of a deleted source: drop compiled integration tests whose
 * TypeScript is gone, or a removed test would go on running.
 */
function pruneStaleTests(repoRoot: string): void {
  const outDir = path.join(repoRoot, 'out', 'test', 'integration');
  const srcDir = path.join(repoRoot, 'test', 'integration');
  if (!fs.existsSync(outDir)) return;
  for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    if (fs.existsSync(path.join(srcDir, file.replace(/\.js$/, '.ts')))) continue;
    fs.rmSync(path.join(outDir, file), { force: true });
    fs.rmSync(path.join(outDir, `${file}.map`), { force: true });
    say(`removed out/test/integration/${file}: its source is gone`);
  }
}

async function main(): Promise<number> {
  const config = readConfig(path.resolve(__dirname, '..', '..', '..'));
  pruneStaleTests(config.repoRoot);
  checkBuilt(config.repoRoot, config.testsEntry);

  // Ctrl-C, a CI job being cancelled: stop whatever is running and clean up before leaving.
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted.signal.aborted) {
        say(`${signal} again: leaving without clean-up`);
        process.exit(EXIT_INTERRUPTED);
      }
      say(`${signal}: stopping (again to leave at once)`);
      interrupted.abort(new InterruptedError(signal));
    });
  }

  const choice = await pickHost(config);
  let host: TestHost = choice.host;
  say(`host: ${host.kind} (${choice.reason})`);
  let description: string;
  try {
    description = await host.prepare(interrupted.signal);
  } catch (error) {
    if (!choice.fallback || error instanceof InterruptedError) throw error;
    say(`the ${host.kind} host is not available (${describe(error)}); using the ${choice.fallback.kind} host`);
    host = choice.fallback;
    description = await host.prepare(interrupted.signal);
  }
  say(`running the integration tests in the ${host.kind} host: ${description}`);

  // The time limit covers the run itself: host start, workbench, every test. (A first install
  // of the host has its own limit, VSCODE_TEST_INSTALL_TIMEOUT.)
  const run = new AbortController();
  const onInterrupt = (): void => run.abort(interrupted.signal.reason);
  interrupted.signal.addEventListener('abort', onInterrupt, { once: true });
  const timer = setTimeout(() => {
    const timeout = new TimeoutError('the test run', config.timeoutMs);
    say(`TIMEOUT: ${timeout.message} (VSCODE_TEST_TIMEOUT); stopping the host`);
    run.abort(timeout);
  }, config.timeoutMs);
  run.signal.addEventListener('abort', () => {
    // Last resort if clean-up itself wedges: leave anyway, with the status of the abort.
    const code = run.signal.reason instanceof InterruptedError ? EXIT_INTERRUPTED : EXIT_TIMEOUT;
    setTimeout(() => {
      say('clean-up did not finish; exiting');
      process.exit(code);
    }, 90_000).unref();
  });

  const cleanup = new Cleanup();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-it-'));
  cleanup.add('temp folder', () => {
    if (config.keepTmp) say(`kept the run's temp folder ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  });
  // For the secret scan of `npm test`: the profile (settings, state databases, every log,
  // the extension's output channel among them), copied once the host has stopped.
  const scanDir = process.env.EXCHANGE_TX_SCAN_DIR;
  if (scanDir) {
    cleanup.add('profile copy for the secret scan', () => {
      const profile = path.join(tmp, 'user-data');
      if (fs.existsSync(profile)) fs.cpSync(profile, path.join(scanDir, `profile-${path.basename(tmp)}`), { recursive: true });
    });
  }
  try {
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    const fixtures = await startFixtures(host.kind);
    cleanup.add('fixtures', () => fixtures.dispose());
    const code = await host.run({ config, tmp, workspace, env: fixtures.env, signal: run.signal, cleanup });
    say(code === 0 ? `integration tests passed (${host.kind} host)` : `integration tests FAILED (${host.kind} host, exit ${code})`);
    return code;
  } finally {
    clearTimeout(timer);
    interrupted.signal.removeEventListener('abort', onInterrupt);
    await cleanup.run();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof TimeoutError) {
      say(`integration tests timed out: ${error.message}`);
      process.exit(EXIT_TIMEOUT);
    }
    if (error instanceof InterruptedError) process.exit(EXIT_INTERRUPTED);
    const verbose = Boolean(process.env.VSCODE_TEST_VERBOSE);
    say(`integration tests could not run: ${error instanceof Error ? ((verbose ? error.stack : undefined) ?? error.message) : String(error)}`);
    process.exit(EXIT_ERROR);
  },
);
