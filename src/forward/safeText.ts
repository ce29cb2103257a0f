/**
 * Text from outside (the service's ids and statuses, a receiver's answer, an error's message) made
 * safe to print on a terminal or write to a log: every control character (C0, DEL, C1, so no
 * escape sequence can set a title, clear the screen or move the cursor), every bidirectional
 * control (which can reorder what is read), the line and paragraph separators, and the backslash
 * itself are written as `\u{…}` escapes, so a forged line ("… delivered") cannot be made and the
 * original stays readable. Long text is cut (with "…") so one answer cannot flood the output.
 */

/** The longest text kept (characters, before escaping). */
export const MAX_SAFE_TEXT = 200;

// C0 and DEL, C1, the bidi marks and embeddings/overrides/isolates, the line/paragraph separators, ALM, and the backslash.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\u061c\\]/g;

/** `text` with every unsafe character escaped, cut to `max` characters. */
export function safeText(text: unknown, max: number = MAX_SAFE_TEXT): string {
  const value =
    typeof text === 'string'
      ? text
      : text === undefined || text === null
        ? ''
        : typeof text === 'bigint'
          ? text.toString()
          : (JSON.stringify(text) ?? '');
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return cut.replace(UNSAFE, (c) => `\\u{${c.codePointAt(0)?.toString(16) ?? '?'}}`);
}
