/**
 * The extension's entry (package.json's `main`, dist/start.js, built on its own): it loads the
 * bundle (dist/extension.js and every file it requires from dist/, at activation and on first use)
 * with a V8 code cache, then hands over to the bundle's activate().
 *
 * Node compiles a function the first time it runs; in a window after the first, the code cache
 * gives V8 the functions an earlier window compiled, so activation and each part's first use do
 * not compile them again. The extension host of a VS Code server (code-server, remote) caches no
 * extension's code; this loader does it for ours only, without touching Node's module loader.
 *
 * The cache is in the extension's global storage (`code-cache/`), one file per file of the bundle
 * and content: `<name>-<sha256 of the source, 16 hex>.cache`, written once, some seconds after
 * the file first ran (what ran by then is in it), by rename of a whole file, after a CRC-32 of its
 * bytes that is checked before V8 is given them; when one is written, the caches of the file's
 * other contents are removed (and, at a window's first write, those of files the bundle no longer
 * has). V8 checks the data against
 * its version, its flags and the source's length, and takes nothing it rejects (the file is then
 * written again). A cache that cannot be read or written costs only the compile it would have saved.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vm from 'vm';
import * as zlib from 'zlib';
import type { ExchangeTxApi } from './extension';
import type { CacheCounts, StartupFigures } from './shared/startupFigures';

/** How long after a file first ran its cache is written: what ran until then is compiled in it. */
export const KEEP_AFTER_MS = 10_000;

interface Loaded {
  readonly module: { exports: unknown };
  readonly script: vm.Script;
  /** The cache file for this content. */
  readonly cacheFile: string;
  /** Whether a cache file is to be written (none was taken, none written yet). */
  pending: boolean;
}

const WRAPPER = '(function (exports, require, module, __filename, __dirname) { ';

/** A CommonJS loader for the bundle's own files, each compiled with its code cache. */
export class CachedModules {
  private readonly loaded = new Map<string, Loaded>();
  private readonly counts = { taken: 0, none: 0, rejected: 0, written: 0 };
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Whether a write has looked for what no longer belongs in the cache folder. */
  private swept = false;

  /**
   * @param cacheDir where the cache files are (made on the first write)
   * @param bundleDir the folder of the bundle: a relative require() inside it is loaded here, anything else by Node
   * @param outside Node's require() for what is not the bundle's (Node's modules, `vscode`)
   */
  constructor(
    private readonly cacheDir: string,
    private readonly bundleDir: string,
    private readonly outside: (id: string) => unknown,
    private readonly keepAfterMs = KEEP_AFTER_MS,
  ) {}

