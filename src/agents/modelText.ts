/**
 * Text for a model: every string that came from the service (or a receiver) is made safe by the
 * shared rule (src/shared/safeText.ts), in the text of a result and in its JSON alike, and quoted
 * as data in a line. And secrets are cut out of everything a tool, the MCP server or its log
 * writes: any run shaped like a signature or a key (long base64), the values of signing headers a
 * service echoes back, and known keys (see src/mcp/redact.ts for the forms of a given key). Pure.
 */
import { CUT, safeText } from '../shared/safeText';

/** A service string as quoted data in a line (JSON string syntax): the model reads it as a value, not as words to follow. */
export function quoted(text: string | null | undefined, max = 200): string {
  return JSON.stringify(safeText(text ?? '', max));
}

/** An amount as a line shows it: a plain decimal as it is, anything else quoted as data. */
export function amountText(text: string | null | undefined, max = 40): string {
  const value = text ?? '';
  return /^-?\d{1,40}(\.\d{1,40})?$/.test(value) ? value : quoted(value, max);
}

/** Longest string kept in a result's JSON (longer ones are cut, with "…"). */
export const MAX_DATA_STRING = 2000;

/** A JSON value with every string (keys too) made safe; depth-bounded (deeper values become null). */
export function safeData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return safeText(value, MAX_DATA_STRING);
  if (value === null || typeof value !== 'object')
    return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (depth > 12) return null;
  if (Array.isArray(value)) return value.map((item) => safeData(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item !== undefined) out[safeText(key, 100)] = safeData(item, depth + 1);
  }
  return out;
}

export const SECRET_REDACTED = '[redacted]';

/**
 * Headers whose values are secrets (signing and keys), as a service may echo them back: also as
 * JSON inside JSON (`\"x-api-signature\":\"…`), where each quote comes with its escape (which
 * stays, so the text stays the JSON it was).
 */
const SECRET_HEADER =
  /\b((?:x-)?api[-_]?(?:key|signature)|sign|signature|authorization)((?:\\*["'])?\s*[:=]\s*(?:\\*["'])?)([^\s"',;}\]\\]{8,})/gi;
/** A run of base64 or hex characters. */
const LONG_RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;

/**
 * Whether a run looks like a signature or key rather than an address or a hash: base64 with "+",
 * "/" or padding (addresses and hashes are base58, bech32 or hex: none of them), or any run of
 * 120 characters or more (longer than any address or hash the service uses).
 */
export function isSecretShaped(run: string, inUrl = false): boolean {
  // In a URL a "/" separates the path's parts (an explorer's `io/tx/0x<hash>`): no sign of base64.
  return run.length >= 120 || (inUrl ? /\+/ : /[+/]/).test(run) || (run.endsWith('=') && run.length >= 40);
}

/** A URL that reaches up to the end of the text before a run. */
const URL_BEFORE = /https?:\/\/[^\s"'<>()]*$/;

/**
 * The text with signature- and key-shaped runs and echoed signing headers cut out. A run of 40 or
 * more that ends where a text was cut short is cut out too: the part of a signature left before the
 * cut need not show the characters that tell a signature apart.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_HEADER, (_match, name: string, sep: string) => `${name}${sep}${SECRET_REDACTED}`)
    .replace(LONG_RUN, (run: string, at: number, whole: string) =>
      isSecretShaped(run, URL_BEFORE.test(whole.slice(Math.max(0, at - 200), at))) ||
      whole.startsWith(CUT, at + run.length)
        ? SECRET_REDACTED
        : run,
    );
}
