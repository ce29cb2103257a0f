/**
 * Cuts a known secret (an API key) out of text by its value, in whatever shape an answer echoes
 * it: whole, in any case, split by spaces, line breaks, punctuation, zero-width or escape
 * sequences (`\n`, `\u200b` as JSON writes them), or only a part of it. The secret stays inside
 * the closure: the function returned is what leaves the layer that holds the key (and is never
 * logged). Pure.
 *
 * How: the text's letters and digits are read as one run (everything else, and escape sequences,
 * is filler), and every stretch of at least {@link MIN_FRAGMENT} consecutive characters of the
 * secret's letters and digits found in that run is replaced, with the fillers inside it, by
 * {@link VALUE_REDACTED}. A random key shares no such stretch with ordinary text by chance.
 */

export const VALUE_REDACTED = '[key redacted]';

/** The shortest part of a secret that is cut out (shorter parts could match ordinary text). */
export const MIN_FRAGMENT = 12;

/** Escape sequences JSON and logs write for characters: filler, like the characters themselves. */
const ESCAPE = /^\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[nrtbfv0])/;

function isAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The text's letters and digits (lowercase) and where each is in the text. */
function alnumRun(text: string): { readonly run: string; readonly at: number[] } {
  let run = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      const escape = ESCAPE.exec(text.slice(i, i + 6));
      if (escape) {
        i += escape[0].length - 1;
        continue;
      }
    }
    const code = text.charCodeAt(i);
    if (!isAlnum(code)) continue;
    run += text[i]?.toLowerCase() ?? '';
    at.push(i);
  }
  return { run, at };
}

/** A redactor of `secrets` (each of at least {@link MIN_FRAGMENT} letters and digits; shorter ones are ignored). */
export function valueRedactor(secrets: readonly string[]): (text: string) => string {
  const keys = secrets.map((secret) => alnumRun(secret).run).filter((key) => key.length >= MIN_FRAGMENT);
  if (keys.length === 0) return (text) => text;
  // Every fragment of MIN_FRAGMENT characters of every key: where a match may start.
  const fragments = new Map<string, number[]>();
  for (const [k, key] of keys.entries()) {
    for (let i = 0; i + MIN_FRAGMENT <= key.length; i++) {
      const fragment = key.slice(i, i + MIN_FRAGMENT);
      const list = fragments.get(fragment) ?? [];
      list.push(k * 100_000 + i);
      fragments.set(fragment, list);
    }
  }
  return (text) => {
    const { run, at } = alnumRun(text);
    if (run.length < MIN_FRAGMENT) return text;
    const cut: [number, number][] = [];
    let p = 0;
    while (p + MIN_FRAGMENT <= run.length) {
      const starts = fragments.get(run.slice(p, p + MIN_FRAGMENT));
      if (!starts) {
        p++;
        continue;
      }
      // The longest stretch of a key from here.
      let best = MIN_FRAGMENT;
      for (const start of starts) {
        const key = keys[Math.floor(start / 100_000)] ?? '';
        let i = start % 100_000;
        let q = p;
        while (i < key.length && q < run.length && key[i] === run[q]) {
          i++;
          q++;
        }
        best = Math.max(best, q - p);
      }
      cut.push([at[p] ?? 0, (at[p + best - 1] ?? 0) + 1]);
      p += best;
    }
    if (cut.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [start, end] of cut) {
      out += `${text.slice(from, start)}${VALUE_REDACTED}`;
      from = end;
    }
    return out + text.slice(from);
  };
}
