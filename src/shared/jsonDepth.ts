/**
 * How deeply a JSON (or JSONC) text nests its arrays and objects, found in one pass over its
 * characters: nothing is parsed, nothing recurses. The parsers and printers that come after it do
 * recurse (jsonc-parser's `parseTree` and `getNodeValue`, `JSON.stringify` with or without
 * indentation, any walk of the value), and a text nested 100,000 levels deep overflows their
 * stack; checked first, such a text is never handed to them.
 */

/**
 * The deepest nesting of arrays and objects that is parsed into a tree or pretty-printed: 64
 * levels. The service's answers nest 4 levels at most and request documents about as much; 64
 * leaves room for anything real while staying far below any stack (a level costs a few frames).
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

function isLineBreak(code: number): boolean {
  return code === LINE_FEED || code === CARRIAGE_RETURN;
}

/**
 * Whether `text` nests arrays and objects more than `max` levels deep. Brackets inside strings
 * and comments do not count; strings and comments end where jsonc-parser ends them (a string at
 * its closing quote or at a line break, a `//` comment at a line break, a `/*` comment at its
 * end), so no bracket that parser reads is missed. Stops at the first level past `max`.
 * Linear in the length of the text, and cheap: a few milliseconds for a megabyte.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  // The brackets still open, innermost last (never more than `max`). A closing bracket that does
  // not match the innermost one closes nothing here: a parser recovering from the error may not
  // close it either, so the count stays on the safe side (never below the parser's).
  const open: number[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i++;
      while (i < text.length) {
        const c = text.charCodeAt(i);
        if (c === BACKSLASH) i += 2;
        else if (c === QUOTE) {
          i++;
          break;
        } else if (isLineBreak(c)) break;
        else i++;
      }
      continue;
    }
    if (code === SLASH && text.charCodeAt(i + 1) === SLASH) {
      i += 2;
      while (i < text.length && !isLineBreak(text.charCodeAt(i))) i++;
      continue;
    }
    if (code === SLASH && text.charCodeAt(i + 1) === STAR) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (open.length >= max) return true;
      open.push(code);
    } else if (
      (code === CLOSE_BRACKET && open.at(-1) === OPEN_BRACKET) ||
      (code === CLOSE_BRACE && open.at(-1) === OPEN_BRACE)
    ) {
      open.pop();
    }
    i++;
  }
  return false;
}
