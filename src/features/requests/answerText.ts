/**
 * The text of an answer document: a header of `//` lines (HTTP status, time, where it went, the
 * redacted headers, what an error means and what to do), then the answer pretty-printed as JSON,
 * or as it arrived when it is not JSON. Pure; nothing secret reaches it (the headers come
 * redacted from the client).
 */
import type { SentHeaders } from '../../api';
import { prettyJson, visibleText } from '../../shared/format';
import { errorMeaning, httpMeaning } from './errorMeaning';
import type { Meaning } from './errorMeaning';
import { isPlainObject } from '../../shared/storedState';

export interface AnswerInput {
  readonly method: string;
  /** "Sandbox", or the account's name. */
  readonly target: string;
  readonly host: string;
  readonly sentAt: Date;
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly durationMs: number;
  readonly queuedMs: number;
  readonly sent: SentHeaders;
}

export interface AnswerText {
  readonly text: string;
  /** `jsonc` when the body is JSON, else `plaintext`. */
  readonly language: 'jsonc' | 'plaintext';
  /** A one-line outcome: "result", "error -32602", "HTTP 401"… */
  readonly outcome: string;
  /** True for a JSON-RPC result. */
  readonly ok: boolean;
}

/** Longest answer shown whole; the rest is cut with a note (the service's pages are far smaller). */
export const MAX_SHOWN_CHARS = 2 * 1024 * 1024;

/** A text made safe for one `//` line: no line breaks, control or bidirectional characters. */
function oneLine(text: string, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const flat = visibleText(text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')).trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function meaningLines(meaning: Meaning): string[] {
  return [`// Meaning: ${meaning.meaning}`, `// What to do: ${meaning.action}`];
}

function errorOf(body: unknown): { code: number; message: string; data: unknown } | undefined {
  if (!isPlainObject(body) || !isPlainObject(body.error)) return undefined;
  const { code, message, data } = body.error;
  if (typeof code !== 'number') return undefined;
  return { code, message: typeof message === 'string' ? message : '', data };
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function renderAnswer(input: AnswerInput): AnswerText {
  const when = input.sentAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const queued = input.queuedMs > 0 ? ` (held ${input.queuedMs} ms by the rate limit first)` : '';
  const lines = [
    `// ${oneLine(input.method, 80)} → HTTP ${input.status} in ${input.durationMs} ms${queued}`,
    `// ${oneLine(input.target, 80)} · ${oneLine(input.host, 120)} · ${when}`,
    `// Sent with Content-Type: ${input.sent['Content-Type']} · X-Api-Key: ${input.sent['X-Api-Key']} · X-Api-Signature: ${input.sent['X-Api-Signature']} (fingerprints)`,
  ];
  const shown = input.text.length > MAX_SHOWN_CHARS ? input.text.slice(0, MAX_SHOWN_CHARS) : input.text;
  const cut = shown.length < input.text.length ? `// The answer is ${input.text.length} characters long; the first ${MAX_SHOWN_CHARS} are shown.` : undefined;
  const parsed = parse(input.text);
  const http = httpMeaning(input.status);
  if (!parsed.ok || !isPlainObject(parsed.value)) {
    const what = parsed.ok ? 'JSON that is not a JSON-RPC object' : 'not JSON';
    lines.push(`// The answer is ${what} (${oneLine(input.contentType || 'no content type', 80)}).`);
    if (http) lines.push(...meaningLines(http));
    if (cut) lines.push(cut);
    if (parsed.ok) return { text: `${lines.join('\n')}\n${prettyJson(parsed.value)}\n`, language: 'jsonc', outcome: `HTTP ${input.status}`, ok: false };
    return { text: `${lines.join('\n')}\n\n${visibleText(shown)}\n`, language: 'plaintext', outcome: `HTTP ${input.status}`, ok: false };
  }
  const error = errorOf(parsed.value);
  let outcome = 'result';
  if (error) {
    outcome = `error ${error.code}`;
    lines.push(`// Error ${error.code}: ${oneLine(error.message)}`, ...meaningLines(errorMeaning(error.code, error.message, error.data)));
  } else if (!('result' in parsed.value)) {
    outcome = 'no result';
    lines.push('// The answer has neither "result" nor "error".');
  } else if (http) {
    lines.push(...meaningLines(http));
  }
  if (cut) lines.push('// The answer was too long to pretty-print; it is shown as it arrived, cut.');
  const body = cut ? visibleText(shown) : prettyJson(parsed.value);
  return { text: `${lines.join('\n')}\n${body}\n`, language: 'jsonc', outcome, ok: outcome === 'result' && input.status >= 200 && input.status <= 299 };
}
