/**
 * The tool that lists transactions (`getTransactions`) with filters: status, currency, creation
 * time and "in its status for longer than" a duration (stuck ones: the sandbox's schedule tells
 * exactly since when, an account's first sighting tells "at least since"). Compact records by
 * default, a page cursor, within the result bound; progress reported while it pages. Read-only.
 */
import type { TransactionRecord } from '../api/types';
import type { KnownStatus } from '../shared/status';
import { KNOWN_STATUSES } from '../shared/status';
import { cursorOf, fitting, offsetOfCursor, recordData } from './bounded';
import { readTool } from './defineTool';
import type { SinceFact } from './diagnosis';
import { durationText, parseDuration } from './duration';
import { recordLine } from './lines';
import { RECORD_SCHEMA } from './outputSchemas';
import { success } from './results';
import { optionalNumber, statusSchema, TICKER_PATTERN } from './schemaParts';
import { longerInStatus, targetNow } from './statusSince';
import { OPEN_STATUSES } from '../shared/status';
import { FULL_SCHEMA } from './transactionTools';
import type { AgentTool, AgentToolContext, AgentToolResult } from './types';
import { AgentInputError } from './validation';

/** The most records one listing returns (the service's page size). */
export const MAX_LIST_LIMIT = 100;
const DEFAULT_LIST_LIMIT = 10;
/** Longest `since` text read. */
const MAX_TIME_LENGTH = 40;
/** Most records one stuck search examines (pages of 100); the cursor goes on from there. */
export const MAX_STUCK_SCAN = 300;

interface ListInput {
  readonly status?: KnownStatus[];
  readonly currency?: string[];
  readonly since?: number;
  readonly limit: number;
  readonly offset: number;
  readonly full: boolean;
  /** In its status for longer than this many ms. */
  readonly stuckMs?: number;
}

/** An ISO 8601 time with a date and a zone (or UTC when none is given) as Unix microseconds, 16 digits. */
export function sinceMicros(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(text.trim())) {
    throw new AgentInputError('since', 'must be an ISO 8601 time such as 2026-11-25T10:00:00Z');
  }
  const trimmed = text.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) || trimmed.length === 10 ? trimmed : `${trimmed}Z`;
  const ms = Date.parse(zoned);
  if (!Number.isFinite(ms)) throw new AgentInputError('since', 'is not a valid time');
  const micros = ms * 1000;
  if (micros < 1e15 || micros >= 1e16) throw new AgentInputError('since', 'must be between 2001 and 2286');
  return micros;
}

/** A duration such as "90s", "30m", "1h", "2d", "1h30m" or ISO 8601 "PT1H", in ms (1 s to 366 d). */
export function durationMs(text: string, field = 'inStatusLongerThan'): number {
  const ms = parseDuration(text);
  if (ms === 'format')
    throw new AgentInputError(field, 'must be a duration such as "30m", "1h", "2d", "1h30m" or "PT1H"');
  if (ms === 'range') throw new AgentInputError(field, 'must be between 1 second and 366 days');
  return ms;
}

function filtersText(query: ListInput): string {
  const filters = [
    query.status ? `status ${query.status.join('/')}` : undefined,
    query.currency ? `currency ${query.currency.join('/')}` : undefined,
    query.since !== undefined ? `created since ${new Date(query.since / 1000).toISOString()}` : undefined,
    query.stuckMs !== undefined ? `in status for more than ${durationText(query.stuckMs)}` : undefined,
    query.offset ? `from ${query.offset}` : undefined,
  ].filter((f) => f !== undefined);
  return filters.length > 0 ? ` (${filters.join(', ')})` : '';
}

