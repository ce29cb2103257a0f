/**
 * The text of an answer document: a header of `//` lines (status, time, target, redacted headers,
 * what an error means), then the answer pretty-printed, or as it arrived when it cannot be. Pure.
 */
import type { SentHeaders } from '../../api';
import { prettyJson, timeWithUtc } from '../../shared/format';
import { wrapCommentLine } from '../../shared/commentWrap';
import type { TimeStyle } from '../../shared/format';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../shared/jsonDepth';
import { errorMeaning, httpMeaning } from '../../api/serviceErrorMeaning';
import type { Meaning } from '../../api/serviceErrorMeaning';
import { visibleText } from '../../shared/safeText';
import { isRecord } from '../../shared/isRecord';

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
  /** How the time sent is shown; English in UTC when absent. */
  readonly timeStyle?: TimeStyle;
}

export interface AnswerText {
  readonly text: string;
  readonly language: 'jsonc' | 'plaintext';
  /** A one-line outcome: "result", "error -32602", "HTTP 401"… */
  readonly outcome: string;
  /** True for a JSON-RPC result. */
  readonly ok: boolean;
  /** Why a JSON body is shown as it arrived, when not for its size: too deep, or rendering failed. */
  readonly shownRaw?: 'too-deep' | 'not-rendered';
}

/** Longest answer shown whole; the rest is cut with a note (the service's pages are far smaller). */
export const MAX_SHOWN_CHARS = 2 * 1024 * 1024;

