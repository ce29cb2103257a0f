/**
 * The fixed-rate flow as the service's documentation describes it, on the sandbox: create a
 * transaction with the rate id of a quote (`createFixTransaction`, as an integration would send
 * it), and move time: skip the sandbox's clock, or run a transaction to a chosen status through
 * its normal steps (pay it when it waits, then skip the clock to each next step of its schedule;
 * a status off its schedule is reached by a move from the step before it). Sandbox only.
 */
import type { ControlTransaction } from '../shared/controlProtocol';
import type { KnownStatus } from '../shared/status';
import { ticker } from '../shared/format';
import { sandboxTool } from './defineTool';
import type { SandboxToolContext } from './defineTool';
import { durationText } from './duration';
import { controlLine } from './lines';
import { durationMs } from './listTool';
import { CONTROL_TX_SCHEMA } from './outputSchemas';
import { success } from './results';
import {
  amountSchema,
  idSchema,
  optionalString,
  requiredString,
  statusSchema,
  textSchema,
  tickerSchema,
} from './schemaParts';
import type { AgentTool } from './types';
import { AgentInputError } from './validation';
import { safeText } from '../shared/safeText';

function shown(value: unknown, fallback: string): string {
  return typeof value === 'string' || typeof value === 'number' ? safeText(String(value), 64) : fallback;
}

interface FixedInput {
  readonly from: string;
  readonly to: string;
  readonly rateId: string;
  readonly address: string;
  readonly refundAddress: string;
  readonly amountFrom?: string;
  readonly amountTo?: string;
  readonly extraId?: string;
  readonly refundExtraId?: string;
}

export const createSandboxFixedTransactionTool: AgentTool = sandboxTool<FixedInput>({
  name: 'exchangeTx_createSandboxFixedTransaction',
  title: 'Create a Fixed-Rate Sandbox Transaction',
  description:
    "Creates a fixed-rate transaction in the local sandbox (never on a real account) the way an integration does: with the service's createFixTransaction " +
    'operation and the rate id of a quote from exchangeTx_getFixedRate (single-use, valid until its expiry), the same amount as the quote (amountFrom or ' +
    'amountTo), the payout address and the refund address the documentation requires. Returns the created transaction: id, payin address, expected ' +
    "amounts and payTill (pay before it). Needs the user's confirmation.",
  notFor:
    'a real account (refused), a floating-rate transaction or a transaction in a chosen status (use exchangeTx_createSandboxTransaction), or without a quote (get one with exchangeTx_getFixedRate first).',
  example:
    '{"from": "btc", "to": "eth", "rateId": "<id of the quote>", "amountFrom": 0.1, "address": "0x…", "refundAddress": "bc1…"} creates it at the quoted rate.',
  output: {
    transaction: {
      type: 'object',
      properties: { id: { type: 'string' }, payinAddress: { type: 'string' }, status: { type: 'string' } },
      required: ['id', 'payinAddress'],
    },
  },
  destructive: false,
  idempotent: false,
  inputSchema: {
    type: 'object',
    properties: {
      from: tickerSchema('The payin currency of the quote.'),
      to: tickerSchema('The payout currency of the quote.'),
      rateId: textSchema('The rate id of the quote (exchangeTx_getFixedRate), single-use.', 200),
      amountFrom: amountSchema('The payin amount of the quote (give this or amountTo).'),
      amountTo: amountSchema('The payout amount of the quote (give this or amountFrom).'),
      address: textSchema('The payout address in the "to" currency.', 256),
      extraId: textSchema('The payout extra id, when the "to" currency uses one.', 128),
      refundAddress: textSchema('The refund address in the "from" currency (required for fixed rate).', 256),
      refundExtraId: textSchema('The refund extra id.', 128),
    },
    required: ['from', 'to', 'rateId', 'address', 'refundAddress'],
    additionalProperties: false,
  },
  doing: 'Creating the fixed-rate sandbox transaction',
  confirmation(input) {
    const amount =
      input.amountFrom !== undefined
        ? `${shown(input.amountFrom, '?')} ${ticker(shown(input.from, '?'))}`
        : `${shown(input.amountTo, '?')} ${ticker(shown(input.to, '?'))}`;
    return {
      title: 'Create a fixed-rate sandbox transaction?',
      message: `Creates a fixed-rate transaction of ${amount} in the local sandbox with the quote's rate id. Nothing is sent to a real account.`,
    };
  },
  parse(input) {
    const from = requiredString(input, 'from').toLowerCase();
    const to = requiredString(input, 'to').toLowerCase();
    if (from === to) throw new AgentInputError('to', 'must differ from "from"');
    const amountFrom = optionalString(input, 'amountFrom');
    const amountTo = optionalString(input, 'amountTo');
    if ((amountFrom === undefined) === (amountTo === undefined))
      throw new AgentInputError(
        'amountFrom',
        'give exactly one of amountFrom and amountTo (the one the quote was for)',
      );
    const extraId = optionalString(input, 'extraId');
    const refundExtraId = optionalString(input, 'refundExtraId');
    return {
      from,
      to,
      rateId: requiredString(input, 'rateId'),
      address: requiredString(input, 'address'),
      refundAddress: requiredString(input, 'refundAddress'),
      ...(amountFrom !== undefined ? { amountFrom } : { amountTo: amountTo ?? '' }),
      ...(extraId !== undefined ? { extraId } : {}),
      ...(refundExtraId !== undefined ? { refundExtraId } : {}),
    };
  },
  async execute(context, request) {
    const tx = await context.client.createFixTransaction(request, { signal: context.signal });
    const line = `Created ${JSON.stringify(safeText(tx.id, 64))}: pay ${safeText(tx.amountExpectedFrom, 40)} ${ticker(safeText(tx.currencyFrom, 20))} to ${JSON.stringify(safeText(tx.payinAddress, 120))}${tx.payinExtraId ? ` (extra id ${JSON.stringify(safeText(tx.payinExtraId, 60))})` : ''}${tx.payTill ? ` before ${safeText(tx.payTill, 40)}` : ''}; ${safeText(tx.amountExpectedTo, 40)} ${ticker(safeText(tx.currencyTo, 20))} before the network fee.`;
    return success(
      context,
      [line, 'Pay it with exchangeTx_paySandboxTransaction, then exchangeTx_advanceSandbox to run it to finished.'],
      { transaction: { ...tx } },
    );
  },
});

