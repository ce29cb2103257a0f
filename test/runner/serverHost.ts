// The offline server host: code-server hosts the Node extension host (the same one desktop
// VS Code runs), headless chromium opens its web workbench with a `payload` that loads the
// extension in development mode and runs the tests. The workbench reports the test log and the
// exit code through two functions the page exposes: codeAutomationLog and codeAutomationExit.
// This is how VS Code's own repository runs its browser integration tests.
import * as fs from 'fs';
import * as path from 'path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import type { HostRun, RunnerConfig, TestHost } from './config';
import {
  exitOf,
  freePort,
  killGroup,
  orAbort,
  OutputTail,
  runCommand,
  say,
  spawnGroup,
  TimeoutError,
  within,
} from './processes';
import { ensureServerHost } from './serverInstall';
import { SCREENSHOT_SCALE, serveWorkbenchChannel, WORKBENCH_CHANNEL_ENV } from './workbenchChannel';
import type { ServerInstall } from './serverInstall';

/** The workbench page's size (CSS pixels): a 1400×900 window. */
export const WORKBENCH_VIEWPORT = { width: 1400, height: 900 } as const;

/** Flags that work for headless chromium in containers and offline machines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The workbench's own start-up messages, shown only with VSCODE_TEST_VERBOSE. */
const WORKBENCH_CHATTER = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^ChatSessionStore:/,
  /^Ignoring fetching additional builtin extensions from gallery/,
  /^Creation of workbench contribution/,
  // VS Code 1.13x: the chat and agent features, with no account and no network, say so at length.
  /^\[(AgentHost(:remote)?|ChatModelSelection|AccountPolicyGate|RemoteAgentHostProtocol|reconnection-grace-time)\]/,
  /^Timed out waiting for authentication provider/,
];

/**
 * The profile's user settings: no AI features (VS Code 1.13x starts its chat and agent host
 * otherwise, with nothing to talk to), no start-up editor, no search for ports to forward (every
 * few seconds the remote extension host reads /proc and runs `ls -l` over every process's open
 * files and `ps` for it, on its own thread and the machine's cores while the tests and the bench
 * time ours). Unknown keys are ignored by older ones.
 */
// Telemetry off as well as by the flag: code-server's walkthrough page shows its usage-data footer
// unless the setting says so, and the walkthrough's picture is of what VS Code shows.
const USER_SETTINGS = {
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'remote.autoForwardPorts': false,
};

interface WorkbenchLog {
  relativePath: string;
  contents: string;
}

function isWorkbenchLogs(value: unknown): value is WorkbenchLog[] {
  return (
    Array.isArray(value) &&
    value.every(
      (l) =>
        typeof l === 'object' &&
        l !== null &&
        typeof (l as WorkbenchLog).relativePath === 'string' &&
        typeof (l as WorkbenchLog).contents === 'string',
    )
  );
}

/** The profile of a run in `tmp` (fresh for every run): its user data and extensions folders, its user settings written on first use. */
export function profile(tmp: string): string[] {
  const settings = path.join(tmp, 'user-data', 'User', 'settings.json');
  if (!fs.existsSync(settings)) {
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  }
  return ['--user-data-dir', path.join(tmp, 'user-data'), '--extensions-dir', path.join(tmp, 'extensions')];
}

/** vscode-remote URI of a path on the server. */
function remoteUri(authority: string, file: string): string {
  return `vscode-remote://${authority}${file.split(path.sep).map(encodeURIComponent).join('/')}`;
}

export class ServerHost implements TestHost {
  readonly kind = 'server';
  private install: ServerInstall | undefined;

  constructor(private readonly config: RunnerConfig) {}

  async prepare(signal: AbortSignal): Promise<string> {
    this.install = await ensureServerHost(this.config, signal);
    return `VS Code ${this.install.vscodeVersion} (code-server ${this.install.codeServerVersion} on node ${this.install.nodeVersion}), ${path.basename(this.install.chromium)} at ${this.install.chromium}`;
  }

  /**
   * Installs a .vsix into the profile of a run in `tmp` (the one run() starts), as a user does:
   * `code-server --install-extension`. Returns the folder it was installed into.
   */
  async installVsix(tmp: string, vsix: string, signal: AbortSignal): Promise<string> {
    const install = this.install;
    if (!install) throw new Error('prepare() first');
    const configFile = path.join(tmp, 'code-server.yaml');
    fs.writeFileSync(configFile, 'auth: none\n');
    const env = {
      ...process.env,
      EXTENSIONS_GALLERY: '{}',
      TMPDIR: tmp,
      XDG_DATA_HOME: tmp,
      XDG_CONFIG_HOME: tmp,
      XDG_CACHE_HOME: tmp,
    };
    const output = await runCommand(
      install.node,
      [install.entry, '--config', configFile, ...profile(tmp), '--install-extension', vsix],
      { env, signal },
    );
    for (const line of output.split('\n').filter((l) => /install/i.test(l))) say(`code-server: ${line.trim()}`);
    return path.join(tmp, 'extensions');
  }

