/**
 * What looks like a transaction id: the `exchangeTx.hover.idPattern` setting compiled with word
 * boundaries, and finding the id under a cursor. A user's pattern runs on every hover, so it only
 * sees {@link ID_SEARCH_WINDOW} characters each side of the cursor, and each search is stopped
 * after a few milliseconds (timeBound.ts): a pattern that backtracks for ages cannot run away.
 * Pure: no `vscode` import, unit-tested in plain Node.
 */
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
  /**
   * The extension's own default, which runs in linear time on the bounded window: searched
   * directly. Only a user's pattern runs under the time bound (which a busy machine can exceed
   * with any pattern, and the default must keep working there).
   */
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

/**
 * Compiles the setting's text. An invalid pattern and one that matches empty text fall back to the
 * default, with the reason in `error`.
 */
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

/**
 * The id whose match covers `character` in `line` (the cursor may sit just after its last
 * character, as VS Code's word ranges allow), and whether the search was stopped by the time bound.
 */
export function searchIdAt(line: string, character: number, pattern: CompiledIdPattern): IdSearch {
  // Only a window around the cursor is searched; a match touching a cut edge is not trusted, since
  // the text beyond it could change whether (or how far) it matches.
  const from = Math.max(0, character - ID_SEARCH_WINDOW);
  const to = Math.min(line.length, character + ID_SEARCH_WINDOW);
  const text = line.slice(from, to);
  const search = () => matchesUpTo(pattern.regex, text, character - from);
  // A search stopped once is tried once more, with a longer bound, before it counts as timed out:
  // a garbage collection pause or the process waiting for the CPU (a loaded machine) can outlast
  // the first bound, even twice in a row; a runaway pattern outlasts any.
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

/** The id under the cursor (see {@link searchIdAt}); undefined also when the search timed out. */
export function findIdAt(line: string, character: number, pattern: CompiledIdPattern): IdMatch | undefined {
  return searchIdAt(line, character, pattern).match;
}

/** Whether the whole text is an id by the pattern. */
export function matchesIdPattern(text: string, pattern: CompiledIdPattern): boolean {
  const found = findIdAt(text, 0, pattern);
  return found !== undefined && found.start === 0 && found.end === text.length;
}
