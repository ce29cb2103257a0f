/**
 * `npm run pack:sandbox`: packs the workspace package packages/sandbox, `exchange-tx-sandbox`, for a
 * backend's test suite and CI (README, "Use the sandbox in your CI"). The tarball holds the
 * package's own package.json and README, the licence, and one esbuild bundle of its CLI (so it
 * takes every flag `npm run sandbox` takes, and `--json`). The bundle carries the shared core the
 * sandbox imports from src/, so the package depends on nothing and installs offline.
 *
 *   node out/scripts/packSandbox.js [--out DIR]     prints the path of the tarball (default dist/)
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { errorText } from '../src/shared/errorText';

export const PACKAGE_NAME = 'exchange-tx-sandbox';
export const BIN_NAME = 'exchange-tx-sandbox';
/** The oldest Node the bundle is built for (fetch in the samples; `util.parseArgs` since 18.3). */
const NODE_TARGET = 'node18';

const ROOT = path.resolve(__dirname, '../..');
/** The package's folder: its manifest, README and sources. */
export const PACKAGE_DIR = path.join(ROOT, 'packages', 'sandbox');

/** Bundles the CLI into `file` (a shebang first; the usage names the package's command). */
async function bundle(file: string): Promise<void> {
  // esbuild is a development dependency: loaded here only, so nothing else needs it.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(PACKAGE_DIR, 'src', 'cli.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: NODE_TARGET,
    format: 'cjs',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    banner: { js: '#!/usr/bin/env node' },
    define: { 'process.env.EXCHANGE_TX_SANDBOX_PROGRAM': JSON.stringify(BIN_NAME) },
    logLevel: 'warning',
  });
  fs.chmodSync(file, 0o755);
}

/**
 * Stages the package in a temporary folder (its manifest and README, the repository's licence, the
 * bundle its bin names) and packs it into `outDir`; returns the tarball's path.
 */
export async function packSandbox(outDir: string): Promise<string> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-sandbox-'));
  try {
    fs.mkdirSync(path.join(staging, 'bin'));
    await bundle(path.join(staging, 'bin', `${BIN_NAME}.js`));
    for (const file of ['package.json', 'README.md'])
      fs.copyFileSync(path.join(PACKAGE_DIR, file), path.join(staging, file));
    fs.copyFileSync(path.join(ROOT, 'LICENSE'), path.join(staging, 'LICENSE'));
    fs.mkdirSync(outDir, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(npm, ['pack', '--json', '--pack-destination', path.resolve(outDir)], {
      cwd: staging,
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
    const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[];
    return path.resolve(outDir, filename);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const at = process.argv.indexOf('--out');
  const outDir = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : path.join(ROOT, 'dist');
  packSandbox(outDir).then(
    (tarball) => console.log(tarball),
    (error: unknown) => {
      console.error(errorText(error));
      process.exitCode = 1;
    },
  );
}
