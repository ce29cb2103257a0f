/**
 * The production build (`node esbuild.js --production`) made once per test run into a temporary
 * folder, and what its metafile says: which file holds which sources and what each file imports.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

interface Output {
  readonly bytes: number;
  readonly inputs: Readonly<Record<string, { readonly bytesInOutput: number }>>;
  readonly imports: readonly { readonly path: string; readonly kind: string; readonly external?: boolean }[];
}

export interface ProductionBuild {
  /** The folder the build wrote (its files are named `dist/…` in `outputs`). */
  readonly dir: string;
  readonly outputs: Readonly<Record<string, Output>>;
  /** A file of the build, by its `dist/…` name. */
  file(name: string): string;
}

let built: ProductionBuild | undefined;

export function productionBuild(): ProductionBuild {
  if (built) return built;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-bundle-'));
  const run = spawnSync(process.execPath, ['esbuild.js', '--production', '--outdir', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`the production build failed (exit ${run.status ?? 'signal'}):\n${run.stdout}${run.stderr}`);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { outputs: Record<string, Output> };
  const result: ProductionBuild = {
    dir,
    outputs: meta.outputs,
    file: (name) => path.join(dir, name.replace(/^dist\//, '')),
  };
  built = result;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return result;
}

/** The sources (repository paths) in the given files. */
export function sourcesOf(build: ProductionBuild, files: readonly string[]): string[] {
  return files.flatMap((file) => Object.keys(build.outputs[file]?.inputs ?? {}));
}
