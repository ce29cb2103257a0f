import { strict as assert } from 'assert';
import fc from 'fast-check';
import { compileIdPattern, DEFAULT_ID_PATTERN, searchIdAt } from '../../../src/features/lookup/idPattern';
import { findIdAt, matchesIdPattern } from './findId';
import { idFromArgument, idProblem, trimId } from '../../../src/shared/transactionId';
import { TIME_BOUND_MS } from '../../../src/features/lookup/timeBound';

/** Every id the cursor finds on each character of `line`. */
function idsAlong(line: string, source?: string): (string | undefined)[] {
  const pattern = compileIdPattern(source);
  return [...Array(line.length + 1).keys()].map((i) => findIdAt(line, i, pattern)?.id);
}

describe('transaction id pattern', () => {
  const defaults = compileIdPattern(undefined);

  it("is the manifest's default", async () => {
    const { readFile } = await import('fs/promises');
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    assert.equal(
      manifest.contributes.configuration.properties['exchangeTx.hover.idPattern']?.default,
      DEFAULT_ID_PATTERN,
    );
  });

  it('matches 8–32 lowercase letters and digits with at least one of each', () => {
    for (const id of ['abc12345', 'jt8v5hq2w4ks9d', '1a2b3c4d', `${'a'.repeat(31)}1`])
      assert.ok(matchesIdPattern(id, defaults), id);
    for (const text of ['abcdefgh', '12345678', 'abc1234', `${'a'.repeat(32)}1`, 'ABC12345', 'abc-12345', 'Abc12345'])
      assert.ok(!matchesIdPattern(text, defaults), text);
  });

  it('finds the id under the cursor between word boundaries, with its range', () => {
    const line = 'tx = "jt8v5hq2w4ks9d"; // see abc12345';
    assert.deepEqual(findIdAt(line, 6, defaults), { id: 'jt8v5hq2w4ks9d', start: 6, end: 20 });
    assert.deepEqual(
      findIdAt(line, 20, defaults),
      { id: 'jt8v5hq2w4ks9d', start: 6, end: 20 },
      'just after the last character',
    );
    assert.equal(findIdAt(line, 2, defaults), undefined);
    assert.equal(findIdAt(line, 26, defaults), undefined, 'the comment marker');
    assert.equal(findIdAt(line, line.length, defaults)?.id, 'abc12345');
  });

  it('does not find ids inside longer words, upper case or underscores', () => {
    for (const line of ['xjt8v5hq2w4ks9dX', 'my_abc12345', 'abc12345_x', 'ABCabc12345', `${'a1'.repeat(17)}`]) {
      assert.deepEqual(
        idsAlong(line).filter((id) => id !== undefined),
        [],
        line,
      );
    }
  });

  it('finds ids next to punctuation: quotes, slashes, dots, hyphens', () => {
    assert.equal(findIdAt('/v2/tx/abc12345.json', 10, defaults)?.id, 'abc12345');
    assert.equal(findIdAt('id=abc12345&x=1', 5, defaults)?.id, 'abc12345');
    assert.equal(findIdAt('abc12345-def67890', 12, defaults)?.id, 'def67890');
  });

  it('finds ids near the cursor on very long lines, never one cut by the search window', () => {
    const filler = 'x '.repeat(5000);
    const line = `${filler}abc12345 ${filler}`;
    assert.equal(findIdAt(line, filler.length + 3, defaults)?.id, 'abc12345');
    const long = 'a1'.repeat(3000);
    assert.equal(findIdAt(long, 3000, compileIdPattern('[a-z0-9]+')), undefined);
  });

  it('searches only 64 characters each side of the cursor', () => {
    const line = `abc12345 ${'-'.repeat(200)} jt8v5hq2w4ks9d ${'-'.repeat(200)}`;
    assert.deepEqual(
      findIdAt(line, 213, defaults),
      { id: 'jt8v5hq2w4ks9d', start: 210, end: 224 },
      'the id under the cursor',
    );
    assert.equal(findIdAt(line, 203, defaults), undefined, 'the cursor on the dashes, an id 200 characters away');
    // What the pattern sees: a lookbehind finds its key 30 characters back, not 200.
    const keyed = compileIdPattern('(?<=KEY=.*)[a-z0-9]{8}');
    assert.equal(keyed.error, undefined);
    assert.equal(findIdAt(`KEY=${'-'.repeat(30)} abc12345`, 38, keyed)?.id, 'abc12345');
    assert.equal(findIdAt(`KEY=${'-'.repeat(200)} abc12345`, 208, keyed), undefined);
    // A match reaching out of the window is not trusted; the same match inside it is.
    const wide = compileIdPattern('[a-z]+-*[a-z]+');
    assert.equal(findIdAt(`abc${'-'.repeat(200)}def`, 100, wide), undefined);
    assert.equal(findIdAt(`abc${'-'.repeat(40)}def`, 20, wide)?.id, `abc${'-'.repeat(40)}def`);
  });

  it('stops a search that backtracks for ages and says so, instead of blocking', () => {
    // (a+)+b tries 2^40 ways on 40 a's before the c: without the time bound this test would not end.
    const catastrophic = compileIdPattern('(a+)+b');
    const line = `${'a'.repeat(40)}c`;
    assert.deepEqual(searchIdAt(line, 20, catastrophic), { match: undefined, timedOut: true });
    assert.equal(findIdAt(line, 20, catastrophic), undefined);
    // The pattern itself still works where it finds its match at once.
    assert.deepEqual(searchIdAt('aab', 1, catastrophic), { match: { id: 'aab', start: 0, end: 3 }, timedOut: false });
    assert.deepEqual(searchIdAt('x abc12345 y', 4, defaults), {
      match: { id: 'abc12345', start: 2, end: 10 },
      timedOut: false,
    });
  });

  it('tries a search stopped by a pause once more, with a longer bound, before giving up', () => {
    // The first search is held up well past the first bound, as a pause of the process can hold
    // it; the second runs at once.
    const compiled = compileIdPattern('TX-[0-9]{4}');
    let held = 0;
    class HeldRegExp extends RegExp {
      override exec(text: string): RegExpExecArray | null {
        if (this.lastIndex === 0 && held === 0) {
          held++;
          const until = performance.now() + 4 * TIME_BOUND_MS;
          while (performance.now() < until);
        }
        return super.exec(text);
      }
    }
    const regex = new HeldRegExp(compiled.regex.source, compiled.regex.flags);
    assert.deepEqual(searchIdAt('ref TX-1234 done', 6, { ...compiled, regex }), {
      match: { id: 'TX-1234', start: 4, end: 11 },
      timedOut: false,
    });
    assert.equal(held, 1);
  });

  it('falls back to the default for invalid or empty-matching patterns, saying why', () => {
    for (const bad of ['([', '[a-z', 'a*', '(?:)']) {
      const compiled = compileIdPattern(bad);
      assert.equal(compiled.source, DEFAULT_ID_PATTERN, bad);
      assert.ok(compiled.error, bad);
      assert.ok(matchesIdPattern('abc12345', compiled));
    }
    assert.equal(compileIdPattern('').error, undefined);
    assert.equal(compileIdPattern('   ').source, DEFAULT_ID_PATTERN);
  });

  it('uses a custom pattern, still between word boundaries', () => {
    const uuid = compileIdPattern('[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}');
    assert.equal(uuid.error, undefined);
    const id = '123e4567-e89b-12d3-a456-426614174000';
    assert.deepEqual(findIdAt(`"${id}"`, 10, uuid), { id, start: 1, end: id.length + 1 });
    assert.equal(findIdAt(`x${id}`, 10, uuid), undefined);
    assert.equal(findIdAt('abc12345', 3, uuid), undefined);
  });

  it('never throws and only returns matches that cover the cursor (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(80), (line, at) => {
        const character = Math.min(at, line.length);
        const found = findIdAt(line, character, defaults);
        if (found === undefined) return;
        assert.ok(found.start <= character && character <= found.end);
        assert.equal(line.slice(found.start, found.end), found.id);
        assert.ok(matchesIdPattern(found.id, defaults));
      }),
    );
  });
});