/** One page of matches, bounded, with the cursor to what follows. */
function page(
  context: AgentToolContext,
  query: ListInput,
  records: readonly TransactionRecord[],
  since: ReadonlyMap<string, SinceFact>,
  nextOffset: number | undefined,
  extra: readonly string[],
  nowMs?: number,
): AgentToolResult {
  return fitting(records.length, (n) => {
    const shown = records.slice(0, n);
    const next = n < records.length ? undefined : nextOffset;
    const cut = n < records.length;
    const head = `${records.length} transaction${records.length === 1 ? '' : 's'}${filtersText(query)}${cut ? `; ${n} shown (the result's size bound)` : ''}.`;
    const lines = shown.map((r) => {
      const fact = since.get(r.id);
      if (!fact || nowMs === undefined) return recordLine(r);
      return `${recordLine(r)} · ${fact.source === 'sandbox' ? '' : 'at least '}${durationText(nowMs - fact.atMs)} in ${r.status}`;
    });
    const more = cut
      ? 'Ask again with a smaller limit, or without full, for the rest.'
      : next !== undefined
        ? `More may follow: pass cursor "${cursorOf(next)}".`
        : undefined;
    const data = shown.map((r) => {
      const fact = since.get(r.id);
      return {
        ...recordData(r, query.full),
        ...(fact
          ? { inStatusSince: new Date(fact.atMs).toISOString(), inStatusSinceExact: fact.source === 'sandbox' }
          : {}),
      };
    });
    return success(context, [head, ...lines, ...extra, ...(more ? [more] : [])], {
      query: { ...query, ...(query.since !== undefined ? { since: new Date(query.since / 1000).toISOString() } : {}) },
      records: data,
      ...(next !== undefined ? { nextCursor: cursorOf(next) } : {}),
    });
  }).result;
}

async function stuck(context: AgentToolContext, query: ListInput, stuckMs: number): Promise<AgentToolResult> {
  const statuses = query.status ?? [...OPEN_STATUSES];
  const matches: TransactionRecord[] = [];
  const since = new Map<string, SinceFact>();
  const nowMs = await targetNow(context);
  let offset = query.offset;
  let unknown = 0;
  let exhausted = false;
  while (matches.length < query.limit && offset - query.offset < MAX_STUCK_SCAN) {
    const batch = await context.client.getTransactions(
      {
        status: statuses,
        ...(query.currency ? { currency: query.currency } : {}),
        ...(query.since !== undefined ? { since: query.since } : {}),
        limit: MAX_LIST_LIMIT,
        ...(offset > 0 ? { offset } : {}),
      },
      { signal: context.signal },
    );
    context.onRecords?.(batch);
    const found = await longerInStatus(context, batch, stuckMs, nowMs);
    let used = 0;
    for (const record of batch) {
      if (matches.length >= query.limit) break;
      used += 1;
      const fact = found.since.get(record.id);
      if (fact && found.matches.has(record.id)) {
        matches.push(record);
        since.set(record.id, fact);
      } else if (found.unknown.has(record.id)) {
        unknown += 1;
      }
    }
    offset += used;
    context.progress?.(
      offset - query.offset,
      undefined,
      `examined ${offset - query.offset} transactions, ${matches.length} stuck`,
    );
    if (batch.length < MAX_LIST_LIMIT && used === batch.length) {
      exhausted = true;
      break;
    }
  }
  const extra =
    unknown > 0
      ? [
          `${unknown} examined transaction${unknown === 1 ? '' : 's'} had no known time in their status (not seen in it before on this account): they were noted now, and a later search tells how long they stay.`,
        ]
      : [];
  return page(context, { ...query, stuckMs }, matches, since, exhausted ? undefined : offset, extra, nowMs);
}

export const listTransactionsTool: AgentTool = readTool<ListInput>({
  name: 'exchangeTx_listTransactions',
  title: 'List Recent Transactions',
  description:
    "Lists the exchange transactions of the target in use (the local sandbox or the user's account) with the service's getTransactions operation, " +
    'optionally filtered by status, by payin or payout currency, by creation time (since) and by time in the current status (inStatusLongerThan: ' +
    'stuck ones; on the sandbox exact from its schedule, on an account at least since this client first saw them in it). One page of up to ' +
    `${MAX_LIST_LIMIT} compact records (default ${DEFAULT_LIST_LIMIT}; full for every field); pass nextCursor as cursor for the next page. Read-only.`,
  notFor:
    'one transaction whose id you know (use exchangeTx_getTransactions, or exchangeTx_diagnoseTransaction to know why it is stuck).',
  example:
    '{"status": ["confirming", "hold"], "inStatusLongerThan": "1h"} finds transactions in confirming or hold for more than an hour.',
  output: {
    query: { type: 'object' },
    records: { type: 'array', items: RECORD_SCHEMA },
    nextCursor: { type: 'string' },
  },
  usesControl: true,
  inputSchema: {
    type: 'object',
    properties: {
      status: {
        type: 'array',
        description: `Only transactions in one of these statuses (1 to ${KNOWN_STATUSES.length}).`,
        items: statusSchema('A transaction status.'),
        minItems: 1,
        maxItems: KNOWN_STATUSES.length,
        uniqueItems: true,
      },
      currency: {
        type: 'array',
        description:
          'Only transactions with one of these currencies as payin or payout (1 to 10 tickers such as "btc", any case).',
        items: {
          type: 'string',
          description: 'A ticker such as "btc".',
          pattern: TICKER_PATTERN,
          minLength: 1,
          maxLength: 32,
        },
        minItems: 1,
        maxItems: 10,
        uniqueItems: true,
      },
      since: {
        type: 'string',
        description:
          'Only transactions created at or after this time: ISO 8601 such as "2026-11-25T10:00:00Z" (UTC when no zone is given).',
        minLength: 10,
        maxLength: MAX_TIME_LENGTH,
      },
      inStatusLongerThan: {
        type: 'string',
        description: `Only transactions in their current status for longer than this: "30m", "1h", "2d", "1h30m" or "PT1H". Without status, the statuses that are not final (${OPEN_STATUSES.join(', ')}). Examines up to ${MAX_STUCK_SCAN} transactions a call.`,
        minLength: 2,
        maxLength: 20,
      },
      limit: {
        type: 'integer',
        description: `How many records, 1 to ${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT}).`,
        minimum: 1,
        maximum: MAX_LIST_LIMIT,
      },
      cursor: {
        type: 'string',
        description: 'The nextCursor of the previous result, for the next page.',
        minLength: 1,
        maxLength: 40,
      },
      offset: {
        type: 'integer',
        description: 'How many matching records to skip (cursor does this for you; default 0).',
        minimum: 0,
        maximum: 100_000,
      },
      full: FULL_SCHEMA,
    },
    additionalProperties: false,
  },
  doing: 'Listing the transactions',
  parse(input) {
    if (input.cursor !== undefined && input.offset !== undefined)
      throw new AgentInputError('cursor', 'goes without offset: the cursor holds where to go on');
    const offset =
      typeof input.cursor === 'string'
        ? offsetOfCursor(input.cursor)
        : typeof input.offset === 'number'
          ? input.offset
          : 0;
    return {
      ...(input.status === undefined ? {} : { status: input.status as KnownStatus[] }),
      ...(input.currency === undefined ? {} : { currency: (input.currency as string[]).map((c) => c.toLowerCase()) }),
      ...(typeof input.since === 'string' ? { since: sinceMicros(input.since) } : {}),
      ...(typeof input.inStatusLongerThan === 'string' ? { stuckMs: durationMs(input.inStatusLongerThan) } : {}),
      limit: optionalNumber(input, 'limit') ?? DEFAULT_LIST_LIMIT,
      offset,
      full: input.full === true,
    };
  },
  async execute(context, query) {
    if (query.stuckMs !== undefined) return stuck(context, query, query.stuckMs);
    const { stuckMs: _unused, ...rest } = query;
    const records = await context.client.getTransactions(
      {
        ...(rest.status ? { status: rest.status } : {}),
        ...(rest.currency ? { currency: rest.currency } : {}),
        ...(rest.since !== undefined ? { since: rest.since } : {}),
        limit: rest.limit,
        ...(rest.offset > 0 ? { offset: rest.offset } : {}),
      },
      { signal: context.signal },
    );
    context.onRecords?.(records);
    context.progress?.(records.length, records.length, `listed ${records.length} transactions`);
    return page(
      context,
      query,
      records,
      new Map(),
      records.length === query.limit ? query.offset + records.length : undefined,
      [],
    );
  },
});