/** A text made safe for one `//` line: runs of white space (line breaks too) as one space, unsafe characters as escapes. */
function oneLine(text: string, max = 300): string {
  const flat = visibleText(text.replace(/\s+/g, ' ')).trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function meaningLines(meaning: Meaning): string[] {
  return [`// Meaning: ${meaning.meaning}`, `// What to do: ${meaning.action}`];
}

function errorOf(body: unknown): { code: number; message: string; data: unknown } | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
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

/** The header lines, before wrapping: the outcome, where it went, when, and the headers sent. */
function headerLines(input: AnswerInput, when: string): string[] {
  const queued = input.queuedMs > 0 ? ` (held ${input.queuedMs} ms by the rate limit first)` : '';
  return [
    `// ${oneLine(input.method, 80)} → HTTP ${input.status} in ${input.durationMs} ms${queued}`,
    `// ${oneLine(input.target, 80)} · ${oneLine(input.host, 120)}`,
    `// Sent ${when}`,
    `// Content-Type: ${input.sent['Content-Type']}`,
    `// X-Api-Key: ${input.sent['X-Api-Key']}`,
    `// X-Api-Signature: ${input.sent['X-Api-Signature']}`,
    '// Key and signature shown as fingerprints.',
  ];
}

/**
 * The widest header line, `//` included: what the editor shows of an answer beside its request in
 * a 1400 px window with the sidebar open (the screenshot test measures it).
 */
export const HEADER_WIDTH = 44;

/** The header's lines, each wrapped to {@link HEADER_WIDTH}, as the document's first lines. */
function header(lines: readonly string[]): string {
  return lines.flatMap((line) => wrapCommentLine(line, HEADER_WIDTH)).join('\n');
}

function timeText(date: Date, style: TimeStyle = { locale: 'en', timeZone: 'UTC' }): string {
  // An invalid time is a caller's bug: thrown, as toISOString does, and caught by renderAnswerOrRaw.
  if (!Number.isFinite(date.getTime())) throw new RangeError('Invalid time value');
  return timeWithUtc(date.getTime(), style);
}

/** The answer as it arrived, cut to {@link MAX_SHOWN_CHARS}, and the line saying so when cut. */
function shownText(text: string): { shown: string; cut: string | undefined } {
  const shown = text.length > MAX_SHOWN_CHARS ? text.slice(0, MAX_SHOWN_CHARS) : text;
  const cut =
    shown.length < text.length
      ? `// The answer is ${text.length} characters long; the first ${MAX_SHOWN_CHARS} are shown.`
      : undefined;
  return { shown, cut };
}

/** The document of an answer shown as it arrived (`shown`: cut when long), under its header. */
function asArrived(
  lines: readonly string[],
  shown: string,
  outcome: string,
  ok: boolean,
  shownRaw: AnswerText['shownRaw'],
): AnswerText {
  const text = `${header(lines)}\n\n${visibleText(shown)}\n`;
  return { text, language: 'plaintext', outcome, ok, ...(shownRaw ? { shownRaw } : {}) };
}

/** The line of an answer too deep to pretty-print: `JSON.stringify` recurses once per level. */
const TOO_DEEP = `// The answer nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels: it is shown as it arrived, not pretty-printed.`;

export function renderAnswer(input: AnswerInput): AnswerText {
  const lines = headerLines(input, timeText(input.sentAt, input.timeStyle));
  const { shown, cut } = shownText(input.text);
  // Checked before anything recursive sees the value (JSON.parse does not recurse; printing does).
  const tooDeep = nestsDeeperThan(input.text, MAX_JSON_DEPTH);
  const parsed = parse(input.text);
  const http = httpMeaning(input.status);
  if (!parsed.ok || !isRecord(parsed.value)) {
    const what = parsed.ok ? 'JSON that is not a JSON-RPC object' : 'not JSON';
    lines.push(`// The answer is ${what} (${oneLine(input.contentType || 'no content type', 80)}).`);
    if (http) lines.push(...meaningLines(http));
    if (parsed.ok && tooDeep) lines.push(TOO_DEEP);
    if (cut) lines.push(cut);
    const outcome = `HTTP ${input.status}`;
    if (parsed.ok && !tooDeep && !cut)
      return { text: `${header(lines)}\n${prettyJson(parsed.value)}\n`, language: 'jsonc', outcome, ok: false };
    return asArrived(lines, shown, outcome, false, parsed.ok && tooDeep ? 'too-deep' : undefined);
  }
  // Only the top level of the answer is read here (error.code, .message, .data.limits): no walk.
  const error = errorOf(parsed.value);
  let outcome = 'result';
  if (error) {
    outcome = `error ${error.code}`;
    lines.push(
      `// Error ${error.code}: ${oneLine(error.message)}`,
      ...meaningLines(errorMeaning(error.code, error.message, error.data)),
    );
  } else if (!('result' in parsed.value)) {
    outcome = 'no result';
    lines.push('// The answer has neither "result" nor "error".');
  } else if (http) {
    lines.push(...meaningLines(http));
  }
  const ok = outcome === 'result' && input.status >= 200 && input.status <= 299;
  if (tooDeep) {
    // Plain text: the editor's JSON support would walk the same depth again.
    lines.push(TOO_DEEP);
    if (cut) lines.push(cut);
    return asArrived(lines, shown, outcome, ok, 'too-deep');
  }
  if (cut) lines.push('// The answer was too long to pretty-print; it is shown as it arrived, cut.');
  const body = cut ? visibleText(shown) : prettyJson(parsed.value);
  return { text: `${header(lines)}\n${body}\n`, language: 'jsonc', outcome, ok };
}

/**
 * The answer document of an answer that came back: {@link renderAnswer}'s, or when that fails, the
 * answer as it arrived with why (never "no answer"), made of string operations that cannot fail.
 */
export function renderAnswerOrRaw(input: AnswerInput): AnswerText {
  try {
    return renderAnswer(input);
  } catch (error) {
    const reason = oneLine(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 200);
    const time =
      input.sentAt instanceof Date && Number.isFinite(input.sentAt.getTime())
        ? timeText(input.sentAt, input.timeStyle)
        : '(time unknown)';
    const lines = headerLines(input, time);
    const { shown, cut } = shownText(input.text);
    lines.push(
      `// The answer could not be rendered (${reason}): it is shown as it arrived (${oneLine(input.contentType || 'no content type', 80)}).`,
    );
    if (cut) lines.push(cut);
    return asArrived(lines, shown, `HTTP ${input.status}`, false, 'not-rendered');
  }
}
