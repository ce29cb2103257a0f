// What every launcher of a test host shares: stopping cleanly on Ctrl-C or a cancelled CI job,
// the time limit of the run, the run's temp folder (profile, workspace), the copy of the profile
// for the secret scan of `npm test`, and the fixtures handed to the tests.
//
// Exit codes: 0 all tests passed · 1 (or the host's own non-zero code) tests failed ·
// 2 the harness could not run · 3 the host cannot be installed here at all (npm cannot deliver
// it; the reason is printed) · 124 time limit reached · 130 interrupted.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { HostRun, RunnerConfig, TestHost } from './config';
import { startFixtures } from './fixtures';
import { Cleanup, HostUnavailableError, InterruptedError, say, TimeoutError } from './processes';

export const EXIT_ERROR = 2;
/** `npm test` may skip the newest VS Code on this code, and only on it. */
export const EXIT_HOST_UNAVAILABLE = 3;
export const EXIT_TIMEOUT = 124;
export const EXIT_INTERRUPTED = 130;

/** Aborts on SIGINT, SIGTERM or SIGHUP (a second one leaves at once). */
export function interruptSignal(): AbortSignal {
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
  return interrupted.signal;
}

export interface SessionOptions {
  /** Prefix of the temp folder. */
  readonly name: string;
  /** Runs in the temp folder before the host starts (e.g. installing a .vsix into its profile). */
  readonly prepare?: (tmp: string, signal: AbortSignal) => Promise<Pick<HostRun, 'extension'>>;
}

/**
 * Runs `host` (already prepared) once, within config.timeoutMs, in a fresh temp folder that is
 * removed afterwards; resolves with the exit code of the test run.
 */
export async function runSession(
  config: RunnerConfig,
  host: TestHost,
  interrupted: AbortSignal,
  options: SessionOptions,
): Promise<number> {
  // The time limit covers the run itself: host start, workbench, every test. (A first install
  // of the host has its own limit, VSCODE_TEST_INSTALL_TIMEOUT.)
  const run = new AbortController();
  const onInterrupt = (): void => run.abort(interrupted.reason);
  interrupted.addEventListener('abort', onInterrupt, { once: true });
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
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
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
      if (fs.existsSync(profile))
        fs.cpSync(profile, path.join(scanDir, `profile-${path.basename(tmp)}`), { recursive: true });
    });
  }
  try {
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    const extra = options.prepare ? await options.prepare(tmp, run.signal) : {};
    const fixtures = await startFixtures(host.kind);
    cleanup.add('fixtures', () => fixtures.dispose());
    return await host.run({ config, tmp, workspace, env: fixtures.env, signal: run.signal, cleanup, ...extra });
  } finally {
    clearTimeout(timer);
    interrupted.removeEventListener('abort', onInterrupt);
    await cleanup.run();
  }
}

/** Ends the process after `main`, with the exit code its outcome calls for. */
export function exitWith(main: Promise<number>, what: string): void {
  main.then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof TimeoutError) {
        say(`${what} timed out: ${error.message}`);
        process.exit(EXIT_TIMEOUT);
      }
      if (error instanceof InterruptedError) process.exit(EXIT_INTERRUPTED);
      if (error instanceof HostUnavailableError) {
        say(`the host cannot be installed on this machine: ${error.message}`);
        process.exit(EXIT_HOST_UNAVAILABLE);
      }
      const verbose = Boolean(process.env.VSCODE_TEST_VERBOSE);
      say(
        `${what} could not run: ${error instanceof Error ? ((verbose ? error.stack : undefined) ?? error.message) : String(error)}`,
      );
      process.exit(EXIT_ERROR);
    },
  );
}
