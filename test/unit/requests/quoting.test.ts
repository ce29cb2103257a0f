/**
 * The snippets' quoting helpers, checked by the interpreters themselves: every literal is run by
 * bash, node or python3 and must give back exactly the UTF-8 bytes of its text, for hand-picked
 * hostile strings and for generated ones (fast-check, a fixed seed, one process per language).
 */
import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { isInvisible } from '../../../src/shared/safeText';
import { jsString, pythonString, QuotingError, shellQuote, wellFormed } from '../../../src/features/requests/quoting';
import { bashUnavailable, childEnv, findPython, runProcess, temporaryFolder } from './processes';

const HOSTILE: readonly string[] = [
  '',
  "'",
  '"',
  "''",
  '\\',
  '\\\\',
  "it's",
  '$(touch PWNED)',
  '`touch PWNED`',
  '${HOME}',
  "$HOME $1 $@ $$ $? $'x'",
  '!! !$ ^a^b',
  '%s %n %% %b \\x41 \\u0041 \\U00000041 \\N{BULLET}',
  '\n',
  '\r\n',
  'a\nb\n',
  '\t\v\f\b',
  '\u0007\u001b[31mred\u001b[0m',
  '\u007f\u0080\u0085\u009f',
  'ünïcødé 中文 日本語 한국어',
  '😀👍🏽👨‍👩‍👧',
  '\u202eexe.txt\u202c \u2066isolate\u2069 \u200e\u200f',
  '\u200b\u200c\u200d\u2060\ufeff',
  '\u00a0\u2000\u3000',
  '\u2028\u2029',
  '\u{e0001}\u{e0041}',
  '\ud800 lone \udfff surrogates \udbff',
  "'\"'\"'",
  '"; echo INJECTED; "',
  "'; echo INJECTED; '",
  '#{x} {x} f"{x}" \\{',
  '</script><!--',
  'x'.repeat(20_000),
  `${'é中'.repeat(3_000)}'${'😀'.repeat(1_000)}`,
];

/** Strings built from the characters quoting gets wrong, mixed with any code point. */
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "'",
      '"',
      '\\',
      '$',
      '`',
      '!',
      '%',
      '{',
      '}',
      '\n',
      '\r',
      '\t',
      ' ',
      '\u202e',
      '\u2028',
      '\u200b',
      '\u00a0',
      'é',
      '😀',
      'x',
      '0',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

const GENERATED = fc.sample(tricky, { numRuns: 400, seed: 20_261_123 });

function expectedHex(texts: readonly string[]): string[] {
  return texts.map((text) => Buffer.from(text, 'utf8').toString('hex'));
}

describe('snippet quoting', function () {
  this.timeout(60_000);
  let folder: ReturnType<typeof temporaryFolder>;

  before(() => {
    folder = temporaryFolder('exchange-tx-quoting-');
  });
  after(() => folder.remove());

  describe('shape', () => {
    it('writes no control, format or separator character as such', () => {
      for (const text of [...HOSTILE, ...GENERATED].filter((t) => !t.includes('\u0000'))) {
        for (const literal of [shellQuote(text), jsString(text), pythonString(text)]) {
          for (const char of literal)
            assert.ok(!isInvisible(char), `U+${(char.codePointAt(0) ?? 0).toString(16)} written as such`);
        }
      }
    });

    it('keeps printable text readable, JSON in single quotes', () => {
      assert.equal(shellQuote('{"a":"b"}'), `'{"a":"b"}'`);
      assert.equal(shellQuote("it's"), "'it'\\''s'");
      assert.equal(shellQuote(''), "''");
      assert.equal(shellQuote('a\nb'), "'a'$'\\x0A''b'");
      assert.equal(jsString('{"a":"é"}'), `'{"a":"é"}'`);
      assert.equal(jsString("it's"), `"it's"`);
      assert.equal(pythonString('{"a":"\u202e"}'), `'{"a":"\\u202E"}'`);
      assert.equal(pythonString('\u0000\u{e0001}'), '"\\x00\\U000E0001"');
      assert.equal(jsString('\u{e0001}\u2028'), '"\\u{E0001}\\u2028"');
    });

    it('refuses a NUL in a shell string, and takes lone surrogates as U+FFFD like UTF-8 does', () => {
      assert.throws(() => shellQuote('a\u0000b'), QuotingError);
      assert.equal(wellFormed('a\ud800b'), 'a\ufffdb');
    });
  });

  describe('round trip through the interpreters', () => {
    const texts = [...HOSTILE, ...GENERATED];

    it('bash: each word, assigned and printed, gives back the bytes', async function () {
      const reason = bashUnavailable();
      if (reason) {
        console.log(`      skipped: ${reason}`);
        this.skip();
      }
      const shellTexts = texts.filter((t) => !wellFormed(t).includes('\u0000'));
      const script = shellTexts.map((text) => `v=${shellQuote(text)}; printf '%s\\0' "$v"`).join('\n');
      const file = path.join(folder.path, 'quoting.sh');
      fs.writeFileSync(file, `set -eu\n${script}\n`);
      const outcome = await runProcess('bash', [file], { cwd: folder.path, env: childEnv({ LC_ALL: 'C' }) });
      assert.equal(outcome.code, 0, outcome.stderr.slice(0, 500));
      const written: string[] = [];
      let start = 0;
      for (let end = outcome.stdoutBytes.indexOf(0); end >= 0; end = outcome.stdoutBytes.indexOf(0, start)) {
        written.push(outcome.stdoutBytes.subarray(start, end).toString('hex'));
        start = end + 1;
      }
      assert.equal(start, outcome.stdoutBytes.length, 'nothing after the last word');
      assert.deepEqual(written, expectedHex(shellTexts));
      assert.ok(!fs.existsSync(path.join(folder.path, 'PWNED')));
    });

    it('node: each literal gives back the bytes', async () => {
      const file = path.join(folder.path, 'quoting.js');
      fs.writeFileSync(
        file,
        `for (const s of [\n${texts.map(jsString).join(',\n')}\n]) process.stdout.write(Buffer.from(s, 'utf8').toString('hex') + '\\n');\n`,
      );
      const outcome = await runProcess(process.execPath, [file], { cwd: folder.path });
      assert.equal(outcome.code, 0, outcome.stderr.slice(0, 500));
      assert.deepEqual(outcome.stdout.split('\n').slice(0, -1), expectedHex(texts));
    });

    it('python3: each literal gives back the bytes', async function () {
      const python = findPython(false);
      if ('reason' in python) {
        console.log(`      skipped: ${python.reason}`);
        return this.skip();
      }
      const executable = python.executable;
      const file = path.join(folder.path, 'quoting.py');
      fs.writeFileSync(
        file,
        `import sys\nfor s in [\n${texts.map(pythonString).join(',\n')}\n]:\n    sys.stdout.write(s.encode("utf-8").hex() + "\\n")\n`,
      );
      const outcome = await runProcess(executable, [file], { cwd: folder.path });
      assert.equal(outcome.code, 0, outcome.stderr.slice(0, 500));
      assert.deepEqual(outcome.stdout.split('\n').slice(0, -1), expectedHex(texts));
    });
  });
});
