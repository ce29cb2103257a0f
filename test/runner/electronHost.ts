// The desktop host: VS Code (Electron) from VSCODE_EXECUTABLE_PATH, or downloaded and cached in
// .vscode-test/ by @vscode/test-electron. We start it ourselves, with the arguments
// test-electron's runTests uses, so that it runs in its own process group with a temp profile and
// can be stopped, with everything it started, when the run times out.
import { downloadAndUnzipVSCode } from '@vscode/test-electron';
import * as fs from 'fs';
import * as path from 'path';
import type { HostRun, RunnerConfig, TestHost } from './config';
import { exitOf, killGroup, orAbort, say, spawnGroup, within } from './processes';

/** The VS Code version next to an executable, read from its resources (best effort). */
function versionOf(executable: string): string {
  const dir = path.dirname(executable);
  const candidates = [
    path.join(dir, 'resources', 'app', 'package.json'), // Linux, Windows
    path.join(dir, '..', 'Resources', 'app', 'package.json'), // macOS: Contents/MacOS/Electron
  ];
  for (const file of candidates) {
    try {
      const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof version === 'string') return version;
    } catch {
      // next
    }
  }
  return 'unknown version';
}

/** Linux needs a display for Electron (run under xvfb-run on a headless machine). */
export function hasDisplay(): boolean {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

export class ElectronHost implements TestHost {
  readonly kind = 'electron';
  private executable: string | undefined;

  constructor(private readonly config: RunnerConfig) {}

  async prepare(signal: AbortSignal): Promise<string> {
    const { config } = this;
    if (config.vscodeExecutablePath) {
      if (!fs.existsSync(config.vscodeExecutablePath))
        throw new Error(`VSCODE_EXECUTABLE_PATH does not exist: ${config.vscodeExecutablePath}`);
      this.executable = config.vscodeExecutablePath;
    } else {
      this.executable = await orAbort(
        within(
          downloadAndUnzipVSCode({ version: config.vscodeVersion, cachePath: config.cacheDir, timeout: 15_000 }),
          config.installTimeoutMs,
          `downloading VS Code ${config.vscodeVersion}`,
        ),
        signal,
      );
    }
    return `VS Code ${versionOf(this.executable)} (desktop, ${this.executable})`;
  }

  async run(run: HostRun): Promise<number> {
    const executable = this.executable;
    if (!executable) throw new Error('prepare() first');
    const { config, tmp, signal, cleanup } = run;
    if (!hasDisplay())
      say('no DISPLAY: desktop VS Code needs one on Linux (run under xvfb-run, or use VSCODE_TEST_HOST=server)');

    const env: NodeJS.ProcessEnv = { ...process.env, ...run.env, TMPDIR: path.join(tmp, 'vscode-tmp') };
    fs.mkdirSync(env.TMPDIR ?? '', { recursive: true });
    // Set when the runner is started from a VS Code terminal or task; they would change how
    // the executable behaves.
    delete env.ELECTRON_RUN_AS_NODE;
    delete env.VSCODE_IPC_HOOK_CLI;

    const args = [
      run.workspace,
      '--no-sandbox',
      '--disable-gpu-sandbox',
      '--disable-updates',
      '--skip-welcome',
      '--skip-release-notes',
      '--disable-workspace-trust',
      `--user-data-dir=${path.join(tmp, 'user-data')}`,
      `--extensions-dir=${path.join(tmp, 'extensions')}`,
      `--extensionDevelopmentPath=${run.extension?.developmentPath ?? config.repoRoot}`,
      `--extensionTestsPath=${run.extension?.testsEntry ?? config.testsEntry}`,
    ];
    const child = spawnGroup(executable, args, { env, cwd: config.repoRoot });
    cleanup.add('VS Code', () => killGroup(child));
    child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const spawnError = new Promise<never>((_resolve, reject) => child.once('error', reject));
    say(`VS Code started (pid ${child.pid ?? '?'}), tests running`);
    const code = await orAbort(Promise.race([exitOf(child), spawnError]), signal);
    return code ?? 1;
  }
}
