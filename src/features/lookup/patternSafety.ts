/**
 * Whether a user's regular expression (the `exchangeTx.hover.idPattern` setting) can take
 * exponential or high-polynomial time on a short line. A small scan of the pattern's source, no
 * full parser: it knows escapes, character classes, groups and quantifiers, which is all the rules
 * below need. It assumes the source already compiled (without flags) and refuses when in doubt.
 * Pure: no `vscode` import, unit-tested in plain Node.
 *
 * The rules (the first one broken is told):
 * - a group (capturing, non-capturing or lookaround) that repeats (`*`, `+`, `{n,}`, `{n,m}` with
 *   m > 1, `{n}` with n > 1) must not hold, at any depth, a quantifier of a varying count (`*`, `+`,
 *   `?`, `{n,}`, `{n,m}` with n < m): `(a+)+`, `(?:a?a)*`, `(\d{1,3}-){4}`. An exact count is
 *   no risk (`(?:[0-9a-f]{4}-)+` matches a text in one way only);
 * - nor an alternation: `(a|aa)+`, `(?:x|y)*`;
 * - nor a back-reference: `(a\1)+`, `(?:\k<n>b)*`;
 * - the whole pattern has at most {@link MAX_UNBOUNDED} unbounded quantifiers (`*`, `+`, `{n,}`):
 *   `a*a*a*a*b` is polynomial of a high degree.
 */

/** Unbounded quantifiers allowed in a pattern (the default pattern has two). */
export const MAX_UNBOUNDED = 3;

export type PatternRiskRule =
  'nested-quantifier' | 'repeated-alternation' | 'repeated-backreference' | 'too-many-unbounded';

export interface PatternRisk {
  readonly rule: PatternRiskRule;
  /** The part of the pattern at fault (the repeated group with its quantifier), or the whole. */
  readonly excerpt: string;
  /** In words, for the log: "the pattern repeats a group that itself repeats: (a+)+". */
  readonly reason: string;
}

/** What a group holds, at any depth. */
interface Group {
  readonly start: number;
  /** A quantifier of a varying count. */
  quantifier: boolean;
  alternation: boolean;
  backreference: boolean;
}

interface Quantifier {
  readonly end: number;
  readonly min: number;
  readonly max: number;
}

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), if any. */
function quantifierAt(source: string, i: number): Quantifier | undefined {
  const c = source[i];
  let end: number;
  let min: number;
  let max: number;
  if (c === '*' || c === '+') {
    end = i + 1;
    min = c === '*' ? 0 : 1;
    max = Infinity;
  } else if (c === '?') {
    end = i + 1;
    min = 0;
    max = 1;
  } else if (c === '{') {
    // Without the `u` flag a brace that does not make a quantifier is a literal (`a{x}`, `a{,2}`).
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 40));
    if (!m) return undefined;
    end = i + m[0].length;
    const upper = m[3];
    min = Number(m[1]);
    max = m[2] === undefined ? min : upper === undefined || upper === '' ? Infinity : Number(upper);
  } else {
    return undefined;
  }
  if (source[end] === '?') end++;
  return { end, min, max };
}

/** The end (exclusive) of the character class that starts at `i` (`[`). */
function classEnd(source: string, i: number): number {
  let j = i + 1;
  // In JavaScript `[]` is an empty class: a `]` right after `[` (or `[^`) closes it, so a leading
  // `^` needs no step of its own.
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, source.length);
}

/** The end of the escape at `i` (`\`), and whether it is a back-reference (`\1`, `\k<name>`). */
function escapeEnd(source: string, i: number): { readonly end: number; readonly backreference: boolean } {
  const next = source[i + 1] ?? '';
  if (/[1-9]/.test(next)) {
    let j = i + 2;
    while (j < source.length && /\d/.test(source[j] ?? '')) j++;
    return { end: j, backreference: true };
  }
  if (next === 'k' && source[i + 2] === '<') {
    const close = source.indexOf('>', i + 3);
    if (close > 0) return { end: close + 1, backreference: true };
  }
  return { end: Math.min(i + 2, source.length), backreference: false };
}

/** Where the body of the group opened at `i` (`(`) starts: after `?:`, `?=`, `?<!`, `?<name>`, `?i:`… */
function groupBodyStart(source: string, i: number): number {
  if (source[i + 1] !== '?') return i + 1;
  const rest = source.slice(i + 2, i + 2 + 64);
  const m = /^(?:[:=!]|<[=!]|<[^>]*>|[a-z-]*:)/.exec(rest);
  return i + 2 + (m ? m[0].length : 0);
}

function shorten(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 59)}…`;
}

/** Why running `source` could take exponential or high-polynomial time, or undefined if it looks safe. */
export function patternRisk(source: string): PatternRisk | undefined {
  const root: Group = { start: 0, quantifier: false, alternation: false, backreference: false };
  const stack: Group[] = [root];
  let unbounded = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const top = stack[stack.length - 1] ?? root;
    if (c === '(') {
      stack.push({ start: i, quantifier: false, alternation: false, backreference: false });
      i = groupBodyStart(source, i);
      continue;
    }
    if (c === '|') {
      top.alternation = true;
      i++;
      continue;
    }
    let end: number;
    let closed: Group | undefined;
    if (c === ')' && stack.length > 1) {
      closed = stack.pop();
      end = i + 1;
    } else if (c === '\\') {
      const escape = escapeEnd(source, i);
      if (escape.backreference) top.backreference = true;
      end = escape.end;
    } else if (c === '[') {
      end = classEnd(source, i);
    } else {
      end = i + 1;
    }
    const parent = stack[stack.length - 1] ?? root;
    const quantifier = quantifierAt(source, end);
    if (quantifier) {
      if (quantifier.min !== quantifier.max) parent.quantifier = true;
      if (quantifier.max === Infinity) unbounded++;
      if (closed && quantifier.max > 1) {
        const excerpt = shorten(source.slice(closed.start, quantifier.end));
        if (closed.quantifier)
          return {
            rule: 'nested-quantifier',
            excerpt,
            reason: `the pattern repeats a group that itself repeats: ${excerpt}`,
          };
        if (closed.alternation)
          return {
            rule: 'repeated-alternation',
            excerpt,
            reason: `the pattern repeats a group with alternatives: ${excerpt}`,
          };
        if (closed.backreference)
          return {
            rule: 'repeated-backreference',
            excerpt,
            reason: `the pattern repeats a group with a back-reference: ${excerpt}`,
          };
      }
      end = quantifier.end;
    }
    if (closed) {
      parent.quantifier ||= closed.quantifier;
      parent.alternation ||= closed.alternation;
      parent.backreference ||= closed.backreference;
    }
    i = end;
  }
  if (unbounded > MAX_UNBOUNDED) {
    return {
      rule: 'too-many-unbounded',
      excerpt: shorten(source),
      reason: `the pattern has ${unbounded} unbounded repetitions (*, + or {n,}), more than ${MAX_UNBOUNDED}`,
    };
  }
  return undefined;
}
