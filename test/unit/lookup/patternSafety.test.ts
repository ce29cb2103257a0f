import { strict as assert } from 'assert';
import fc from 'fast-check';
import { DEFAULT_ID_PATTERN } from '../../../src/features/lookup/idPattern';
import { patternRisk } from '../../../src/features/lookup/patternSafety';
import type { PatternRiskRule } from '../../../src/features/lookup/patternSafety';

/** Patterns that run in linear or low-polynomial time: accepted. */
const SAFE: readonly string[] = [
  '(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[0-9])[a-z0-9]{8,32}',
  'TX-[0-9]{4}',
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  '[a-z]+',
  'ord_[A-Za-z0-9]+',
  '(?:[0-9a-f]{4}-)+[0-9a-f]{4}',
  '(?:ab)+c',
  '(?:(?:ab){2}c)*d',
  '(a+)?b',
  '(a+){1}b',
  '(a+){0,1}b',
  '(?:a|b)c+',
  '(tx)\\1',
  'a*b*c*d',
  '\\(a+\\)+',
  '\\(a|b\\)+',
  '[(*+]+',
  '(?:[a|b]c)+',
  '(?:[+*]x)+',
  '(?:a\\|b)+',
  '(?:a\\+b)+',
  '[(a+)]+',
  '[\\]a+(]+',
  '[]a+]+',
  'a{x}+',
  'x(?<name>[a-z]+)y',
  '(?<=id=)[a-z0-9]+',
  '[^]]+',
  '(?:a{3})+',
  '(a+){x}{2}',
  '(?:[\\]+])+',
  '(?:\\w>)+',
  '(?:\\w<b>)+',
  '(?:\\kb>)+',
  '(?:\\k<a)+',
];

/** Patterns that take exponential or high-polynomial time on a short line: refused, with the rule and the part at fault. */
const CATASTROPHIC: readonly (readonly [string, PatternRiskRule, string])[] = [
  ['(a+)+b', 'nested-quantifier', '(a+)+'],
  ['(a*)*b', 'nested-quantifier', '(a*)*'],
  ['(?:a+)+b', 'nested-quantifier', '(?:a+)+'],
  ['(a?a)+b', 'nested-quantifier', '(a?a)+'],
  ['(a+){2,}b', 'nested-quantifier', '(a+){2,}'],
  ['(a+){2,5}b', 'nested-quantifier', '(a+){2,5}'],
  ['(a+){10}b', 'nested-quantifier', '(a+){10}'],
  ['(\\d{1,3}-){4}x', 'nested-quantifier', '(\\d{1,3}-){4}'],
  ['((a+)b)*c', 'nested-quantifier', '((a+)b)*'],
  ['(?:x(?:y(?:a+)))+z', 'nested-quantifier', '(?:x(?:y(?:a+)))+'],
  ['(?=a+)+b', 'nested-quantifier', '(?=a+)+'],
  ['(?:[a-z]+[0-9]?)+$', 'nested-quantifier', '(?:[a-z]+[0-9]?)+'],
  ['(a+)+?b', 'nested-quantifier', '(a+)+?'],
  ['([a-z]+)*\\(', 'nested-quantifier', '([a-z]+)*'],
  ['(\\(+)+x', 'nested-quantifier', '(\\(+)+'],
  ['(a|aa)+b', 'repeated-alternation', '(a|aa)+'],
  ['(a|a)*b', 'repeated-alternation', '(a|a)*'],
  ['(?:x|(?:y))*', 'repeated-alternation', '(?:x|(?:y))*'],
  ['((a|b)c)+', 'repeated-alternation', '((a|b)c)+'],
  ['(a)(\\1)+', 'repeated-backreference', '(\\1)+'],
  ['(?<x>a)(?:\\k<x>b)*', 'repeated-backreference', '(?:\\k<x>b)*'],
  ['(a)(?:(?:\\1)b)+', 'repeated-backreference', '(?:(?:\\1)b)+'],
  ['a*a*a*a*a*b', 'too-many-unbounded', 'a*a*a*a*a*b'],
  ['[a-z]+-[a-z]+-[a-z]+-[a-z]{2,}', 'too-many-unbounded', '[a-z]+-[a-z]+-[a-z]+-[a-z]{2,}'],
];

describe('id pattern safety analysis', () => {
  it('accepts the default pattern', () => {
    assert.equal(patternRisk(DEFAULT_ID_PATTERN), undefined);
  });

  it('accepts patterns that cannot backtrack for long', () => {
    for (const source of SAFE) {
      new RegExp(source); // every pattern of the table compiles
      assert.equal(patternRisk(source), undefined, source);
    }
  });

  it('refuses nested quantifiers, repeated alternations and back-references, and too many unbounded repetitions', () => {
    for (const [source, rule, excerpt] of CATASTROPHIC) {
      new RegExp(source);
      const risk = patternRisk(source);
      assert.equal(risk?.rule, rule, source);
      assert.equal(risk?.excerpt, excerpt, source);
    }
  });

  it('says why in words', () => {
    assert.equal(patternRisk('(a+)+b')?.reason, 'the pattern repeats a group that itself repeats: (a+)+');
    assert.equal(patternRisk('(a|aa)+b')?.reason, 'the pattern repeats a group with alternatives: (a|aa)+');
    assert.equal(patternRisk('(a)(\\1)+')?.reason, 'the pattern repeats a group with a back-reference: (\\1)+');
    assert.equal(
      patternRisk('a*a*a*a*a*b')?.reason,
      'the pattern has 5 unbounded repetitions (*, + or {n,}), more than 3',
    );
  });

  it('reads any pattern that compiles without throwing (property)', () => {
    const piece = fc.constantFrom(
      'a',
      '(',
      ')',
      '(?:',
      '(?=',
      '(?<=',
      '(?<n>',
      '[',
      ']',
      '^',
      '\\',
      '|',
      '*',
      '+',
      '?',
      '{2}',
      '{1,',
      '}',
      '\\1',
      '\\k<n>',
      '.',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const source = pieces.join('');
        try {
          new RegExp(source);
        } catch {
          return;
        }
        const risk = patternRisk(source);
        if (risk) assert.ok(source.includes(risk.excerpt.replace(/…$/, '')), source);
      }),
      { numRuns: 2000 },
    );
  });

  it('shortens a long part at fault', () => {
    const group = `(?:${'x'.repeat(80)}a+)+`;
    assert.equal(patternRisk(group)?.excerpt, `(?:${'x'.repeat(56)}…`);
    const sixty = `(?:${'x'.repeat(53)}a+)+`;
    assert.equal(sixty.length, 60);
    assert.equal(patternRisk(sixty)?.excerpt, sixty, 'sixty characters are shown whole');
    assert.equal(patternRisk(`(?:${'x'.repeat(54)}a+)+`)?.excerpt, `(?:${'x'.repeat(54)}a+)`.slice(0, 59) + '…');
  });
});