  /** The exports of `file` (a file of the bundle), loaded once. */
  load(file: string): unknown {
    const known = this.loaded.get(file);
    if (known) return known.module.exports;
    const source = fs.readFileSync(file, 'utf8');
    const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
    const cacheFile = path.join(this.cacheDir, `${this.cacheName(file)}-${hash}.cache`);
    const read = readCache(cacheFile);
    const cachedData = read === 'damaged' ? undefined : read;
    // Node's function of a CommonJS file, its source on the wrapper's line: the offset keeps that
    // line's columns those of the file (a minified file is one line, and its source map counts so).
    const script = new vm.Script(`${WRAPPER}${source}\n});`, {
      filename: file,
      columnOffset: -WRAPPER.length,
      ...(cachedData ? { cachedData } : {}),
    });
    const taken = cachedData !== undefined && script.cachedDataRejected !== true;
    if (taken) this.counts.taken++;
    else if (read === undefined) this.counts.none++;
    else this.counts.rejected++;
    const module = { exports: {} as unknown };
    const entry: Loaded = { module, script, cacheFile, pending: !taken };
    // Known before it runs, as Node does: a file required again while it runs gets what it exported so far.
    this.loaded.set(file, entry);
    const dir = path.dirname(file);
    const load = (id: string): unknown =>
      id.startsWith('./') || id.startsWith('../') ? this.load(path.resolve(dir, id)) : this.outside(id);
    const run = script.runInThisContext() as (
      exports: unknown,
      require: (id: string) => unknown,
      module: { exports: unknown },
      filename: string,
      dirname: string,
    ) => void;
    run.call(module.exports, module.exports, load, module, file, dir);
    if (entry.pending) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.write(entry);
      }, this.keepAfterMs);
      timer.unref();
      this.timers.add(timer);
    }
    return module.exports;
  }

  cache(): CacheCounts {
    return { ...this.counts };
  }

  /** Writes every pending cache now. */
  async keep(): Promise<void> {
    this.dispose();
    for (const entry of this.loaded.values()) await this.write(entry);
  }

  /** Stops the timed writes (the extension is deactivated; `keep()` writes them at once). */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** The cache file's name for a file of the bundle: its path in the bundle, `/` as `_` (`lazy_client.js`). */
  private cacheName(file: string): string {
    const relative = path.relative(this.bundleDir, file);
    return relative.split(path.sep).join('_');
  }

  private async write(entry: Loaded): Promise<void> {
    if (!entry.pending) return;
    entry.pending = false;
    const name = path.basename(entry.cacheFile);
    const cacheOf = name.slice(0, name.lastIndexOf('-'));
    const temporary = `${entry.cacheFile}.${process.pid}.tmp`;
    try {
      const bytes = cacheBytes(entry.script.createCachedData());
      if (!bytes) return;
      await fs.promises.mkdir(this.cacheDir, { recursive: true });
      await fs.promises.writeFile(temporary, bytes);
      await fs.promises.rename(temporary, entry.cacheFile);
      this.counts.written++;
      // The caches of this file's earlier contents; at the first write of the window only (what it
      // finds cannot come back while the window runs), also those of files the bundle no longer has
      // (an update's new chunks) and what a write cut short by a crash left (a minute old: no write
      // takes that long).
      const sweep = !this.swept;
      this.swept = true;
      for (const other of await fs.promises.readdir(this.cacheDir)) {
        const of = /^(.+)-[0-9a-f]{16}\.cache$/.exec(other)?.[1];
        const stale =
          of !== undefined
            ? other !== name &&
              (of === cacheOf || (sweep && !fs.existsSync(path.join(this.bundleDir, ...of.split('_')))))
            : sweep && /\.cache\.\d+\.tmp$/.test(other) && (await ageMs(path.join(this.cacheDir, other))) > 60_000;
        if (stale) await fs.promises.rm(path.join(this.cacheDir, other), { force: true });
      }
    } catch {
      // A cache that cannot be written is only a compile not saved next time.
      await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
    }
  }
}

/** How long ago a file was last written (0 if it is gone). */
async function ageMs(file: string): Promise<number> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  return stat ? Date.now() - stat.mtimeMs : 0;
}

/** Node's CRC-32 (Node 20.15 and later); without it the loader keeps no cache. */
const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/**
 * A cache file's data, checked against its CRC-32 (the file's first 4 bytes): a file cut short or
 * damaged on disk is never handed to V8, which checks versions and lengths but not every byte.
 * `undefined` when there is none (or no CRC-32 to check it with), `damaged` when it fails the check.
 */
function readCache(file: string): Buffer | 'damaged' | undefined {
  let bytes: Buffer;
  try {
    if (!crc32) return undefined;
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= 4 || bytes.readUInt32BE(0) !== crc32(bytes.subarray(4))) return 'damaged';
  return bytes.subarray(4);
}

/** What a cache file holds: the CRC-32 of the data, then the data. */
function cacheBytes(data: Buffer): Buffer | undefined {
  if (!crc32) return undefined;
  const header = Buffer.alloc(4);
  header.writeUInt32BE(crc32(data), 0);
  return Buffer.concat([header, data]);
}

/** The bundle's entry as this file calls it. */
interface Bundle {
  activate(context: unknown, startup: StartupFigures): ExchangeTxApi;
  deactivate(): Promise<void>;
}

let modules: CachedModules | undefined;
let bundle: Bundle | undefined;

/** VS Code's call: loads the bundle with its code cache, then runs its activate(). */
export function activate(context: { readonly globalStorageUri: { readonly fsPath: string } }): ExchangeTxApi {
  const started = performance.now();
  const cacheDir = path.join(context.globalStorageUri.fsPath, 'code-cache');
  const loader = new CachedModules(cacheDir, __dirname, require);
  modules = loader;
  bundle = loader.load(path.join(__dirname, 'extension.js')) as Bundle;
  const loadMs = performance.now() - started;
  return bundle.activate(context, { cacheDir, loadMs, cache: () => loader.cache(), keep: () => loader.keep() });
}

export async function deactivate(): Promise<void> {
  modules?.dispose();
  await bundle?.deactivate();
}
