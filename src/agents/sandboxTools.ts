/**
 * The tools that change the sandbox through its control endpoint: create a transaction, pay it,
 * move it to a status. Refused on an account (nothing is sent); each names what it will do for
 * the user's confirmation.
 */
import type { CreateAction } from '../shared/controlRequests';
import { CREATE_FIELDS } from '../shared/controlRequests';
import { movableStatuses } from '../shared/controlProtocol';
import { ticker } from '../shared/format';
import type { KnownStatus } from '../shared/status';
import { sandboxTool } from './defineTool';
import { controlLine } from './lines';
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

/** A value of the input, shown short in a confirmation (the input is not checked yet there). */
function shown(value: unknown, fallback: string): string {
  if (typeof value === 'number') return safeText(String(value), 64);
  return typeof value === 'string' && value.trim() !== '' ? safeText(value, 64) : fallback;
}

type CreateInput = Omit<CreateAction, 'action'>;

export const createSandboxTransactionTool: AgentTool = sandboxTool<CreateInput>({
  name: 'exchangeTx_createSandboxTransaction',
  title: 'Create a Sandbox Transaction',
  description:
    "Creates a transaction in the local sandbox (never on a real account) as the service's create operations would: a payin address, the expected " +
    "amounts at the pair's rate, then puts it in the given status (default waiting) with the schedule the sandbox follows from there. Every field is " +
    "optional: default float btc → eth, twice the pair's minimum, generated addresses. Returns the transaction with its id, payin address and next " +
    "scheduled step; look it up later with exchangeTx_getTransactions. Needs the user's confirmation.",
  inputSchema: {
    type: 'object',
    properties: {
      type: { type: 'string', description: 'float (default) or fixed.', enum: ['float', 'fixed'] },
      from: tickerSchema('The payin currency (default btc).'),
      to: tickerSchema('The payout currency (default eth).'),
      amountFrom: amountSchema("The payin amount (default twice the pair's minimum)."),
      address: textSchema('The payout address in the "to" currency (default a generated one).', 256),
      extraId: textSchema('The payout extra id, when the "to" currency uses one.', 128),
      refundAddress: textSchema('The refund address in the "from" currency.', 256),
      refundExtraId: textSchema('The refund extra id.', 128),
      status: statusSchema('The status to put it in (default waiting); expired needs type fixed, overdue type float.'),
    },
    additionalProperties: false,
  },
  notFor:
    "a real account (refused), or the fixed-rate flow with a quote's rate id (use exchangeTx_createSandboxFixedTransaction).",
  example:
    '{"from": "btc", "to": "eth", "amountFrom": 0.1, "status": "hold"} makes a held BTC → ETH transaction to test with.',
  output: { transaction: CONTROL_TX_SCHEMA },
  destructive: false,
  idempotent: false,
  doing: 'Creating the sandbox transaction',
  confirmation(input) {
    const type = input.type === 'fixed' ? 'fixed-rate' : 'floating-rate';
    const amount = input.amountFrom !== undefined ? `${shown(input.amountFrom, '')} ` : '';
    const pair = `${ticker(shown(input.from, 'btc'))} → ${ticker(shown(input.to, 'eth'))}`;
    return {
      title: 'Create a sandbox transaction?',
      message: `Creates a ${type} ${amount}${pair} transaction in the local sandbox, in status "${shown(input.status, 'waiting')}". Nothing is sent to a real account.`,
    };
  },
  parse(input) {
    const request: Record<string, string> = {};
    for (const field of CREATE_FIELDS) {
      const value = optionalString(input, field);
      if (value !== undefined) request[field] = field === 'from' || field === 'to' ? value.toLowerCase() : value;
    }
    if ((request.from ?? 'btc') === (request.to ?? 'eth'))
      throw new AgentInputError('to', 'must differ from "from" (defaults: btc → eth)');
    const status = request.status as KnownStatus | undefined;
    const type =
      request.type === 'fixed' || request.type === 'float' ? request.type : status === 'expired' ? 'fixed' : 'float';
    if (status !== undefined && !movableStatuses(type).includes(status))
      throw new AgentInputError('status', `is not a status a ${type} transaction can be in`);
    return request;
  },
  async execute(context, request) {
    const tx = await context.control.create(request, { signal: context.signal });
    return success(context, [`Created ${tx.id}.`, controlLine(tx)], { transaction: tx });
  },
});

