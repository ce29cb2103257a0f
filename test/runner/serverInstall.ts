// Installs the offline server host on first use, into .vscode-test/code-server-<version>/:
// code-server from npm (it hosts the same Node extension host desktop VS Code uses), after the
// system packages it and the browser need (scripts/prerequisites.ts, the one list of them), on the
// node its release needs (nodeInstall.ts: the machine's, or one from npm). One folder per VS Code
// target (config.ts TARGETS); later runs find the install and reuse it.
//
// npm 11 runs a dependency's install scripts only when the project's `allowScripts` approves
// it, and code-server needs its scripts: its postinstall runs `npm install` in lib/vscode, where
// native modules are built. That inner install is a project of its own, which does not see our
// `allowScripts`. So the install goes in two steps: fetch everything with --ignore-scripts, write
// an `allowScripts` list into lib/vscode/package.json as well, then `npm rebuild`, which runs
// code-server's postinstall under both lists. Nothing is approved wholesale; the lists name the
// packages (all from code-server's own pinned shrinkwrap).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { RunnerConfig, VSCodeTarget } from './config';
import { ensurePrerequisites, findChromium } from '../../scripts/prerequisites';
import { ensureNode } from './nodeInstall';
import type { NodeRuntime } from './nodeInstall';
import {
  CommandError,
  deadline,
  describe,
  HostUnavailableError,
  isRegistryFailure,
  runCommand,
  say,
} from './processes';

export interface ServerInstall {
  readonly dir: string;
  /** code-server's CLI entry, run with `node`. */
  readonly entry: string;
  readonly node: string;
  readonly nodeVersion: string;
  /** Options code-server needs for the test payload (the target's). */
  readonly serverOptions: readonly string[];
  readonly chromium: string;
  readonly codeServerVersion: string;
  readonly vscodeVersion: string;
}

interface Marker {
  codeServerVersion: string;
  vscodeVersion: string;
  nodeMajor: number;
  installedAt: string;
}

const MARKER = 'host.json';

/** Install scripts our own install runs (this folder's package.json). */
const TOP_ALLOW: Record<string, boolean> = { 'code-server': true, argon2: true };

/**
 * Install scripts code-server's inner install of lib/vscode runs: the native modules of the
 * server and its extension host (the names of 4.100.x and of 4.139.x; each release has some). The
 * Windows-only ones are denied; so are those of what the tests never start (the Copilot SDK's
 * koffi, ssh2's optional cpu-features, the sqlite of chat sessions); @vscode/ripgrep is denied
 * when we place its binary ourselves (its script would download it from GitHub).
 */
function innerAllow(placeRipgrep: boolean): Record<string, boolean> {
  return {
    '@parcel/watcher': true,
    '@vscode/deviceid': true,
    '@vscode/fs-copyfile': true,
    '@vscode/spdlog': true,
    kerberos: true,
    'native-watchdog': true,
    '@vscode/native-watchdog': true,
    'node-pty': true,
    '@vscode/ripgrep': !placeRipgrep,
    '@vscode/sqlite3': false,
    koffi: false,
    ssh2: false,
    'cpu-features': false,
    '@vscode/windows-ca-certs': false,
    '@vscode/windows-process-tree': false,
    '@vscode/windows-registry': false,
  };
}

/** Native modules that must load after the install (proof that their scripts ran), those the release has. */
const NATIVE_MODULES = [
  '@vscode/spdlog',
  'node-pty',
  'native-watchdog',
  '@vscode/native-watchdog',
  '@parcel/watcher',
  'kerberos',
];

/** The static ripgrep published on npm for this platform, which we place instead of downloading. */
function ripgrepPackage(): string | undefined {
  return process.platform === 'linux' && process.arch === 'x64' ? '@vscode/ripgrep-linux-x64' : undefined;
}
const RIPGREP_PACKAGE_VERSION = '1.18.0';

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
}

function isMarker(value: unknown): value is Marker {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.codeServerVersion === 'string' && typeof m.vscodeVersion === 'string' && typeof m.nodeMajor === 'number'
  );
}

function paths(dir: string): { entry: string; vscode: string } {
  const codeServer = path.join(dir, 'node_modules', 'code-server');
  return { entry: path.join(codeServer, 'out', 'node', 'entry.js'), vscode: path.join(codeServer, 'lib', 'vscode') };
}

