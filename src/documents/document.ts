/** A request document (`*.exchange.json`): a JSON-RPC request or an array of them; jsonrpc and id optional. Pure. */
import { randomUUID } from 'crypto';
import { getNodeValue, parseTree } from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../shared/jsonDepth';
import { disguiseProblem } from './disguise';
import { isRecord } from '../shared/isRecord';

/** The largest request document whose requests are read, in UTF-8 bytes; a larger one is not parsed. */
export const MAX_REQUEST_DOCUMENT_BYTES = 1024 * 1024;

/** Why no request is read from a document at all: too large, or nested too deep to parse safely. */
export type UnreadReason = 'too-large' | 'too-deep';

/** Why the requests of this text are not read, if they are not: checked before anything parses it. */
export function unreadReason(text: string): UnreadReason | undefined {
  // A UTF-16 unit takes 1 to 3 bytes in UTF-8: the bytes are counted only when the length does not decide.
  const max = MAX_REQUEST_DOCUMENT_BYTES;
  if (text.length > max || (text.length * 3 > max && Buffer.byteLength(text, 'utf8') > max)) return 'too-large';
  // The JSONC parser recurses once per level.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return 'too-deep';
  return undefined;
}

/** The English words for an unread document (the extension shows their `vscode.l10n.t` version). */
export function unreadMessage(reason: UnreadReason): string {
  return reason === 'too-large'
    ? `This request document is larger than ${MAX_REQUEST_DOCUMENT_BYTES / (1024 * 1024)} MiB: requests are not read from it. Split it into smaller documents.`
    : `This request document nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels: requests are not read from it. Flatten its values or split it.`;
}

/** A request at `index` of the document (0 for a single one), `start`..`end` in its text. */
export interface DocumentRequest {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** The `method` value when it is a non-empty string. */
  readonly method: string | undefined;
  /** The request as written (parsed). */
  readonly value: unknown;
  /** What keeps it from being sent at all (not an object, no method, a disguise). */
  readonly problem: string | undefined;
}

/** A document's requests, what is wrong with it as a whole, and why it was not parsed at all if not. */
export interface ParsedDocument {
  readonly requests: readonly DocumentRequest[];
  readonly problem: string | undefined;
  readonly unread?: UnreadReason;
}

function requestOf(text: string, node: Node, index: number): DocumentRequest {
  const value: unknown = getNodeValue(node);
  const base = { index, start: node.offset, end: node.offset + node.length, value };
  if (!isRecord(value)) return { ...base, method: undefined, problem: 'A request is a JSON object with a "method".' };
  const method = typeof value.method === 'string' && value.method.trim() !== '' ? value.method : undefined;
  if (method === undefined) return { ...base, method, problem: 'This request has no "method".' };
  if (value.jsonrpc !== undefined && value.jsonrpc !== '2.0')
    return { ...base, method, problem: '"jsonrpc" must be "2.0" (or be left out).' };
  if (value.id !== undefined && value.id !== null && typeof value.id !== 'string' && typeof value.id !== 'number') {
    return { ...base, method, problem: '"id" must be a string or a number (or be left out).' };
  }
  return { ...base, method, problem: disguiseProblem(text, base.start, base.end, node) };
}

/** The requests of a document; a broken one is kept with its problem, a document past a bound yields none. */
export function parseRequests(text: string): ParsedDocument {
  const unread = unreadReason(text);
  if (unread !== undefined) return { requests: [], problem: unreadMessage(unread), unread };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  if (!root)
    return { requests: [], problem: text.trim() === '' ? 'The document is empty.' : 'The document is not JSON.' };
  const problem =
    errors.length > 0 ? 'The document has JSON syntax errors; requests are read as far as they go.' : undefined;
  if (root.type === 'object') return { requests: [requestOf(text, root, 0)], problem };
  if (root.type === 'array')
    return { requests: (root.children ?? []).map((child, index) => requestOf(text, child, index)), problem };
  return { requests: [], problem: 'A request document holds a JSON-RPC request object or an array of them.' };
}

/** The request whose text holds `offset` (its object's braces included), else the only one. */
export function requestAt(requests: readonly DocumentRequest[], offset: number): DocumentRequest | undefined {
  const hit = requests.find((r) => offset >= r.start && offset <= r.end);
  if (hit) return hit;
  return requests.length === 1 ? requests[0] : undefined;
}

export interface PreparedRequest {
  /** The compact JSON sent: these exact bytes are signed. */
  readonly body: string;
  readonly id: string | number;
  readonly method: string;
  readonly params: unknown;
}

/** The body as sent: `jsonrpc` and `id` in front (filled in when left out), then the rest as written. */
export function prepareRequest(request: DocumentRequest, newId: () => string = () => randomUUID()): PreparedRequest {
  if (request.problem !== undefined || request.method === undefined || !isRecord(request.value)) {
    throw new Error(request.problem ?? 'This request cannot be sent.');
  }
  const written = request.value;
  const id = typeof written.id === 'string' || typeof written.id === 'number' ? written.id : newId();
  const envelope: Record<string, unknown> = { jsonrpc: '2.0', id };
  for (const [key, value] of Object.entries(written)) if (key !== 'jsonrpc' && key !== 'id') envelope[key] = value;
  return { body: JSON.stringify(envelope), id, method: request.method, params: written.params };
}
