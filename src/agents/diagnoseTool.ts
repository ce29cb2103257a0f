/**
 * "Why is my transaction stuck?" in one call: the record (`getTransactions`), since when it is in
 * its status (the sandbox's schedule, or the first sighting kept for the account), the payin
 * currency's confirmations from the catalogue (`getCurrenciesFull`) while it waits or confirms,
 * and diagnosis.ts's text: meaning, next step, usual time, what to do, ids for support. Read-only.
 */
import { readTool } from './defineTool';
import { diagnose, diagnosisLines } from './diagnosis';
import type { DiagnosisFacts } from './diagnosis';
import { compactRecord } from './bounded';
import { DIAGNOSIS_SCHEMA, RECORD_SCHEMA } from './outputSchemas';
import { success } from './results';
import { idSchema, requiredString } from './schemaParts';
import { statusTimes } from './statusSince';
import type { AgentTool, AgentToolContext } from './types';

/** The payin currency's confirmations from the catalogue, or undefined (unknown, or the catalogue failed). */
async function confirmationsOf(context: AgentToolContext, ticker: string): Promise<number | undefined> {
  try {
    const catalogue = await context.client.getCurrenciesFull({ signal: context.signal });
    const entry = catalogue.find((c) => c.ticker.toLowerCase() === ticker.toLowerCase());
    return entry?.payinConfirmations;
  } catch {
    // The diagnosis stands without it.
    return undefined;
  }
}

export const diagnoseTransactionTool: AgentTool = readTool<string>({
  name: 'exchangeTx_diagnoseTransaction',
  title: 'Diagnose a Transaction',
  description:
    'Answers "why is my transaction stuck?" for one transaction id on the target in use (the local sandbox or the user\'s account): its status and ' +
    'since when (exact on the sandbox, from its schedule; on an account at least since this client first saw it in that status), what the status means ' +
    "(the service's documentation), what normally comes next and how long it usually takes (the payin currency's confirmations from the catalogue; the " +
    "sandbox's next scheduled step), what to do now (the documentation's advice, and ours marked as ours) and the ids and links a support request needs. " +
    'Read-only (getTransactions, and getCurrenciesFull while it waits or confirms).',
  notFor:
    'many transactions at once (use exchangeTx_listTransactions with inStatusLongerThan to find stuck ones first), or an error answer (use exchangeTx_explainError).',
  example: '{"id": "a1b2c3d4e5f6"} tells why that transaction is where it is and what to do.',
  output: { diagnosis: DIAGNOSIS_SCHEMA, record: RECORD_SCHEMA, found: { type: 'boolean' } },
  usesControl: true,
  inputSchema: {
    type: 'object',
    properties: { id: idSchema('The transaction id.') },
    required: ['id'],
    additionalProperties: false,
  },
  doing: 'Diagnosing the transaction',
  parse: (input) => requiredString(input, 'id'),
  async execute(context, id) {
    const found = await context.client.getTransactionsByIds([id], { signal: context.signal });
    context.onRecords?.([...found.values()]);
    const record = found.get(id);
    if (!record) {
      const where = context.target.kind === 'sandbox' ? 'the sandbox' : 'this account';
      return success(
        context,
        [
          `No transaction ${JSON.stringify(id)} on ${where}.`,
          'What to do: check the id, and that it was created with this target (a sandbox id is unknown to an account and the other way round; a restarted sandbox forgets what was created in it).',
        ],
        { found: false },
      );
    }
    const times = await statusTimes(context, [record]);
    const since = times.since.get(id);
    const next = times.next.get(id);
    const confirmations =
      record.status === 'confirming' || record.status === 'waiting'
        ? await confirmationsOf(context, record.currencyFrom)
        : undefined;
    const facts: DiagnosisFacts = {
      nowMs: times.nowMs,
      ...(since ? { since } : {}),
      ...(confirmations !== undefined ? { confirmations } : {}),
      ...(next !== undefined ? { scheduleNext: next } : {}),
    };
    const diagnosis = diagnose(record, facts);
    return success(context, diagnosisLines(diagnosis), { found: true, diagnosis, record: compactRecord(record) });
  },
});
