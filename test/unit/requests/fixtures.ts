/** Inputs shared by the request documents' tests: an answer as sent, and a History entry. */
import type { AnswerInput } from '../../../src/features/requests/answerText';
import type { HistoryEntry } from '../../../src/features/requests/historyModel';

/** A request's answer, as sent to the sandbox at a fixed time; each test sets the answer's text. */
export const answerBase: AnswerInput = {
  method: 'getStatus',
  target: 'Sandbox',
  host: '127.0.0.1:4000',
  sentAt: new Date(Date.UTC(2026, 10, 23, 12, 0, 0)),
  status: 200,
  contentType: 'application/json; charset=utf-8',
  text: '',
  durationMs: 12,
  queuedMs: 0,
  sent: { 'Content-Type': 'application/json', 'X-Api-Key': 'abcdef…wxyz', 'X-Api-Signature': 'Qk1x2z…8Q==' },
};

/** History entry number `n`, with `extra` members replaced. */
export function historyEntry(n: number, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `e${n}`,
    at: 1_700_000_000_000 + n,
    method: 'getStatus',
    request: `{"jsonrpc":"2.0","id":"${n}","method":"getStatus","params":{"id":"abc"}}`,
    environment: 'sandbox',
    target: 'Sandbox',
    host: '127.0.0.1:1',
    outcome: 'result',
    ok: true,
    durationMs: 3,
    answer: '// answer\n{}',
    language: 'jsonc',
    ...extra,
  };
}
