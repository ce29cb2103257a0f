// The packaged extension tested as a user gets it: the .vsix (`npm run package`) is installed
// with `code-server --install-extension` into a fresh profile, the workbench opens in headless
// Chromium (the server host), and test/packaged/ checks inside the extension host that the
// installed copy activates, carries the files its manifest names, registers its commands, shows
// its view and looks a transaction up in its sandbox. This catches files missing from the package,
// which every other suite (running the extension from the repository) cannot see. First, the files
// `vsce ls` lists are checked against the rules of shippedFiles.ts (what must ship and what must not).
//
//   node out/test/runner/runPackaged.js [PATH.vsix]   without a path, packages one first (npm run package)
//
// The VS Code is the target of VSCODE_TEST_TARGET (oldest by default), always in the server host.
// Exit codes as runIntegration's (hostSession.ts).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { listFiles, PackageManager } from '@vscode/vsce';
import { readConfig } from './config';
import { exitWith, interruptSignal, runSession } from './hostSession';
import { runCommand, say } from './processes';
import { ServerHost } from './serverHost';
import { shippedFileProblems } from './shippedFiles';
import type { ShippedManifest } from './shippedFiles';

/** The extension loaded in development mode: a stand-in with no code that only carries the test entry. */
function writeStandIn(tmp: string): string {
  const dir = path.join(tmp, 'stand-in');
  fs.mkdirSync(dir);
  const manifest = {
    name: 'packaged-check',
    publisher: 'exchange-tx-tests',
    version: '0.0.0',
    description: 'Carries the checks of the installed Exchange Tx package; contributes nothing.',
    engines: { vscode: '*' },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** Packages the extension (`npm run package`) into a temp folder that goes when the process ends. */
async function packageNow(repoRoot: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-package-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const vsix = path.join(dir, 'exchange-tx.vsix');
  say('npm run package');
  await runCommand(os.platform() === 'win32' ? 'npm.cmd' : 'npm', ['run', 'package', '--', '--out', vsix], {
    cwd: repoRoot,
    echo: true,
  });
  return vsix;
}

/** What `vsce ls --no-dependencies` lists for the repository, checked against the rules of shippedFiles.ts. */
async function checkShippedFiles(repoRoot: string): Promise<void> {
  const files = await listFiles({ cwd: repoRoot, packageManager: PackageManager.None });
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as ShippedManifest;
  const problems = shippedFileProblems(files, manifest);
  if (problems.length > 0) throw new Error(`what the package carries (vsce ls):\n  ${problems.join('\n  ')}`);
  say(`vsce ls: ${files.length} files, every one the extension needs and none that must not ship`);
}

async function main(): Promise<number> {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const config = readConfig(repoRoot);
  const vsix = process.argv[2] ? path.resolve(process.argv[2]) : await packageNow(repoRoot);
  // After packaging: what `vsce ls` lists then is what went into the .vsix.
  await checkShippedFiles(repoRoot);
  if (!fs.existsSync(vsix))
    throw new Error(`${vsix} does not exist: npm run package -- --out ${process.argv[2] ?? ''}`);
  const testsEntry = path.join(repoRoot, 'out', 'test', 'packaged', 'index.js');
  if (!fs.existsSync(testsEntry)) throw new Error('out/test/packaged/index.js is missing: npm run compile:tests');
  const interrupted = interruptSignal();

  const host = new ServerHost(config);
  const description = await host.prepare(interrupted);
  say(
    `checking the packaged extension ${path.basename(vsix)} (${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB) in the server host: ${description}`,
  );
  const code = await runSession(config, host, interrupted, {
    name: 'exchange-tx-vsix',
    prepare: async (tmp, signal) => {
      const extensionsDir = await host.installVsix(tmp, vsix, signal);
      // Handed to the checks through the extension host's environment (fixtures.ts).
      process.env.EXCHANGE_TX_TEST_EXTENSIONS_DIR = extensionsDir;
      return { extension: { developmentPath: writeStandIn(tmp), testsEntry } };
    },
  });
  say(
    code === 0
      ? `the packaged extension passed its checks (${description})`
      : `the packaged extension FAILED its checks (exit ${code})`,
  );
  return code;
}

exitWith(main(), 'the packaged check');