  async run(run: HostRun): Promise<number> {
    const install = this.install;
    if (!install) throw new Error('prepare() first');
    const { config, tmp, signal, cleanup } = run;

    // code-server writes outside its profile unless told: its config, XDG data and temp files
    // (sockets of the extension host) all go into the run's temp folder.
    const configFile = path.join(tmp, 'code-server.yaml');
    fs.writeFileSync(configFile, 'auth: none\n');
    const port = await freePort();
    const authority = `127.0.0.1:${port}`;
    const serverTmp = path.join(tmp, 'server-tmp');
    fs.mkdirSync(serverTmp);
    // The tests ask the page for screenshots (saved with EXCHANGE_TX_SCREENSHOTS=1) and for what
    // it shows through files in this folder (workbenchChannel.ts).
    const channelDir = path.join(tmp, 'workbench-channel');
    fs.mkdirSync(channelDir);
    const server = spawnGroup(
      install.node,
      [
        install.entry,
        '--config',
        configFile,
        '--auth',
        'none',
        '--bind-addr',
        authority,
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        '--ignore-last-opened',
        ...profile(tmp),
        ...install.serverOptions,
      ],
      {
        cwd: config.repoRoot,
        // The extension host inherits this environment: that is how values reach the tests.
        env: {
          // No extension gallery: the workbench would query open-vsx.org during the tests.
          EXTENSIONS_GALLERY: '{}',
          ...process.env,
          ...run.env,
          [WORKBENCH_CHANNEL_ENV]: channelDir,
          TMPDIR: serverTmp,
          XDG_DATA_HOME: tmp,
          XDG_CONFIG_HOME: tmp,
          XDG_CACHE_HOME: tmp,
        },
      },
    );
    const serverLog = new OutputTail();
    let stopping = false;
    cleanup.add('code-server', () => {
      stopping = true;
      if (signal.reason instanceof TimeoutError && !config.verbose)
        console.error(`last output of code-server:\n${serverLog.text()}`);
      return killGroup(server);
    });
    const listening = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer): void => {
        const text = chunk.toString();
        serverLog.push(text);
        if (config.verbose) process.stderr.write(text.replace(/^/gm, '[code-server] '));
        if (text.includes('HTTP server listening')) resolve();
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
    });
    const serverExit = exitOf(server).then((code): never => {
      if (!stopping && !config.verbose) console.error(serverLog.text());
      throw new Error(`code-server exited unexpectedly (${code ?? 'signal'})`);
    });
    const spawnError = new Promise<never>((_resolve, reject) => server.once('error', reject));
    // Unhandled otherwise when the run ends without waiting on these.
    serverExit.catch(() => undefined);
    spawnError.catch(() => undefined);

    await orAbort(within(Promise.race([listening, serverExit, spawnError]), 60_000, 'code-server start'), signal);
    say(`code-server listening on ${authority} (pid ${server.pid ?? '?'})`);

    const browserTmp = path.join(tmp, 'browser-tmp');
    fs.mkdirSync(browserTmp);
    const launching = chromium.launchPersistentContext(path.join(tmp, 'chromium-profile'), {
      executablePath: install.chromium,
      headless: true,
      args: CHROMIUM_ARGS,
      // The window the pictures and the "nothing cut" checks are made for: 1400×900, the sidebar at its default width.
      viewport: WORKBENCH_VIEWPORT,
      // Pictures saved at twice the pixels (each asks for them, or gets one per CSS pixel).
      ...(process.env.EXCHANGE_TX_SCREENSHOTS === '1' ? { deviceScaleFactor: SCREENSHOT_SCALE } : {}),
      env: { ...process.env, TMPDIR: browserTmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp },
      timeout: 60_000,
      // Playwright would otherwise exit the process on these signals before our clean-up runs.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    // Registered before waiting, so that a browser still starting when the run aborts is closed too.
    cleanup.add('chromium', async () => {
      const browser = await launching.catch(() => undefined);
      await browser?.close();
    });
    const context: BrowserContext = await orAbort(launching, signal);
    const page = context.pages()[0] ?? (await context.newPage());

    let logs: WorkbenchLog[] = [];
    let reportExit: (code: number) => void = () => undefined;
    const finished = new Promise<number>((resolve) => (reportExit = resolve));
    await page.exposeFunction('codeAutomationLog', (level: unknown, message: unknown) => {
      // `message` holds the arguments of a console call: a format string and its values.
      const parts = Array.isArray(message) ? message.map(String) : [String(message)];
      if (!config.verbose && WORKBENCH_CHATTER.some((pattern) => pattern.test(parts[0] ?? ''))) return;
      if (level === 'error' || level === 'warn') console.error(...parts);
      else console.log(...parts);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown, workbenchLogs: unknown) => {
      if (isWorkbenchLogs(workbenchLogs)) logs = workbenchLogs;
      reportExit(typeof code === 'number' ? code : 1);
    });
    page.on('pageerror', (error) => console.error(`[workbench page error] ${error.message}`));
    if (config.verbose) page.on('console', (m) => console.error(`[browser ${m.type()}] ${m.text()}`));
    if (run.onPage) await run.onPage(page);

    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remoteUri(authority, run.extension?.developmentPath ?? config.repoRoot)],
      ['extensionTestsPath', remoteUri(authority, run.extension?.testsEntry ?? config.testsEntry)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ]);
    await orAbort(
      page.goto(
        `http://${authority}/?folder=${encodeURIComponent(run.workspace)}&payload=${encodeURIComponent(payload)}`,
      ),
      signal,
    );
    say('workbench loaded, tests running');
    const channel = serveWorkbenchChannel(
      page,
      channelDir,
      path.join(config.repoRoot, 'media'),
      process.env.EXCHANGE_TX_SCREENSHOTS === '1',
    );
    cleanup.add('workbench channel', () => channel.stop());

    const code = await orAbort(Promise.race([finished, serverExit]), signal);
    if (config.logsDir) writeLogs(config.logsDir, logs);
    return code;
  }
}

function writeLogs(dir: string, logs: WorkbenchLog[]): void {
  for (const log of logs) {
    const file = path.resolve(dir, log.relativePath);
    if (!file.startsWith(path.resolve(dir) + path.sep)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, log.contents);
  }
  say(`workbench logs written to ${dir}`);
}
