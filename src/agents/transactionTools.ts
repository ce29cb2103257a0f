/**
 * The tool that looks transactions up by id (`getTransactions`), compact records by default and
 * the full ones on request, within the result bound. Read-only: any target. The listing is
 * listTool.ts; the diagnosis diagnoseTool.ts.
 */
import { readTool } from './defineTool';
import { fitting, recordData } from './bounded';
import { recordLine } from './lines';
import { RECORD_SCHEMA } from './outputSchemas';
import { success } from './results';
import { idSchema } from './schemaParts';
import type { AgentTool } from './types';

/** Most ids one lookup takes (two `getTransactions` calls of ten). */
export const MAX_LOOKUP_IDS = 20;

export const FULL_SCHEMA = {
  type: 'boolean',
  description:
    'true: every field of each record as the service sent it; default false: the fields an agent needs (ids, status, amounts, currencies, payin address, times).',
} as const;

export const getTransactionsTool: AgentTool = readTool<{ ids: string[]; full: boolean }>({
  name: 'exchangeTx_getTransactions',
  title: 'Get Transactions by ID',
  description:
    `Looks up exchange transactions by their ids (1 to ${MAX_LOOKUP_IDS}) on the target in use (the local sandbox or the user's account) ` +
    "with the service's getTransactions operation, and returns each record: status, currencies, expected and received amounts, payin address " +
    'and extra id, creation time and, for fixed-rate ones, the payment deadline; with full, every field (payout and refund addresses, hashes, fees). ' +
    'Ids the service does not know are listed as not found. Read-only.',
  notFor:
    'asking why a transaction is stuck or what to do about its status (use exchangeTx_diagnoseTransaction), or finding transactions without their ids (use exchangeTx_listTransactions).',
  example: '{"ids": ["a1b2c3d4e5f6"]} looks one transaction up.',
  output: {
    records: { type: 'array', items: RECORD_SCHEMA },
    notFound: { type: 'array', items: { type: 'string' } },
    omitted: { type: 'array', items: { type: 'string' } },
  },
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
      full: FULL_SCHEMA,
    },
    required: ['ids'],
    additionalProperties: false,
  },
  doing: 'Looking the transactions up',
  parse: (input) => ({ ids: [...new Set(input.ids as string[])], full: input.full === true }),
  async execute(context, { ids, full }) {
    const found = await context.client.getTransactionsByIds(ids, { signal: context.signal });
    context.onRecords?.([...found.values()]);
    const records = ids.flatMap((id) => {
      const record = found.get(id);
      return record ? [record] : [];
    });
    const notFound = ids.filter((id) => !found.has(id));
    const { result } = fitting(records.length, (n) => {
      const shown = records.slice(0, n);
      const omitted = records.slice(n).map((r) => r.id);
      const lines = [`${records.length} of ${ids.length} found.`, ...shown.map(recordLine)];
      if (notFound.length > 0) lines.push(`Not found: ${notFound.join(', ')}`);
      if (omitted.length > 0)
        lines.push(
          `${omitted.length} more not shown (the result's size bound): look them up in a second call: ${omitted.join(', ')}`,
        );
      return success(context, lines, {
        records: shown.map((r) => recordData(r, full)),
        notFound,
        ...(omitted.length > 0 ? { omitted } : {}),
      });
    });
    return result;
  },
});
