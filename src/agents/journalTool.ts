/**
 * "Why does my backend get 401 from the sandbox?" in one call: the sandbox's request journal
 * (the control action `requests`), the requests of every client but the editor's own by default,
 * each with its outcome and, for a refused one, the diagnosis (a code and what to change). Bodies
 * come from the user's own code: every string is quoted as data. Sandbox only, read-only.
 */
import type { JournalEntry, RequestOutcome } from '../shared/requestJournal';
import { REQUEST_OUTCOMES } from '../shared/requestJournal';
import { safeText } from '../shared/safeText';
import { sandboxReadTool } from './defineTool';
import { quoted } from './modelText';
import { success } from './results';
import { optionalNumber, optionalString } from './schemaParts';
import type { AgentTool } from './types';

const DEFAULT_LIMIT = 10;
export const MAX_JOURNAL_LIMIT = 50;
/** The most characters of a body a result shows (the journal keeps 4 KiB). */
const BODY_SHOWN = 600;

interface JournalInput {
  readonly method?: string;
  readonly outcome?: RequestOutcome;
  readonly includeEditor: boolean;
  readonly afterSeq?: number;
  readonly limit: number;
}

/** `#12 2026-…Z POST /v2 createTransaction → 401 unauthorized (23 ms) · key ab12…ef · client "node"` */
function entryLine(entry: JournalEntry): string {
  const what = entry.method === null ? '' : ` ${quoted(entry.method, 64)}`;
  const status = entry.httpStatus === null ? 'no answer' : String(entry.httpStatus);
  const code = entry.errorCode === undefined ? '' : ` ${entry.errorCode}`;
  const took = entry.durationMs === null ? '' : ` (${Math.round(entry.durationMs)} ms)`;
  const parts = [
    `#${entry.seq} ${entry.time} ${safeText(entry.httpMethod, 10)} ${quoted(entry.path, 80)}${what} → ${status} ${entry.outcome}${code}${took}`,
    `key ${entry.apiKey === null ? 'missing' : safeText(entry.apiKey, 40)}`,
    `client ${entry.client === null ? 'unnamed' : quoted(entry.client, 80)}`,
  ];
  const lines = [parts.join(' · ')];
  if (entry.diagnosis) lines.push(`  diagnosis ${entry.diagnosis.code}: ${safeText(entry.diagnosis.words, 600)}`);
  lines.push(
    `  body (${entry.bodyBytes} bytes${entry.redacted ? ', a private key redacted' : ''}): ${quoted(entry.body, BODY_SHOWN)}`,
  );
  return lines.join('\n');
}

/** The entry as a result's data: the body cut to what the text shows. */
function entryData(entry: JournalEntry): Record<string, unknown> {
  const { answer: _answer, ...rest } = entry;
  return { ...rest, body: safeText(entry.body, BODY_SHOWN) };
}

export const listSandboxRequestsTool: AgentTool = sandboxReadTool<JournalInput>({
  name: 'exchangeTx_listSandboxRequests',
  title: 'List Sandbox Requests',
  description:
    "Lists the last requests that reached the local sandbox from the user's own code (their backend, a script, a test; the editor's own requests " +
    'only with includeEditor), newest last: time, HTTP method and path, JSON-RPC method, HTTP status and outcome (ok, error, rate-limited, ' +
    'unauthorized, not-found, too-large, fault), the API key as a fingerprint, the client, the body as it arrived, and for a refused request the ' +
    'diagnosis: a code and what to change (the header missing or misnamed, another key, a signature over other bytes such as the body ' +
    're-serialized, not base64, a body that is not the envelope the service expects). Read-only: the control action `requests`.',
  notFor:
    "a real account (the journal is the sandbox's alone; refused), or an error answer the user pasted (use exchangeTx_explainError).",
  example:
    '{"outcome": "unauthorized", "limit": 1} tells why the last request the sandbox refused with 401 was refused and what to change.',
  output: {
    entries: { type: 'array', items: { type: 'object' } },
    matched: { type: 'integer' },
    lastSeq: { type: 'integer' },
    sandboxUrl: { type: 'string' },
  },
  whySandboxOnly: "the request journal is the sandbox's alone, and nothing of an account is journaled",
  inputSchema: {
    type: 'object',
    properties: {
      method: {
        type: 'string',
        description: 'Only requests for this JSON-RPC method (or control action).',
        minLength: 1,
        maxLength: 64,
      },
      outcome: {
        type: 'string',
        description: 'Only requests with this outcome (unauthorized: refused with 401).',
        enum: REQUEST_OUTCOMES,
      },
      includeEditor: {
        type: 'boolean',
        description:
          "Include the requests of the editor and its agent tools (default false: the user's own code only).",
      },
      afterSeq: {
        type: 'integer',
        description: 'Only requests after this seq (the lastSeq of an earlier result: what is new since).',
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
      },
      limit: {
        type: 'integer',
        description: `How many of the newest matches, 1 to ${MAX_JOURNAL_LIMIT} (default ${DEFAULT_LIMIT}).`,
        minimum: 1,
        maximum: MAX_JOURNAL_LIMIT,
      },
    },
    additionalProperties: false,
  },
  doing: "Reading the sandbox's request journal",
  parse: (input) => ({
    method: optionalString(input, 'method'),
    outcome: optionalString(input, 'outcome') as RequestOutcome | undefined,
    includeEditor: input.includeEditor === true,
    afterSeq: optionalNumber(input, 'afterSeq'),
    limit: optionalNumber(input, 'limit') ?? DEFAULT_LIMIT,
  }),
  async execute(context, input) {
    const { entries, matched, lastSeq } = await context.control.run(
      {
        action: 'requests',
        limit: input.limit,
        ...(input.method === undefined ? {} : { method: input.method }),
        ...(input.outcome === undefined ? {} : { outcome: input.outcome }),
        ...(input.includeEditor ? {} : { own: false }),
        ...(input.afterSeq === undefined ? {} : { afterSeq: input.afterSeq }),
      },
      { signal: context.signal },
    );
    const sandboxUrl = new URL(context.control.url).origin;
    const whose = input.includeEditor ? 'requests' : "requests from the user's own code";
    const head =
      entries.length === 0
        ? `No ${whose} match in the journal. Point the code at ${sandboxUrl}/v2 (signed with the sandbox's key) and call again.`
        : `The ${entries.length} newest of ${matched} matching ${whose}, oldest first (lastSeq ${lastSeq}: pass it as afterSeq for what comes next):`;
    return success(context, [head, ...entries.map(entryLine)], {
      entries: entries.map(entryData),
      matched,
      lastSeq,
      sandboxUrl,
    });
  },
});
