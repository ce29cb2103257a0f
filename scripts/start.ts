/**
 * `npm start`: opens the extension in VS Code against its built-in sandbox.
 * - With a desktop `code` command: `code --extensionDevelopmentPath=<repo> <playground>`.
 * - Otherwise: the offline server host (code-server, installed into .vscode-test/ on first use)
 *   with the extension loaded in development mode; prints the local URL to open in a browser and
 *   runs until Ctrl+C. What it needs from the system is installed first, when missing, by the
 *   prerequisites step the tests share (scripts/prerequisites.ts, through ensureServerHost).
 * The playground folder holds a log with transaction ids of the sandbox, to try the hover on.
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Ledger, ManualClock } from '../packages/sandbox/src';
import { readConfig } from '../test/runner/config';
import { Cleanup, describe, exitOf, killGroup, say, setSayPrefix, spawnGroup } from '../test/runner/processes';
import { ensureServerHost } from '../test/runner/serverInstall';
import { desktopLine, START_PREFIX, startedLines, startPayload, startSettings } from './startText';

const repoRoot = path.resolve(__dirname, '..', '..');
const cacheDir = path.join(repoRoot, '.vscode-test');
const port = Number(process.env.EXCHANGE_TX_PORT ?? 8080);

/** A folder with a sample log naming sandbox transactions (the sandbox's ids depend only on its seed). */
function playground(): string {
  const dir = path.join(cacheDir, 'playground');
  fs.mkdirSync(dir, { recursive: true });
  const ledger = new Ledger({ clock: new ManualClock(), seed: 1, size: 300 });
  const lines = ledger
    .all()
    .slice(0, 12)
    .map(
      (t, i) =>
        `2026-11-21T10:${String(i).padStart(2, '0')}:00Z INFO exchange created id=${t.id} pair=${t.currencyFrom}->${t.currencyTo}`,
    );
  fs.writeFileSync(
    path.join(dir, 'exchange.log'),
    [
      '# Hover an id below to see its status in the Exchange Tx sandbox,',
      '# or select one and run "Exchange Tx: Get Transaction Status…" (Ctrl+Alt+T).',
      ...lines,
      '',
    ].join('\n'),
  );
  return dir;
}

function hasCode(): boolean {
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function desktop(folder: string): Promise<number> {
  console.log(desktopLine());
  const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${repoRoot}`, folder], { stdio: 'inherit' });
  return (await exitOf(child)) ?? 0;
}

async function server(folder: string): Promise<number> {
  const cleanup = new Cleanup();
  const controller = new AbortController();
  const stop = () => {
    controller.abort();
    void cleanup.run().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  say(`starting VS Code (code-server) with the extension on 127.0.0.1:${port}…`);
  const install = await ensureServerHost(readConfig(repoRoot), controller.signal);
  // A profile kept between starts, so saved keys and settings stay.
  const profile = path.join(cacheDir, 'start-profile');
  fs.mkdirSync(profile, { recursive: true });
  fs.writeFileSync(path.join(profile, 'config.yaml'), 'auth: none\n');
  const settings = path.join(profile, 'user-data', 'User', 'settings.json');
  if (!fs.existsSync(settings)) {
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify(startSettings(), null, 2));
  } else {
    // Earlier starts wrote "none", which hid the Welcome page and the walkthrough in it.
    let kept: Record<string, unknown> = {};
    try {
      kept = JSON.parse(fs.readFileSync(settings, 'utf8')) as Record<string, unknown>;
    } catch {
      // Edited by hand (comments, say): left as it is.
    }
    if (kept['workbench.startupEditor'] === 'none')
      fs.writeFileSync(
        settings,
        JSON.stringify({ ...kept, 'workbench.startupEditor': startSettings()['workbench.startupEditor'] }, null, 2),
      );
  }
  const authority = `127.0.0.1:${port}`;
  const child = spawnGroup(
    install.node,
    [
      install.entry,
      '--config',
      path.join(profile, 'config.yaml'),
      '--auth',
      'none',
      '--bind-addr',
      authority,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--user-data-dir',
      path.join(profile, 'user-data'),
      '--extensions-dir',
      path.join(profile, 'extensions'),
    ],
    {
      cwd: repoRoot,
      env: { EXTENSIONS_GALLERY: '{}', ...process.env, XDG_DATA_HOME: profile, XDG_CONFIG_HOME: profile },
    },
  );
  cleanup.add('code-server', () => killGroup(child));
  const listening = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes('HTTP server listening')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  const exited = exitOf(child);
  const outcome = await Promise.race([listening.then(() => 'up' as const), exited.then(() => 'exited' as const)]);
  if (outcome === 'exited') {
    say(`code-server did not start (is port ${port} taken? set EXCHANGE_TX_PORT)`);
    return 1;
  }
  const remote = (file: string) =>
    `vscode-remote://${authority}${file.split(path.sep).map(encodeURIComponent).join('/')}`;
  const payload = JSON.stringify(startPayload(remote(repoRoot)));
  const url = `http://${authority}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
  for (const line of startedLines({
    codeServerVersion: install.codeServerVersion,
    vscodeVersion: install.vscodeVersion,
    url,
  }))
    console.log(line);
  return (await exited) ?? 0;
}

async function main(): Promise<number> {
  setSayPrefix(() => START_PREFIX);
  const folder = playground();
  return hasCode() && process.env.EXCHANGE_TX_START !== 'server' ? desktop(folder) : server(folder);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm start failed: ${describe(error)}`);
    process.exit(1);
  },
);