describe('ids from command arguments and input', () => {
  it('takes a string or an object with a string id, trimmed of space and quotes', () => {
    assert.equal(idFromArgument('abc12345'), 'abc12345');
    assert.equal(idFromArgument('  "abc12345" '), 'abc12345');
    assert.equal(idFromArgument({ id: '`abc12345`', label: 'x' }), 'abc12345');
    for (const none of [undefined, null, 42, '', '  ', {}, { id: 7 }, { path: '/x', scheme: 'file' }])
      assert.equal(idFromArgument(none), undefined);
  });

  it('trims matching quotes only', () => {
    assert.equal(trimId("'abc'"), 'abc');
    assert.equal(trimId('"abc\''), '"abc\'');
  });

  it('says what is wrong with typed text', () => {
    assert.equal(idProblem('jt8v5hq2w4ks9d'), undefined);
    assert.equal(idProblem(' "abc-123_X" '), undefined);
    assert.equal(idProblem(''), 'empty');
    assert.equal(idProblem('   '), 'empty');
    assert.equal(idProblem('abc 123'), 'characters');
    assert.equal(idProblem('[x](command:foo)'), 'characters');
    assert.equal(idProblem('abc'), 'length');
    assert.equal(idProblem('a'.repeat(65)), 'length');
  });
});