/** A finished install at `dir` for this node, or undefined. Cheap: a marker file and two stats. */
function existingInstall(dir: string, target: VSCodeTarget): Marker | undefined {
  try {
    const marker = readJson(path.join(dir, MARKER));
    if (
      !isMarker(marker) ||
      marker.codeServerVersion !== target.codeServerVersion ||
      marker.nodeMajor !== target.nodeMajor
    )
      return undefined;
    const { entry, vscode } = paths(dir);
    if (!fs.existsSync(entry) || !fs.existsSync(path.join(vscode, 'node_modules'))) return undefined;
    return marker;
  } catch {
    return undefined;
  }
}

/**
 * Returns the server host of the configured target (config.target), installing whatever is
 * missing first. Throws HostUnavailableError when npm cannot deliver it at all.
 */
export async function ensureServerHost(config: RunnerConfig, signal: AbortSignal): Promise<ServerInstall> {
  const target = config.target;
  // Cheap when everything is there (a few file checks); installs, or stops with the command to run.
  await ensurePrerequisites();
  const chromium = findChromium();
  if (!chromium) throw new Error('no chromium found (set CHROMIUM_PATH to a chromium or chrome binary)');
  const limit = deadline(signal, config.installTimeoutMs, 'installing the server host (VSCODE_TEST_INSTALL_TIMEOUT)');
  try {
    const runtime = await ensureNode(config, target, limit.signal);
    const dir = path.join(config.cacheDir, `code-server-${target.codeServerVersion}`);
    let marker = existingInstall(dir, target);
    if (marker) return describeInstall(dir, marker, runtime, target, chromium);

    const started = Date.now();
    say(
      `installing the server host (code-server ${target.codeServerVersion}, node ${runtime.version}) into ${path.relative(config.repoRoot, dir)}/ — once`,
    );
    await installCodeServer(config, target, runtime, dir, limit.signal);
    marker = existingInstall(dir, target);
    if (!marker) throw new Error(`the install in ${dir} is incomplete`);
    say(`server host installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return describeInstall(dir, marker, runtime, target, chromium);
  } finally {
    limit.dispose();
  }
}

function describeInstall(
  dir: string,
  marker: Marker,
  runtime: NodeRuntime,
  target: VSCodeTarget,
  chromium: string,
): ServerInstall {
  return {
    dir,
    entry: paths(dir).entry,
    node: runtime.node,
    nodeVersion: runtime.version,
    serverOptions: target.serverOptions,
    chromium,
    codeServerVersion: marker.codeServerVersion,
    vscodeVersion: marker.vscodeVersion,
  };
}

async function installCodeServer(
  config: RunnerConfig,
  target: VSCodeTarget,
  runtime: NodeRuntime,
  dir: string,
  signal: AbortSignal,
): Promise<void> {
  fs.mkdirSync(config.cacheDir, { recursive: true });
  removeStaleStaging(config.cacheDir);
  // Install beside the final folder and rename at the end: a half-done install is never mistaken
  // for a good one, and two runs installing at once do not write into the same tree.
  const staging = `${dir}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const tmp = path.join(staging, '.tmp');
  fs.mkdirSync(tmp);
  try {
    const rgPackage = ripgrepPackage();
    const manifest = {
      name: 'vscode-test-server-host',
      private: true,
      description: 'code-server for the extension integration tests, installed by test/runner/serverInstall.ts',
      dependencies: { 'code-server': target.codeServerVersion },
      optionalDependencies: rgPackage ? { [rgPackage]: RIPGREP_PACKAGE_VERSION } : {},
      allowScripts: TOP_ALLOW,
    };
    fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const env = npmEnv(tmp, runtime);
    const npm = (args: string[]): Promise<string> =>
      runCommand(npmCommand(), args, { cwd: staging, env, echo: config.verbose, signal });

    say(`npm install code-server@${target.codeServerVersion} (scripts held back)`);
    try {
      await npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']);
    } catch (error) {
      if (error instanceof CommandError && isRegistryFailure(error.output)) {
        throw new HostUnavailableError(
          `code-server ${target.codeServerVersion} could not be fetched from npm: ${error.output.trim().split('\n').slice(-3).join(' ')}`,
        );
      }
      throw error;
    }

    const { vscode } = paths(staging);
    const rgBinary = rgPackage ? path.join(staging, 'node_modules', rgPackage, 'bin', 'rg') : undefined;
    const placeRipgrep = rgBinary !== undefined && fs.existsSync(rgBinary);
    const vscodeManifestFile = path.join(vscode, 'package.json');
    const vscodeManifest = readJson(vscodeManifestFile) as Record<string, unknown>;
    vscodeManifest.allowScripts = innerAllow(placeRipgrep);
    fs.writeFileSync(vscodeManifestFile, `${JSON.stringify(vscodeManifest, null, 2)}\n`);

    say('npm rebuild: code-server postinstall, native modules (node-gyp), about a minute');
    await npm(['rebuild', '--loglevel=error', ...(config.verbose ? ['--foreground-scripts'] : [])]);

    if (placeRipgrep && rgBinary) {
      const binDir = path.join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin');
      fs.mkdirSync(binDir, { recursive: true });
      fs.copyFileSync(rgBinary, path.join(binDir, 'rg'));
      fs.chmodSync(path.join(binDir, 'rg'), 0o755);
    }

    await verify(staging, vscode, target, runtime, signal);
    const { version } = readJson(vscodeManifestFile) as { version?: unknown };
    const vscodeVersion = typeof version === 'string' ? version : 'unknown';
    const marker: Marker = {
      codeServerVersion: target.codeServerVersion,
      vscodeVersion,
      nodeMajor: target.nodeMajor,
      installedAt: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(staging, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  } catch (error) {
    if (error instanceof CommandError && !config.verbose) {
      console.error(error.output.split('\n').slice(-80).join('\n'));
    }
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Checks that code-server starts and that the native modules were built. */
async function verify(
  staging: string,
  vscode: string,
  target: VSCodeTarget,
  runtime: NodeRuntime,
  signal: AbortSignal,
): Promise<void> {
  const { entry } = paths(staging);
  // code-server writes logs under XDG_DATA_HOME even for --version: keep them in the install's tmp.
  const tmp = path.join(staging, '.tmp');
  const env = { ...process.env, XDG_DATA_HOME: tmp, XDG_CONFIG_HOME: tmp };
  const version = await runCommand(runtime.node, [entry, '--config', '/dev/null', '--version'], { env, signal });
  if (!version.includes(target.codeServerVersion))
    throw new Error(`unexpected code-server version output: ${version.trim()}`);
  const { dependencies } = readJson(path.join(vscode, 'package.json')) as { dependencies?: Record<string, unknown> };
  const load = NATIVE_MODULES.filter((m) => dependencies?.[m] !== undefined)
    .map((m) => `require(${JSON.stringify(m)});`)
    .join('');
  try {
    await runCommand(runtime.node, ['-e', load], { cwd: vscode, signal });
  } catch (error) {
    const detail =
      error instanceof CommandError ? error.output.trim().split('\n').slice(0, 8).join('\n') : describe(error);
    throw new Error(`code-server's native modules did not build:\n${detail}`);
  }
}

/** Environment of the npm processes of the install (inherited by code-server's inner npm). */
function npmEnv(tmp: string, runtime: NodeRuntime): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // npm, code-server's postinstall (which checks the node major) and node-gyp run on the target's node.
    PATH: [runtime.binDir, process.env.PATH ?? ''].join(path.delimiter),
    TMPDIR: tmp,
    // code-server's postinstall refuses to run as root unless npm says unsafe-perm.
    npm_config_unsafe_perm: 'true',
    // node-pty's install runs `npx node-gyp`; an npmrc with `yes = false` would cancel it.
    npm_config_yes: 'true',
    npm_config_update_notifier: 'false',
  };
  // node-gyp downloads node's headers unless told where they are: the runtime's own (node from
  // npm ships them); a nodedir set for the machine's node would be the wrong version.
  if (runtime.headersDir) env.npm_config_nodedir = runtime.headersDir;
  else if (runtime.node !== process.execPath) delete env.npm_config_nodedir;
  if (runtime.node !== process.execPath) {
    // Set by an outer `npm run` for the machine's node: code-server's postinstall reads the node
    // version from the user agent, and scripts find node through NODE and npm_node_execpath.
    delete env.npm_config_user_agent;
    delete env.npm_node_execpath;
    delete env.NODE;
  }
  return env;
}

function npmCommand(): string {
  return os.platform() === 'win32' ? 'npm.cmd' : 'npm';
}

/** Removes staging folders of installs that were interrupted (their process is gone). */
function removeStaleStaging(cacheDir: string): void {
  for (const name of fs.readdirSync(cacheDir)) {
    const match = /\.partial-(\d+)$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}
