/**
 * The tools that read transactions: look some up by id, and list recent ones with filters
 * (`getTransactions`). Read-only: any target.
 */
import type { KnownStatus } from '../shared/status';
import { KNOWN_STATUSES } from '../shared/status';
import { readTool } from './defineTool';
import { recordLine } from './lines';
import { success } from './results';
import { idSchema, statusSchema, TICKER_PATTERN } from './schemaParts';
import type { AgentTool } from './types';
import { AgentInputError } from './validation';

/** Most ids one lookup takes (two `getTransactions` calls of ten). */
export const MAX_LOOKUP_IDS = 20;

export const getTransactionsTool: AgentTool = readTool({
  name: 'exchangeTx_getTransactions',
  title: 'Get Transactions by ID',
  description:
    `Looks up exchange transactions by their ids (1 to ${MAX_LOOKUP_IDS}) on the target in use (the local sandbox or the user's account) ` +
    'with the service\'s getTransactions operation, and returns each full record: status, currencies, expected and received amounts, ' +
    'payin address and extra id, payout and refund addresses, hashes, fees, creation time and, for fixed-rate ones, the payment deadline. ' +
    'Ids the service does not know are listed as not found. Read-only.',
  inputSchema: {
    type: 'object',
    properties: {
      ids: {
        type: 'array',
        description: `Transaction ids, 1 to ${MAX_LOOKUP_IDS}; an id is 4-64 letters, digits, "-" or "_".`,
        items: idSchema('A transaction id.'),
        minItems: 1,
        maxItems: MAX_LOOKUP_IDS,
      },
    },
    required: ['ids'],
    additionalProperties: false,
  },
  doing: 'Looking the transactions up',
  parse: (input) => [...new Set(input.ids as string[])],
  async execute(context, ids) {
    const found = await context.client.getTransactionsByIds(ids, { signal: context.signal });
    const records = ids.flatMap((id) => {
      const record = found.get(id);
      return record ? [record] : [];
    });
    const notFound = ids.filter((id) => !found.has(id));
    const lines = records.map(recordLine);
    if (notFound.length > 0) lines.push(`Not found: ${notFound.join(', ')}`);
    return success(context, [`${records.length} of ${ids.length} found.`, ...lines], { records, notFound });
  },
});

/** The most records one listing returns (the service's page size). */
export const MAX_LIST_LIMIT = 100;
const DEFAULT_LIST_LIMIT = 10;
/** Longest `since` text read. */
const MAX_TIME_LENGTH = 40;

interface ListInput {
  readonly status?: KnownStatus[];
  readonly currency?: string[];
  readonly since?: number;
  readonly limit: number;
  readonly offset?: number;
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

export const listTransactionsTool: AgentTool = readTool<ListInput>({
  name: 'exchangeTx_listTransactions',
  title: 'List Recent Transactions',
  description:
    'Lists the exchange transactions of the target in use (the local sandbox or the user\'s account) with the service\'s getTransactions operation, ' +
    'optionally filtered by status, by payin or payout currency, and by creation time (since), one page of up to ' +
    `${MAX_LIST_LIMIT} records (default ${DEFAULT_LIST_LIMIT}; use offset for the next page). ` +
    'Returns each record with its id, status, amounts, currencies, payin address and creation time. Read-only.',
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
        description: 'Only transactions with one of these currencies as payin or payout (1 to 10 tickers such as "btc").',
        items: { type: 'string', description: 'A ticker such as "btc".', pattern: TICKER_PATTERN, minLength: 1, maxLength: 32 },
        minItems: 1,
        maxItems: 10,
        uniqueItems: true,
      },
      since: {
        type: 'string',
        description: 'Only transactions created at or after this time: ISO 8601 such as "2026-11-25T10:00:00Z" (UTC when no zone is given).',
        minLength: 10,
        maxLength: MAX_TIME_LENGTH,
      },
      limit: { type: 'integer', description: `How many records, 1 to ${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT}).`, minimum: 1, maximum: MAX_LIST_LIMIT },
      offset: { type: 'integer', description: 'How many matching records to skip, for the next page (default 0).', minimum: 0, maximum: 100_000 },
    },
    additionalProperties: false,
  },
  doing: 'Listing the transactions',
  parse: (input) => ({
    ...(input.status === undefined ? {} : { status: input.status as KnownStatus[] }),
    ...(input.currency === undefined ? {} : { currency: (input.currency as string[]).map((c) => c.toLowerCase()) }),
    ...(typeof input.since === 'string' ? { since: sinceMicros(input.since) } : {}),
    limit: typeof input.limit === 'number' ? input.limit : DEFAULT_LIST_LIMIT,
    ...(typeof input.offset === 'number' ? { offset: input.offset } : {}),
  }),
  async execute(context, query) {
    const records = await context.client.getTransactions(query, { signal: context.signal });
    const filters = [
      query.status ? `status ${query.status.join('/')}` : undefined,
      query.currency ? `currency ${query.currency.join('/')}` : undefined,
      query.since !== undefined ? `since ${new Date(query.since / 1000).toISOString()}` : undefined,
      query.offset ? `offset ${query.offset}` : undefined,
    ].filter((f) => f !== undefined);
    const head = `${records.length} transaction${records.length === 1 ? '' : 's'}${filters.length > 0 ? ` (${filters.join(', ')})` : ''}${records.length === query.limit ? `; more may follow (offset ${(query.offset ?? 0) + records.length})` : ''}.`;
    return success(context, [head, ...records.map(recordLine)], { query, records });
  },
});
