/**
 * The entry's loader (src/start.ts): the bundle's files loaded as CommonJS, each compiled with its
 * V8 code cache. Each load runs in a new Node process, as each window's extension host is one: a
 * cache is only taken across processes.
 */
import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { CacheCounts } from '../../src/shared/startupFigures';
import { CachedModules } from '../../src/start';

const loader = path.resolve(__dirname, '..', '..', 'src', 'start.js');

/** A small bundle: an entry requiring a shared file, a file loaded on first use, Node's own modules. */
const BUNDLE: Record<string, string> = {
  'extension.js': [
    "const a = require('./lazy/a.js');",
    "const path = require('path');",
    'exports.value = () => a.twice(21);',
    "exports.same = () => require('./lazy/a.js') === a;",
    'exports.names = () => [path.basename(__filename), path.basename(__dirname)];',
    "exports.later = () => require('./lazy/b.js').b;",
    "exports.thrown = () => { try { a.fail(); } catch (e) { return e.stack.split('\\n')[1]; } };",
    "exports.thrownOnLine1 = () => { try { a.failAtOnce(); } catch (e) { return e.stack.split('\\n')[1]; } };",
  ].join('\n'),
  'lazy/a.js':
    "exports.failAtOnce = () => { throw new Error('a'); };\nexports.twice = (n) => n * 2;\nexports.fail = () => { throw new Error('a'); };\n",
  'lazy/b.js': "exports.b = 'b';\n",
};

interface Run {
  readonly value: number;
  readonly same: boolean;
  readonly names: string[];
  readonly later?: string;
  readonly thrown: string;
  readonly thrownOnLine1: string;
  readonly loaded: CacheCounts;
  readonly kept: CacheCounts;
}

