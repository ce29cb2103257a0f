/**
 * String literals for the three languages of the "Copy as…" snippets (bash, JavaScript, Python 3)
 * that stand for exactly the UTF-8 bytes of a text, whatever it holds: quotes, `$()`, backticks,
 * backslashes, newlines, any Unicode. Printable characters are written as they are, so a body
 * stays readable; control, format (bidi, zero-width), separator and other invisible characters are
 * written as escapes, so that what the reader sees is what runs. Lone UTF-16 surrogates become
 * U+FFFD first, as `Buffer.from(text, 'utf8')` encodes them, so that every literal decodes to the
 * bytes the extension itself would send. Pure: no `vscode`.
 */
import { isUnsafe } from '../../shared/safeText';

/** Thrown for a text no literal of the target language can hold (a NUL in a shell variable). */
export class QuotingError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'QuotingError';
  }
}

/**
 * Whether `char` (one code point) is written as an escape: an unsafe character
 * (src/shared/safeText.ts) or a space other than U+0020.
 */
export function isInvisible(char: string): boolean {
  return isUnsafe(char, { spaces: true });
}

/** `text` with lone surrogates replaced by U+FFFD, as its UTF-8 encoding has them. */
export function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

/**
 * A bash word that expands to exactly `text`: single-quoted runs (`'` written as `\'` between
 * them) and ANSI-C `$'\xHH'` runs, byte by byte, for invisible characters. Works in bash 3.2 and
 * later (`$'…'` with `\x` only). Throws a {@link QuotingError} for a NUL, which no shell variable
 * or argument can hold.
 */
export function shellQuote(text: string): string {
  const value = wellFormed(text);
  if (value.includes('\u0000'))
    throw new QuotingError('The text holds a NUL character, which a shell string cannot hold.');
  if (value === '') return "''";
  let out = '';
  let plain = '';
  let escaped = '';
  const flushPlain = (): void => {
    if (plain) out += `'${plain}'`;
    plain = '';
  };
  const flushEscaped = (): void => {
    if (escaped) out += `$'${escaped}'`;
    escaped = '';
  };
  for (const char of value) {
    if (char === "'") {
      flushPlain();
      flushEscaped();
      out += "\\'";
    } else if (isInvisible(char)) {
      flushPlain();
      for (const byte of Buffer.from(char, 'utf8')) escaped += `\\x${hex(byte, 2)}`;
    } else {
      flushEscaped();
      plain += char;
    }
  }
  flushPlain();
  flushEscaped();
  return out;
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The quote that occurs less in `text` (a JSON body reads better in single quotes). */
function delimiterFor(text: string): '"' | "'" {
  let double = 0;
  let single = 0;
  for (const char of text) {
    if (char === '"') double++;
    else if (char === "'") single++;
  }
  return double > single ? "'" : '"';
}

/** A literal of `text` between `delimiter`s, with `escape` for each invisible character's code point. */
function quotedLiteral(text: string, escape: (code: number) => string): string {
  const value = wellFormed(text);
  const delimiter = delimiterFor(value);
  let out = delimiter;
  for (const char of value) {
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) out += short;
    else if (char === delimiter) out += `\\${char}`;
    else if (isInvisible(char)) out += escape(char.codePointAt(0) ?? 0);
    else out += char;
  }
  return out + delimiter;
}

/**
 * A JavaScript string literal of `text`, in the quotes it holds fewer of (`\uXXXX` / `\u{X}` for
 * invisible characters).
 */
export function jsString(text: string): string {
  return quotedLiteral(text, (code) => (code > 0xffff ? `\\u{${hex(code, 1)}}` : `\\u${hex(code, 4)}`));
}

/**
 * A Python 3 str literal of `text`, in the quotes it holds fewer of (`\xHH` / `\uXXXX` /
 * `\UXXXXXXXX` for invisible characters).
 */
export function pythonString(text: string): string {
  return quotedLiteral(text, (code) =>
    code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`,
  );
}
