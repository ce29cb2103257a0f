/**
 * What looks like a transaction id: the `exchangeTx.hover.idPattern` setting compiled with word
 * boundaries, finding the id under a cursor, reading an id from a command argument and checking
 * one typed into an input box. Pure: no `vscode` import, unit-tested in plain Node.
 */

/** The default of `exchangeTx.hover.idPattern`: 8–32 lowercase letters and digits, at least one of each. */
export const DEFAULT_ID_PATTERN = '(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[0-9])[a-z0-9]{8,32}';

/** Lines longer than this are searched only in a window around the cursor. */
const MAX_SCAN = 1024;

export interface CompiledIdPattern {
  /** The setting's text that was compiled (the default when that text was unusable). */
  readonly source: string;
  /** Global regex: the pattern between word boundaries. */
  readonly regex: RegExp;
  /** Why the given text was not usable, when the default was used instead. */
  readonly error?: string;
}

/** Wraps a pattern in word boundaries, so `abc12345` is not found inside `xabc12345y`. */
function bounded(source: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`, 'g');
}

const DEFAULT_COMPILED: CompiledIdPattern = { source: DEFAULT_ID_PATTERN, regex: bounded(DEFAULT_ID_PATTERN) };

/**
 * Compiles the setting's text. An empty, invalid or empty-matching pattern falls back to the
 * default, with the reason in `error`.
 */
export function compileIdPattern(source: string | undefined): CompiledIdPattern {
  if (source === undefined || source.trim() === '' || source === DEFAULT_ID_PATTERN) return DEFAULT_COMPILED;
  let regex: RegExp;
  try {
    // Alone first: text such as `[a-z` or `a)(b` must not be rescued (or changed) by the wrapping.
    if (new RegExp(source).test('')) return { ...DEFAULT_COMPILED, error: 'the pattern matches empty text' };
    regex = bounded(source);
  } catch (error) {
    return { ...DEFAULT_COMPILED, error: error instanceof Error ? error.message : String(error) };
  }
  return { source, regex };
}

export interface IdMatch {
  readonly id: string;
  /** Offsets in the line: `start` inclusive, `end` exclusive. */
  readonly start: number;
  readonly end: number;
}

/**
 * The id whose match covers `character` in `line` (the cursor may sit just after its last
 * character, as VS Code's word ranges allow), or undefined.
 */
export function findIdAt(line: string, character: number, pattern: CompiledIdPattern): IdMatch | undefined {
  // Very long lines (minified files, logs) are searched near the cursor only; a match touching a
  // cut edge is not trusted, since the text beyond it could change whether it matches.
  const from = line.length > MAX_SCAN ? Math.max(0, character - MAX_SCAN / 2) : 0;
  const to = line.length > MAX_SCAN ? Math.min(line.length, character + MAX_SCAN / 2) : line.length;
  const text = line.slice(from, to);
  const regex = new RegExp(pattern.regex.source, pattern.regex.flags);
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    const start = from + m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) {
      regex.lastIndex++;
      continue;
    }
    if (start > character) return undefined;
    if (end < character) continue;
    if ((start === from && from > 0) || (end === to && to < line.length)) return undefined;
    return { id: m[0], start, end };
  }
  return undefined;
}

/** Whether the whole text is an id by the pattern. */
export function matchesIdPattern(text: string, pattern: CompiledIdPattern): boolean {
  const found = findIdAt(text, 0, pattern);
  return found !== undefined && found.start === 0 && found.end === text.length;
}

