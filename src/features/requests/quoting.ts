/** String literals for the "Copy as…" snippets that stand for exactly a text's UTF-8 bytes, invisibles escaped. */
import { isInvisible } from '../../shared/safeText';

/** Thrown for a text no literal of the target language can hold (a NUL in a shell variable). */
export class QuotingError extends RangeError {
  override name = 'QuotingError';
}

/** `text` with lone surrogates replaced by U+FFFD, as its UTF-8 encoding has them. */
export function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

/** A bash word expanding to exactly `text` (bash 3.2+); a NUL, which no shell holds, throws a {@link QuotingError}. */
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

/** A JavaScript string literal of `text`, in the quotes it holds fewer of. */
export function jsString(text: string): string {
  return quotedLiteral(text, (code) => (code > 0xffff ? `\\u{${hex(code, 1)}}` : `\\u${hex(code, 4)}`));
}

/** A Python 3 str literal of `text`, in the quotes it holds fewer of. */
export function pythonString(text: string): string {
  return quotedLiteral(text, (code) =>
    code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`,
  );
}
