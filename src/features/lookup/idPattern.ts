/** What looks like a transaction id: a user's pattern runs on a bounded window, under a time bound. */
import { RETRY_BOUND_MS, runBounded } from './timeBound';
import { errorText } from '../../shared/errorText';

/** The default of `exchangeTx.hover.idPattern`: 8–32 lowercase letters and digits, at least one of each. */
export const DEFAULT_ID_PATTERN = '(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[0-9])[a-z0-9]{8,32}';

/** The pattern is matched only against this many characters each side of the cursor. */
export const ID_SEARCH_WINDOW = 64;

export interface CompiledIdPattern {
  /** The setting's text that was compiled (the default when that text was unusable). */
  readonly source: string;
  /** Global regex: the pattern between word boundaries. */
  readonly regex: RegExp;
  /** Why the given text was not usable, when the default was used instead. */
  readonly error?: string;
  /** The default runs in linear time, unbounded: a busy machine could exceed any time bound. */
  readonly builtIn?: true;
}

/** Wraps a pattern in word boundaries, so `abc12345` is not found inside `xabc12345y`. */
function bounded(source: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`, 'g');
}

const DEFAULT_COMPILED: CompiledIdPattern = {
  source: DEFAULT_ID_PATTERN,
  regex: bounded(DEFAULT_ID_PATTERN),
  builtIn: true,
};

/** Compiles the setting; an invalid or empty-matching pattern falls back with the reason. */
export function compileIdPattern(source: string | undefined): CompiledIdPattern {
  if (source === undefined || source.trim() === '' || source === DEFAULT_ID_PATTERN) return DEFAULT_COMPILED;
  let alone: RegExp;
  try {
    // Alone first: text such as `[a-z` or `a)(b` must not be rescued (or changed) by the wrapping.
    alone = new RegExp(source);
  } catch (error) {
    return { ...DEFAULT_COMPILED, error: errorText(error) };
  }
  if (alone.test('')) return { ...DEFAULT_COMPILED, error: 'the pattern matches empty text' };
  return { source, regex: bounded(source) };
}

export interface IdMatch {
  readonly id: string;
  /** Offsets in the line: `start` inclusive, `end` exclusive. */
  readonly start: number;
  readonly end: number;
}

export interface IdSearch {
  readonly match: IdMatch | undefined;
  /** The search was stopped by the time bound: no match was found, and the pattern is to blame. */
  readonly timedOut: boolean;
}

/** Every match of `regex` in `text`, as [start, end) pairs, up to the first starting after `until`. */
function matchesUpTo(regex: RegExp, text: string, until: number): [number, number][] {
  const found: [number, number][] = [];
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (m[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    found.push([m.index, m.index + m[0].length]);
    if (m.index > until) break;
  }
  return found;
}

/** The id whose match covers `character` (or ends just before it), and whether time ran out. */
export function searchIdAt(line: string, character: number, pattern: CompiledIdPattern): IdSearch {
  // Only a window around the cursor is searched; a match touching a cut edge is not trusted.
  const from = Math.max(0, character - ID_SEARCH_WINDOW);
  const to = Math.min(line.length, character + ID_SEARCH_WINDOW);
  const text = line.slice(from, to);
  const search = () => matchesUpTo(pattern.regex, text, character - from);
  // A stopped search gets one longer try: a GC pause or a loaded CPU can outlast the first bound.
  if (pattern.builtIn) return pickMatch(search(), line, character, from, to);
  let run = runBounded(search);
  if (run.timedOut) run = runBounded(search, RETRY_BOUND_MS);
  if (run.timedOut) return { match: undefined, timedOut: true };
  return pickMatch(run.value, line, character, from, to);
}

/** The match of `matches` (relative to the window `from`–`to` of `line`) that covers `character`. */
function pickMatch(
  matches: readonly (readonly [number, number])[],
  line: string,
  character: number,
  from: number,
  to: number,
): IdSearch {
  for (const [relativeStart, relativeEnd] of matches) {
    const start = from + relativeStart;
    const end = from + relativeEnd;
    if (start > character) break;
    if (end < character) continue;
    if ((start === from && from > 0) || (end === to && to < line.length)) break;
    return { match: { id: line.slice(start, end), start, end }, timedOut: false };
  }
  return { match: undefined, timedOut: false };
}