interface AdvanceInput {
  readonly id?: string;
  readonly toStatus?: KnownStatus;
  readonly skipMs?: number;
}

/** The step to move from when `target` is not on the schedule: where it normally comes from. */
const COMES_AFTER: Partial<Record<KnownStatus, KnownStatus>> = {
  hold: 'confirming',
  failed: 'confirming',
  refunded: 'exchanging',
  overdue: 'waiting',
  expired: 'waiting',
};

async function runTo(
  context: SandboxToolContext,
  id: string,
  target: KnownStatus,
): Promise<{ tx: ControlTransaction; steps: string[] }> {
  const control = context.control;
  const call = { signal: context.signal };
  const steps: string[] = [];
  let tx = await control.get(id, call);
  // Pay a waiting transaction unless the target is to stay unpaid.
  if (tx.status === 'waiting' && !['waiting', 'overdue', 'expired'].includes(target)) {
    tx = await control.pay(id, undefined, call);
    steps.push(`paid the expected amount (now ${tx.status})`);
  }
  for (let guard = 0; guard < 10 && tx.status !== target; guard++) {
    const next = tx.next;
    const future = next ? tx.schedule.filter((step) => step.atMs >= next.atMs).map((step) => step.status) : [];
    const before = COMES_AFTER[target];
    if (
      next &&
      (future.includes(target) || (before !== undefined && before !== tx.status && future.includes(before)))
    ) {
      // Let the clock take the next scheduled step.
      const { nowMs } = await control.clock(call);
      const wait = Math.max(1, next.atMs - nowMs);
      await control.skip(wait, call);
      tx = await control.get(id, call);
      steps.push(`skipped the clock ${durationText(wait)} (now ${tx.status})`);
      continue;
    }
    tx = await control.move(id, target, call);
    steps.push(
      `moved it to ${target} (its schedule does not reach it from ${steps.length === 0 ? 'where it was' : 'there'})`,
    );
  }
  return { tx, steps };
}

