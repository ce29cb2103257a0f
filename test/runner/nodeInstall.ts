// The node a code-server release runs on. code-server 4.100.x needs node 20 (this machine's, as a
// rule); newer ones need node 24. When the machine's node is not the major a target needs, the
// official node binary is taken from npm — `node-<os>-<arch>@<version>` ships it, with node's
// headers (for node-gyp) — and installed once into .vscode-test/node-<version>/, the way the
// server host itself is. Nothing is installed globally.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { RunnerConfig, VSCodeTarget } from './config';
import { CommandError, HostUnavailableError, isRegistryFailure, runCommand, say } from './processes';

export interface NodeRuntime {
  /** The node binary. */
  readonly node: string;
  readonly version: string;
  /** Its folder, put first on PATH for npm and the scripts code-server's install runs. */
  readonly binDir: string;
  /** Where node's headers are (npm_config_nodedir for node-gyp), when they are there. */
  readonly headersDir: string | undefined;
}

function headersOf(prefix: string): string | undefined {
  return fs.existsSync(path.join(prefix, 'include', 'node', 'common.gypi')) ? prefix : undefined;
}

/** The npm package holding node's binary for this platform, if there is one. */
export function nodePackageName(platform: NodeJS.Platform, arch: string): string | undefined {
  if ((platform === 'linux' || platform === 'darwin') && (arch === 'x64' || arch === 'arm64'))
    return `node-${platform}-${arch}`;
  return undefined;
}

function thisNode(): NodeRuntime {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return {
    node: process.execPath,
    version: process.versions.node,
    binDir: path.dirname(process.execPath),
    headersDir: headersOf(prefix),
  };
}

/** Reports the version of `node`, or undefined when it does not run. */
async function versionOf(node: string, signal: AbortSignal): Promise<string | undefined> {
  try {
    return (await runCommand(node, ['--version'], { signal })).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

/** The node `target` runs on: this process's when its major matches, else one from npm (installed on first use). */
export async function ensureNode(
  config: RunnerConfig,
  target: VSCodeTarget,
  signal: AbortSignal,
): Promise<NodeRuntime> {
  if (Number(process.versions.node.split('.')[0]) === target.nodeMajor) return thisNode();
  const packageName = nodePackageName(process.platform, process.arch);
  if (!packageName) {
    throw new HostUnavailableError(
      `code-server ${target.codeServerVersion} needs node ${target.nodeMajor}, and npm has no node binary for ${process.platform}-${process.arch}`,
    );
  }
  const dir = path.join(config.cacheDir, `node-${target.nodeVersion}`);
  const prefix = path.join(dir, 'node_modules', packageName);
  const node = path.join(prefix, 'bin', 'node');
  if (fs.existsSync(node) && (await versionOf(node, signal)) === target.nodeVersion) {
    return { node, version: target.nodeVersion, binDir: path.dirname(node), headersDir: headersOf(prefix) };
  }

  say(
    `installing node ${target.nodeVersion} from npm (${packageName}) into ${path.relative(config.repoRoot, dir)}/ — once`,
  );
  const staging = `${dir}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    const manifest = { name: 'vscode-test-node', private: true, dependencies: { [packageName]: target.nodeVersion } };
    fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const tmp = path.join(staging, '.tmp');
    fs.mkdirSync(tmp);
    try {
      await runCommand(
        os.platform() === 'win32' ? 'npm.cmd' : 'npm',
        ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
        {
          cwd: staging,
          env: { ...process.env, TMPDIR: tmp, npm_config_update_notifier: 'false' },
          echo: config.verbose,
          signal,
        },
      );
    } catch (error) {
      if (error instanceof CommandError && isRegistryFailure(error.output)) {
        throw new HostUnavailableError(
          `node ${target.nodeVersion} could not be fetched from npm (${packageName}): ${error.output.trim().split('\n').slice(-3).join(' ')}`,
        );
      }
      throw error;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    const staged = path.join(staging, 'node_modules', packageName, 'bin', 'node');
    const version = await versionOf(staged, signal);
    if (version !== target.nodeVersion)
      throw new Error(`the node from ${packageName}@${target.nodeVersion} reports ${version ?? 'nothing'}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(staging, dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { node, version: target.nodeVersion, binDir: path.dirname(node), headersDir: headersOf(prefix) };
}
