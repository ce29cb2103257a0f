/**
 * One rule for text from outside (the service's ids and messages, a receiver's answer, a person's
 * input): the characters that can hide, reorder or break what is read, or drive a terminal, are
 * unsafe. They are the controls (C0, DEL, C1: escape sequences that set a title, clear the screen,
 * move the cursor), the format characters (bidirectional marks, embeddings, overrides and isolates,
 * the Arabic letter mark, zero-width characters, word joiners, the BOM, the soft hyphen, tags) and
 * the line and paragraph separators. Each use has its policy: replaced for a person or a model,
 * escaped for a terminal or a log, shown as escapes in an editor, refused in input. Pure.
 */

/** The unsafe characters: controls (Cc), format characters (Cf), line and paragraph separators. */
const UNSAFE_CLASS = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, 'gu');
/** The same with spaces other than U+0020 (Zs), for code, where no character may pass for a space. */
const UNSAFE_OR_SPACE = new RegExp(`[${UNSAFE_CLASS}\\p{Zs}]`, 'gu');

/** Where a policy differs from the rule. */
export interface UnsafePolicy {
  /** Characters let through: the line breaks and tabs of multi-line text. */
  readonly keep?: string;
  /** Whether spaces other than U+0020 (no-break, ideographic, …) count as unsafe too. */
  readonly spaces?: boolean;
}

/** `text` with each unsafe character (by `policy`) replaced by what `by` makes of it. */
function replaceUnsafe(text: string, by: (char: string) => string, policy: UnsafePolicy = {}): string {
  return text.replace(policy.spaces === true ? UNSAFE_OR_SPACE : UNSAFE, (char) =>
    char === ' ' || policy.keep?.includes(char) === true ? char : by(char),
  );
}

/** Whether `char` (one code point) is unsafe by `policy`. */
export function isUnsafe(char: string, policy?: UnsafePolicy): boolean {
  return replaceUnsafe(char, () => '', policy) !== char;
}

/** Refusing in input: whether `text` holds an unsafe character. */
export function hasUnsafeText(text: string): boolean {
  return text.search(UNSAFE) !== -1;
}

/** What replaces an unsafe character in text for a person or a model. */
export const REPLACEMENT = '\uFFFD';

/** The longest text kept by default (characters); longer text is cut, with "…". */
export const MAX_SAFE_TEXT = 200;

/** What ends a text cut short. */
export const CUT = '\u2026';

/** `text` whole, or its first `max` characters and "…". */
function cutTo(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}${CUT}` : text;
}

/**
 * For a person (a label, a message, a page) or a model: each unsafe character replaced by U+FFFD,
 * at most `max` characters (then "…").
 */
export function safeText(text: string, max = MAX_SAFE_TEXT): string {
  return cutTo(
    replaceUnsafe(text, () => REPLACEMENT),
    max,
  );
}

/**
 * For a terminal or a log: any value (JSON for objects) cut to `max` characters, then each unsafe
 * character and the backslash itself written as `\u{…}`, so no escape sequence reaches a terminal
 * or a CI log, no line can be forged and the original stays readable.
 */
export function terminalText(text: unknown, max = MAX_SAFE_TEXT): string {
  const value =
    typeof text === 'string'
      ? text
      : text === undefined || text === null
        ? ''
        : typeof text === 'bigint'
          ? text.toString()
          : (JSON.stringify(text) ?? '');
  return replaceUnsafe(
    cutTo(value, max).replace(/\\/g, '\\u{5c}'),
    (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

/**
 * For an editor showing text as it arrived: each unsafe character written as `\uXXXX` (per UTF-16
 * unit, so JSON stays JSON); line breaks and tabs kept.
 */
export function visibleText(text: string): string {
  return replaceUnsafe(
    text,
    (char) =>
      char
        .split('')
        .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join(''),
    { keep: '\n\r\t' },
  );
}

/** Whether `char` (one code point) is written as an escape: unsafe, or a space other than U+0020. */
export function isInvisible(char: string): boolean {
  return isUnsafe(char, { spaces: true });
}

/** A character's code point in hex, at least four digits (`202E`). */
export function codePointHex(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}
