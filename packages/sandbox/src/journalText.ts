/**
 * The journal's entries as text for a person: the outcome in a word, a one-line summary, the
 * whole entry as a read-only document, and the request document that sends the same call. Pure;
 * every text the client chose is made safe (a line) or visible (the document's body and answer).
 */
import { SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import { isRecord } from '../../../src/shared/isRecord';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { safeText, visibleText } from '../../../src/shared/safeText';

/** How it went: `result`, the JSON-RPC error code, the HTTP status of a refusal, `rate-limited`, the fault. */
export function outcomeText(entry: Pick<JournalEntry, 'outcome' | 'errorCode' | 'fault'>): string {
  switch (entry.outcome) {
    case 'ok':
      return 'result';
    case 'error':
      return `error ${entry.errorCode ?? ''}`.trim();
    case 'unauthorized':
      return '401 unauthorized';
    case 'not-found':
      return '404 not found';
    case 'too-large':
      return '413 too large';
    case 'rate-limited':
      return 'rate-limited';
    case 'fault':
      return `fault ${safeText(entry.fault ?? '', 40)}`.trim();
  }
}

/**
 * The call in the body kept: its method, and its params when it has them; undefined for a body cut
 * short, redacted, not a call, or a control action.
 */
function callIn(entry: JournalEntry): { readonly method: string; readonly params?: unknown } | undefined {
  if (entry.bodyCut || entry.redacted || entry.path.startsWith(SANDBOX_CONTROL_PATH)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(entry.body);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.method !== 'string') return undefined;
  return value.params === undefined ? { method: value.method } : { method: value.method, params: value.params };
}

/** What was asked: the method (read from the body of a refused call), else the HTTP method and path. */
function askedText(entry: JournalEntry): string {
  return safeText(entry.method ?? callIn(entry)?.method ?? `${entry.httpMethod} ${entry.path}`, 80);
}

/** A row of a list: the time (UTC) and what was asked; how it went, how long it took, the key's fingerprint. */
export function journalRow(entry: JournalEntry): { readonly label: string; readonly description: string } {
  return {
    label: `${entry.time.slice(11, 19)}  ${askedText(entry)}`,
    description: [
      outcomeText(entry),
      entry.durationMs === null ? 'no answer' : `${Math.round(entry.durationMs)} ms`,
      entry.apiKey === null ? 'no API key' : safeText(entry.apiKey),
    ].join(' · '),
  };
}

/** `getStatus → 401 unauthorized · HTTP 401 · 3 ms · key abcdef…wxyz` */
export function journalSummary(entry: JournalEntry): string {
  return [
    `${askedText(entry)} → ${outcomeText(entry)}`,
    entry.httpStatus === null ? 'no answer' : `HTTP ${entry.httpStatus}`,
    ...(entry.durationMs === null ? [] : [`${Math.round(entry.durationMs)} ms`]),
    entry.apiKey === null ? 'no API key' : `key ${safeText(entry.apiKey)}`,
  ].join(' · ');
}

/** The diagnosis of a refused request as `code: words`, or undefined. */
export function diagnosisText(entry: JournalEntry): string | undefined {
  return entry.diagnosis && `${entry.diagnosis.code}: ${entry.diagnosis.words}`;
}

/** What the journal kept of the body, said when it is not all of it. */
function bodyNote(entry: JournalEntry): string[] {
  return [
    ...(entry.bodyCut ? [`(the first part of ${entry.bodyBytes} bytes)`] : []),
    ...(entry.redacted ? ['(a private key was taken out of it)'] : []),
  ];
}

/** The entry as a read-only document: summary, diagnosis, the request as it arrived, the answer as sent. */
export function journalDocument(entry: JournalEntry): string {
  const diagnosis = diagnosisText(entry);
  return [
    journalSummary(entry),
    `Request ${entry.seq} of the sandbox's journal, at ${entry.time} on the sandbox clock.`,
    '',
    ...(diagnosis === undefined ? [] : ['Diagnosis', visibleText(diagnosis), '']),
    'Request',
    `${safeText(entry.httpMethod, 20)} ${safeText(entry.path)}`,
    `X-Api-Key: ${entry.apiKey === null ? '(missing)' : `${safeText(entry.apiKey)} (a fingerprint)`}`,
    `User-Agent: ${entry.client === null ? '(missing)' : safeText(entry.client)}`,
    `Content-Length: ${entry.bodyBytes}`,
    '',
    visibleText(entry.body),
    ...bodyNote(entry),
    '',
    entry.httpStatus === null ? 'Answer: none (the request was left hanging)' : `Answer: HTTP ${entry.httpStatus}`,
    ...(entry.answer === null ? [] : [visibleText(entry.answer)]),
    '',
  ].join('\n');
}

/**
 * A request document (`*.exchange.json`) that sends the same method and params, signed when sent;
 * undefined when the body kept does not give them.
 */
export function requestDocumentText(entry: JournalEntry): string | undefined {
  const call = callIn(entry);
  return call && `${JSON.stringify(call, null, 2)}\n`;
}