export const advanceSandboxTool: AgentTool = sandboxTool<AdvanceInput>({
  name: 'exchangeTx_advanceSandbox',
  title: 'Advance the Sandbox',
  description:
    'Moves time in the local sandbox (never on a real account): with id and toStatus it runs that transaction to the status through its normal steps ' +
    "(pays it if it is waiting, then skips the sandbox's clock to each next step of its schedule; a status its schedule does not reach is entered by a move " +
    "from the step before it); with skip it moves the sandbox's clock ahead by a duration. Skipping the clock moves every sandbox transaction on its " +
    "schedule. Returns the transaction (its schedule and next step) and the steps taken. Needs the user's confirmation.",
  notFor:
    'a real account (refused), or jumping straight to a status without the steps before it (use exchangeTx_moveSandboxTransaction).',
  example: '{"id": "a1b2c3d4e5f6", "toStatus": "finished"} pays it and runs it to finished in seconds.',
  output: {
    transaction: CONTROL_TX_SCHEMA,
    steps: { type: 'array', items: { type: 'string' } },
    clock: { type: 'object', properties: { now: { type: 'string' }, skippedMs: { type: 'number' } } },
  },
  destructive: true,
  idempotent: false,
  inputSchema: {
    type: 'object',
    properties: {
      id: idSchema('The id of a sandbox transaction to run to toStatus.'),
      toStatus: statusSchema('The status to run the transaction to (with id).'),
      skip: {
        type: 'string',
        description: 'A duration to move the sandbox clock ahead: "30m", "1h", "2d" or "PT1H" (without id).',
        minLength: 2,
        maxLength: 20,
      },
    },
    additionalProperties: false,
  },
  doing: 'Advancing the sandbox',
  confirmation(input) {
    if (input.id !== undefined)
      return {
        title: 'Run a sandbox transaction on?',
        message: `Runs the sandbox transaction ${shown(input.id, '?')} to "${shown(input.toStatus, '?')}" through its steps (skipping the sandbox clock). Nothing is sent to a real account.`,
      };
    return {
      title: 'Skip the sandbox clock?',
      message: `Moves the sandbox clock ahead by ${shown(input.skip, '?')}: every sandbox transaction moves on its schedule. Nothing is sent to a real account.`,
    };
  },
  parse(input) {
    const id = optionalString(input, 'id');
    const toStatus = optionalString(input, 'toStatus') as KnownStatus | undefined;
    const skip = optionalString(input, 'skip');
    if (skip !== undefined) {
      if (id !== undefined || toStatus !== undefined)
        throw new AgentInputError('skip', 'goes alone: give skip, or id and toStatus');
      return { skipMs: durationMs(skip, 'skip') };
    }
    if (id === undefined || toStatus === undefined)
      throw new AgentInputError(id === undefined ? 'id' : 'toStatus', 'is required: give id and toStatus, or skip');
    return { id, toStatus };
  },
  async execute(context, input) {
    if (input.skipMs !== undefined) {
      const clock = await context.control.skip(input.skipMs, { signal: context.signal });
      return success(
        context,
        [
          `Skipped the sandbox clock ${durationText(input.skipMs)}: it is now ${clock.now} (${durationText(clock.skippedMs)} ahead of real time).`,
        ],
        {
          steps: [`skipped ${durationText(input.skipMs)}`],
          clock: { now: clock.now, skippedMs: clock.skippedMs },
        },
      );
    }
    const { tx, steps } = await runTo(context, input.id ?? '', input.toStatus ?? 'finished');
    const reached =
      tx.status === input.toStatus
        ? `Reached ${tx.status}`
        : `Stopped at ${tx.status} (could not reach ${input.toStatus ?? '?'})`;
    return success(
      context,
      [`${reached}: ${steps.length > 0 ? steps.join('; ') : 'it was there already'}.`, controlLine(tx)],
      { transaction: tx, steps },
    );
  },
});
