/**
 * The one atomic write, with real files: the content replaced whole, owner-only, nothing left
 * beside it; a symlink planted where write-file-atomic alone would put its temporary file (its name
 * guessed as an attacker would: from the library's path, the pid, the thread and a counter) is not
 * followed, nor is one at the file itself.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as os from 'os';
import * as path from 'path';
import { threadId } from 'worker_threads';
import writeFileAtomic from 'write-file-atomic';
import { writeFileAtomicSync } from '../../../src/forward/atomicFile';

interface Murmur {
  hash(text: string): Murmur;
  result(): number;
}
const load = createRequire(__filename);
const murmur = load('imurmurhash') as (seed: string) => Murmur;
const library = load.resolve('write-file-atomic');
const libraryTemporaryName = (load('write-file-atomic') as { _getTmpname: (file: string) => string })._getTmpname;

/** The temporary names write-file-atomic will give `file` at its next `count` writes. */
function guessedTemporaryNames(file: string, count: number): string[] {
  const hashOf = (n: number): number =>
    murmur(library).hash(String(process.pid)).hash(String(threadId)).hash(String(n)).result();
  const probe = libraryTemporaryName('probe');
  let n = 1;
  while (probe !== `probe.${hashOf(n)}`) n++;
  return Array.from({ length: count }, (_, i) => `${file}.${hashOf(n + 1 + i)}`);
}

describe('atomic file write', () => {
  let dir: string;
  beforeEach(() => (dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-file-')))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replaces the content whole, owner-only, and leaves nothing beside it', () => {
    const file = path.join(dir, 'state.json');
    writeFileAtomicSync(file, 'first');
    writeFileAtomicSync(file, 'second');
    assert.equal(fs.readFileSync(file, 'utf8'), 'second');
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(dir), ['state.json']);
  });

  it('follows no symlink planted at a guessable temporary path', () => {
    const victim = path.join(dir, 'victim');
    fs.writeFileSync(victim, 'precious');
    const file = path.join(dir, 'state.json');
    const [guess] = guessedTemporaryNames(file, 1);
    fs.symlinkSync(victim, guess);
    writeFileAtomic.sync(file, 'planted', { mode: 0o600 });
    assert.equal(fs.readFileSync(victim, 'utf8'), 'planted', 'the guess is right: the library alone follows it');

    fs.writeFileSync(victim, 'precious');
    for (const name of guessedTemporaryNames(file, 20)) fs.symlinkSync(victim, name);
    writeFileAtomicSync(file, 'new state');
    assert.equal(fs.readFileSync(victim, 'utf8'), 'precious');
    assert.equal(fs.readFileSync(file, 'utf8'), 'new state');
  });

  it('replaces a symlink at the file itself rather than writing through it', () => {
    const victim = path.join(dir, 'victim');
    fs.writeFileSync(victim, 'precious');
    const file = path.join(dir, 'state.json');
    fs.symlinkSync(victim, file);
    writeFileAtomicSync(file, 'new state');
    assert.equal(fs.readFileSync(victim, 'utf8'), 'precious');
    assert.equal(fs.lstatSync(file).isSymbolicLink(), false);
    assert.equal(fs.readFileSync(file, 'utf8'), 'new state');
  });
});
