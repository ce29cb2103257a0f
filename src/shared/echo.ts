/**
 * How much of an input an error text repeats (ours): at most MAX_ECHO characters of it, then how
 * long the whole was. A method name, a parameter name or value, a ticker or a field of an answer
 * is echoed so the reader knows which one is meant; one of 100,000 characters must not fill a
 * notification, a diagnostic, the log or an answer. Pure.
 */

export const MAX_ECHO = 80;

/** `text` whole when it has at most `max` characters (code points), else its first `max` and its length. */
export function echo(text: string, max = MAX_ECHO): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… (${chars.length} characters)`;
}