describe('the entry loads the bundle with a code cache (src/start.ts)', function () {
  this.timeout(60_000);
  let dir: string;
  let bundle: string;
  let cache: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-start-'));
    bundle = path.join(dir, 'dist');
    cache = path.join(dir, 'storage', 'code-cache');
    for (const [name, text] of Object.entries(BUNDLE)) {
      fs.mkdirSync(path.dirname(path.join(bundle, name)), { recursive: true });
      fs.writeFileSync(path.join(bundle, name), text);
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Loads the bundle in a new Node process (`later`: and the file of first use), then writes what is pending. */
  function run(later = false, flags: string[] = []): Run {
    const script = `
      const { CachedModules } = require(${JSON.stringify(loader)});
      const modules = new CachedModules(${JSON.stringify(cache)}, ${JSON.stringify(bundle)}, require);
      const main = modules.load(${JSON.stringify(path.join(bundle, 'extension.js'))});
      const result = { value: main.value(), same: main.same(), names: main.names(), thrown: main.thrown(), thrownOnLine1: main.thrownOnLine1() };
      if (${later}) result.later = main.later();
      result.loaded = modules.cache();
      modules.keep().then(() => console.log(JSON.stringify({ ...result, kept: modules.cache() })));`;
    return JSON.parse(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' })) as Run;
  }
  const files = () => (fs.existsSync(cache) ? fs.readdirSync(cache).sort() : []);
  const counts = (taken: number, none: number, rejected: number, written: number): CacheCounts => ({
    taken,
    none,
    rejected,
    written,
  });

  it('runs the files as Node would (their exports, one module per file, their names, stack lines), with no cache the first time, then writes one per file', () => {
    const first = run();
    assert.equal(first.value, 42);
    assert.equal(first.same, true, 'a file required twice is one module');
    assert.deepEqual(first.names, ['extension.js', 'dist']);
    assert.match(first.thrown, /lazy[\\/]a\.js:3:/, 'a stack line names the file and its line');
    // On the first line too, the column is the file's own (a minified file is one line).
    const column = (BUNDLE['lazy/a.js'] ?? '').indexOf('new Error') + 1;
    assert.match(first.thrownOnLine1, new RegExp(`lazy[\\\\/]a\\.js:1:${column}\\)?$`), first.thrownOnLine1);
    assert.deepEqual(first.loaded, counts(0, 2, 0, 0));
    assert.deepEqual(first.kept, counts(0, 2, 0, 2));
    assert.deepEqual(
      files().map((f) => f.replace(/-[0-9a-f]{16}\.cache$/, '')),
      ['extension.js', 'lazy_a.js'],
    );
  });

  it('takes the cache in the next process, and writes only what has none (a file loaded on first use)', () => {
    run();
    const second = run(true);
    assert.equal(second.value, 42);
    assert.equal(second.later, 'b');
    assert.deepEqual(second.loaded, counts(2, 1, 0, 0));
    assert.deepEqual(second.kept, counts(2, 1, 0, 1));
    assert.deepEqual(run(true).loaded, counts(3, 0, 0, 0));
  });

  it("compiles a changed file without its old cache, and replaces that cache with the new content's", () => {
    run();
    const before = files();
    fs.writeFileSync(path.join(bundle, 'lazy', 'a.js'), 'exports.twice = (n) => n + n;\nexports.fail = () => {};\n');
    const changed = run();
    assert.deepEqual(changed.loaded, counts(1, 1, 0, 0));
    assert.deepEqual(changed.kept, counts(1, 1, 0, 1));
    const after = files();
    assert.equal(after.length, 2, after.join(', '));
    assert.ok(after.includes(before.find((f) => f.startsWith('extension.js-')) ?? ''), 'the entry kept its cache');
    assert.ok(!after.includes(before.find((f) => f.startsWith('lazy_a.js-')) ?? ''), "a.js's old cache is gone");
  });

  it('never hands V8 a damaged cache file: it compiles without it and writes a good one', () => {
    run();
    const entry = path.join(cache, files().find((f) => f.startsWith('extension.js-')) ?? '');
    const bytes = fs.readFileSync(entry);
    bytes[Math.floor(bytes.length / 2)] = (bytes[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    fs.writeFileSync(entry, bytes);
    const damaged = run();
    assert.equal(damaged.value, 42);
    assert.deepEqual(damaged.loaded, counts(1, 0, 1, 0));
    assert.deepEqual(damaged.kept, counts(1, 0, 1, 1));
    fs.writeFileSync(entry, bytes.subarray(0, 3));
    assert.deepEqual(run().loaded, counts(1, 0, 1, 0), 'a file cut short');
    assert.deepEqual(run().loaded, counts(2, 0, 0, 0));
  });

  it("compiles without a cache V8 rejects (made under another V8's flags), and writes this V8's", () => {
    run();
    const other = run(false, ['--stack-size=900']);
    assert.equal(other.value, 42);
    assert.deepEqual(other.loaded, counts(0, 0, 2, 0));
    assert.deepEqual(other.kept, counts(0, 0, 2, 2));
    assert.deepEqual(run(false, ['--stack-size=900']).loaded, counts(2, 0, 0, 0));
  });

  it("removes the caches of files the bundle no longer has and what a crashed write left, and leaves what is not its own or another window's write under way", () => {
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'lazy_shared-OLD.js-0123456789abcdef.cache'), 'old');
    fs.writeFileSync(path.join(cache, 'notes.txt'), 'mine');
    // What writes cut short left: one a minute old (a crash), one just made (another window writing now).
    const crashed = path.join(cache, 'lazy_a.js-0123456789abcdef.cache.4242.tmp');
    fs.writeFileSync(crashed, 'half');
    fs.utimesSync(crashed, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    fs.writeFileSync(path.join(cache, 'lazy_a.js-fedcba9876543210.cache.4343.tmp'), 'now');
    run();
    assert.deepEqual(
      files().map((f) => f.replace(/-[0-9a-f]{16}\.cache$/, '')),
      ['extension.js', 'lazy_a.js', 'lazy_a.js-fedcba9876543210.cache.4343.tmp', 'notes.txt'],
    );
  });

  it('loads the bundle when the cache cannot be written, and says none was written', () => {
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    fs.writeFileSync(cache, 'a file where the folder would be');
    const blocked = run();
    assert.equal(blocked.value, 42);
    assert.deepEqual(blocked.kept, counts(0, 2, 0, 0));
    assert.deepEqual(run().loaded, counts(0, 2, 0, 0));
  });

  it('writes each cache on its own some time after its file ran, without being asked', async () => {
    const modules = new CachedModules(cache, bundle, require, 50);
    const main = modules.load(path.join(bundle, 'extension.js')) as { value(): number };
    assert.equal(main.value(), 42);
    assert.deepEqual(files(), []);
    const deadline = Date.now() + 10_000;
    while (modules.cache().written < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(modules.cache(), counts(0, 2, 0, 2));
    assert.equal(files().length, 2);
  });

  it('writes nothing after dispose() (the extension deactivated)', async () => {
    const modules = new CachedModules(cache, bundle, require, 50);
    modules.load(path.join(bundle, 'extension.js'));
    modules.dispose();
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(files(), []);
    assert.equal(modules.cache().written, 0);
  });
});
