/**
 * `npm run pack:sandbox`: the sandbox as an npm package of its own, `exchange-tx-sandbox`, for a
 * backend's test suite and CI (README, "Use the sandbox in your CI"). The package holds one file
 * of code, an esbuild bundle of the sandbox's CLI (packages/sandbox/src/cli.ts, so it takes every
 * flag `npm run sandbox` takes, and `--json`), its README (packages/sandbox/README.md) and the licence,
 * and depends on nothing: Node 18 or later is all it needs, and installing it needs no network.
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

interface RootManifest {
  readonly version: string;
  readonly license: string;
  readonly repository?: unknown;
  readonly homepage?: string;
}

/** The package's manifest: a bin, the files, no dependencies of any kind. */
export function sandboxManifest(root: RootManifest): Record<string, unknown> {
  return {
    name: PACKAGE_NAME,
    version: root.version,
    description:
      'A local twin of the Changelly v2 exchange API (signed JSON-RPC) for tests and CI: a seeded ledger whose transactions move, pair limits, rate limit, faults, a control endpoint.',
    license: root.license,
    ...(root.repository !== undefined ? { repository: root.repository } : {}),
    bin: { [BIN_NAME]: `bin/${BIN_NAME}.js` },
    files: [`bin/${BIN_NAME}.js`, 'README.md', 'LICENSE'],
    engines: { node: '>=18.3' },
    keywords: ['changelly', 'sandbox', 'mock', 'json-rpc', 'testing', 'ci'],
  };
}

/** Bundles the CLI into `file` (a shebang first; the usage names the package's command). */
async function bundle(file: string): Promise<void> {
  // esbuild is a development dependency: loaded here only, so nothing else needs it.
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'packages/sandbox/src/cli.ts')],
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

/** Builds the package in a temporary folder and packs it into `outDir`; returns the tarball's path. */
export async function packSandbox(outDir: string): Promise<string> {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as RootManifest;
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-sandbox-'));
  try {
    fs.mkdirSync(path.join(staging, 'bin'));
    await bundle(path.join(staging, 'bin', `${BIN_NAME}.js`));
    fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(sandboxManifest(root), null, 2)}\n`);
    fs.copyFileSync(path.join(ROOT, 'packages/sandbox/README.md'), path.join(staging, 'README.md'));
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
