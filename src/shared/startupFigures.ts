/**
 * How the extension's bundle was loaded at activation (src/start.ts, the entry, loads it with a
 * V8 code cache and hands these to the bundle's activate()): for the log, the API and `npm run bench`.
 */
export interface StartupFigures {
  /** Where the code cache is (the extension's global storage, `code-cache/`). */
  readonly cacheDir: string;
  /** Reading, compiling (or taking from the cache) and running the files activation loads, ms. */
  readonly loadMs: number;
  /** The files loaded so far and how their compile went. */
  readonly cache: () => CacheCounts;
  /** Writes every cache not written yet, now (the tests; otherwise each is written some seconds after it first ran). */
  readonly keep: () => Promise<void>;
}

/** The bundle's files loaded so far, by how their compile went, and the cache files written. */
export interface CacheCounts {
  /** Compiled with a cache V8 took. */
  readonly taken: number;
  /** Compiled without one: none was there, or it could not be read. */
  readonly none: number;
  /** Compiled without one: it failed its CRC-32, or V8 rejected it (another version of V8, other flags). */
  readonly rejected: number;
  /** Cache files written. */
  readonly written: number;
}
