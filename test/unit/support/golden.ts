/**
 * Golden files: a long text a test makes (an answer document, a tooltip, a tool's result, a
 * snippet) compared whole with `test/golden/<name>.txt`, instead of line by line in the test.
 *
 *   assertGolden('requests/answer-result', answer.text);
 *
 * With `EXCHANGE_TX_UPDATE_GOLDEN=1` in the environment the file is written instead (then read the
 * change in `git diff` before committing it); otherwise a difference fails with a line diff, and a
 * missing file fails saying how to make it. The text must be the same on every run and machine:
 * give the code a fixed clock, a seeded sandbox and fixed inputs; what still varies (a sandbox's
 * port, by default) is replaced by a placeholder before comparing (see {@link GoldenOptions}).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/** The variable that makes {@link assertGolden} write the files instead of comparing. */
export const UPDATE_GOLDEN_ENV = 'EXCHANGE_TX_UPDATE_GOLDEN';

export interface GoldenOptions {
  /**
   * Replacements made before comparing, after the default ones (a loopback address's port becomes
   * `PORT`: `127.0.0.1:PORT`).
   */
  readonly replace?: readonly (readonly [RegExp, string])[];
}

/** What changes from run to run in every text: the port of a sandbox or a receiver on this machine. */
const DEFAULT_REPLACEMENTS: readonly (readonly [RegExp, string])[] = [
  [/\b(127\.0\.0\.1|localhost):\d{2,5}\b/g, '$1:PORT'],
];

/** The repository's folder: the nearest folder up from here with a package.json (source or compiled). */
function repositoryRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'test'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository above ${__dirname}`);
  }
}

/** The file of a golden text: `test/golden/<name>.txt`. */
export function goldenPath(name: string): string {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(name))
    throw new Error(`a golden file's name is folders and a name of letters, digits, "-" and "_": ${name}`);
  return path.join(repositoryRoot(), 'test', 'golden', `${name}.txt`);
}

/** `text` with the default replacements and `options.replace` made. */
export function normalizeGolden(text: string, options: GoldenOptions = {}): string {
  let out = text;
  for (const [pattern, by] of [...DEFAULT_REPLACEMENTS, ...(options.replace ?? [])]) out = out.replace(pattern, by);
  return out;
}

/** A line diff of two texts (`-` the golden file's lines, `+` the text's), with two lines of context. */
export function lineDiff(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // Longest common subsequence, from the end (the texts are short: a few hundred lines).
  const width = b.length + 1;
  const common = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number): number => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const rows: { mark: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      rows.push({ mark: ' ', line: a[i] ?? '' });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) {
      rows.push({ mark: '-', line: a[i++] ?? '' });
    } else {
      rows.push({ mark: '+', line: b[j++] ?? '' });
    }
  }
  const near = (k: number) => rows.slice(Math.max(0, k - 2), k + 3).some((row) => row.mark !== ' ');
  const shown: string[] = [];
  rows.forEach((row, k) => {
    if (near(k)) shown.push(`${row.mark} ${row.line}`);
    else if (shown[shown.length - 1] !== '  …') shown.push('  …');
  });
  return shown.join('\n');
}

/**
 * Compares `text` (normalized, see {@link normalizeGolden}) with the golden file `name`, or writes
 * it there when `EXCHANGE_TX_UPDATE_GOLDEN=1`.
 */
export function assertGolden(name: string, text: string, options: GoldenOptions = {}): void {
  const file = goldenPath(name);
  const actual = normalizeGolden(text, options);
  const shortName = path.relative(repositoryRoot(), file);
  if (process.env[UPDATE_GOLDEN_ENV] === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, actual);
    return;
  }
  if (!fs.existsSync(file))
    assert.fail(`no golden file ${shortName}: run the test with ${UPDATE_GOLDEN_ENV}=1 to write it, then check it`);
  const expected = fs.readFileSync(file, 'utf8');
  if (expected === actual) return;
  assert.fail(
    `the text differs from ${shortName} (- the file, + now); if the change is meant, run the test with ${UPDATE_GOLDEN_ENV}=1 and check the file's diff:\n${lineDiff(expected, actual)}`,
  );
}
