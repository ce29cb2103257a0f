import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../src/shared/jsonDepth';

/** The nesting of arrays and objects in jsonc-parser's tree (recursive: small trees only). */
function treeDepth(node: Node | undefined): number {
  if (!node) return 0;
  const own = node.type === 'array' || node.type === 'object' ? 1 : 0;
  return own + Math.max(0, ...(node.children ?? []).map(treeDepth));
}

describe('JSON nesting depth, counted without parsing', () => {
  it('is 64 levels', () => {
    assert.equal(MAX_JSON_DEPTH, 64);
  });

  it('counts arrays and objects, up to the bound and one past it', () => {
    assert.equal(nestsDeeperThan('{"a": [1, {"b": []}]}', 4), false);
    assert.equal(nestsDeeperThan('{"a": [1, {"b": []}]}', 3), true);
    assert.equal(nestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`), false);
    assert.equal(nestsDeeperThan(`${'['.repeat(65)}${']'.repeat(65)}`), true);
    assert.equal(nestsDeeperThan('[[]] [[]] [[]]', 2), false, 'siblings do not add up');
    assert.equal(nestsDeeperThan('', 0), false);
    assert.equal(nestsDeeperThan('{}', 0), true);
  });

  it('does not count brackets in strings or comments, and ends them where the JSONC parser does', () => {
    assert.equal(nestsDeeperThan('{"a": "[[[[[[", "b": "\\"[[[["}', 1), false);
    assert.equal(nestsDeeperThan('{ // [[[[[[\n "a": 1 /* {{{{{ */ }', 1), false);
    // An unterminated string ends at its line: the brackets of the next line are read.
    assert.equal(nestsDeeperThan('{"a": "open\n [[[ ]]] }', 3), true);
    // An escaped line break does not end it (the parser reads on, in the string).
    assert.equal(nestsDeeperThan('{"a": "open\\\n [[[ ]]]" }', 1), false);
    // A block comment left open runs to the end.
    assert.equal(nestsDeeperThan('{ /* [[[[[ ', 1), false);
  });

  it('does not let a closing bracket of the wrong kind close anything', () => {
    assert.equal(nestsDeeperThan('[}[}[}[}', 3), true);
    assert.equal(nestsDeeperThan('{]{]{]', 2), true);
  });

  it('answers for 100,000 levels (in 600 kB) without recursing', () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    assert.equal(nestsDeeperThan(deep), true);
    assert.equal(nestsDeeperThan(deep, 100_000), false);
  });

  it('property: never below the depth of the tree jsonc-parser builds, broken texts included', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '{',
      '}',
      '"',
      '\\',
      '\n',
      '/',
      '*',
      ',',
      ':',
      '1',
      'a',
      ' ',
      '"k":',
      '//',
      '/*',
      '*/',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join('')),
        (text) => {
          const depth = treeDepth(parseTree(text, [], { allowTrailingComma: true, disallowComments: false }));
          if (depth > 0) assert.equal(nestsDeeperThan(text, depth - 1), true, JSON.stringify(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