export const paySandboxTransactionTool: AgentTool = sandboxTool<{ id: string; amount?: string }>({
  name: 'exchangeTx_paySandboxTransaction',
  title: 'Pay a Sandbox Transaction',
  description:
    'Pays a waiting transaction in the local sandbox (never on a real account): the amount arrives now on the sandbox clock. The expected amount ' +
    "(default) moves it on to finished through confirming, exchanging and sending; another amount gets the service's reaction (a float below the " +
    'minimum fails, above the maximum is held; a fixed one paid other than expected is refunded). Returns the transaction and its next scheduled step. ' +
    "Needs the user's confirmation.",
  inputSchema: {
    type: 'object',
    properties: {
      id: idSchema('The id of a waiting sandbox transaction.'),
      amount: amountSchema('The amount paid in (default the expected amount).'),
    },
    required: ['id'],
    additionalProperties: false,
  },
  notFor:
    'a real account (refused), or running it all the way to finished (use exchangeTx_advanceSandbox, which pays and skips the clock).',
  example: '{"id": "a1b2c3d4e5f6", "amount": 0.05} pays 0.05 instead of the expected amount.',
  output: { transaction: CONTROL_TX_SCHEMA },
  destructive: true,
  idempotent: false,
  doing: 'Paying the sandbox transaction',
  confirmation(input) {
    const amount =
      input.amount !== undefined
        ? `${shown(input.amount, '')} (instead of the expected amount)`
        : 'the expected amount';
    return {
      title: 'Pay a sandbox transaction?',
      message: `Pays ${amount} into the sandbox transaction ${shown(input.id, '?')}. Nothing is sent to a real account.`,
    };
  },
  parse(input) {
    const amount = optionalString(input, 'amount');
    return { id: requiredString(input, 'id'), ...(amount === undefined ? {} : { amount }) };
  },
  async execute(context, input) {
    const tx = await context.control.pay(input.id, input.amount, { signal: context.signal });
    return success(context, [`Paid ${tx.id}.`, controlLine(tx)], { transaction: tx });
  },
});

export const moveSandboxTransactionTool: AgentTool = sandboxTool<{ id: string; status: KnownStatus }>({
  name: 'exchangeTx_moveSandboxTransaction',
  title: 'Move a Sandbox Transaction',
  description:
    'Moves a transaction in the local sandbox (never on a real account) to a status now, to test how code handles it: for example hold (the exchange ' +
    'waits for an AML/KYC check), failed, refunded, overdue (float) or expired (fixed). From there the sandbox clock moves it on where that status has a ' +
    "successor. Returns the transaction and its next scheduled step. Needs the user's confirmation.",
  inputSchema: {
    type: 'object',
    properties: {
      id: idSchema('The id of a sandbox transaction.'),
      status: statusSchema('The status to move it to.'),
    },
    required: ['id', 'status'],
    additionalProperties: false,
  },
  notFor: 'a real account (refused), or reaching a status through the steps before it (use exchangeTx_advanceSandbox).',
  example: '{"id": "a1b2c3d4e5f6", "status": "hold"} puts it on hold now.',
  output: { transaction: CONTROL_TX_SCHEMA },
  destructive: true,
  idempotent: false,
  doing: 'Moving the sandbox transaction',
  confirmation(input) {
    return {
      title: 'Move a sandbox transaction?',
      message: `Moves the sandbox transaction ${shown(input.id, '?')} to status "${shown(input.status, '?')}". Nothing is sent to a real account.`,
    };
  },
  parse: (input) => ({ id: requiredString(input, 'id'), status: requiredString(input, 'status') as KnownStatus }),
  async execute(context, input) {
    const tx = await context.control.move(input.id, input.status, { signal: context.signal });
    return success(context, [`Moved ${tx.id} to ${tx.status}.`, controlLine(tx)], { transaction: tx });
  },
});
