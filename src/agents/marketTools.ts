/**
 * The tools that read what the service offers: pair limits (`getPairsParams`), a floating-rate
 * estimate (`getExchangeAmount`), a fixed-rate quote with its rate id (`getFixRateForAmount`),
 * and whether an address is valid (`validateAddress`). Read-only: any target.
 */
import type { EstimateLimits, PairLimits } from '../api/types';
import { ticker } from '../shared/format';
import { readTool } from './defineTool';
import { isoFromMicros } from './lines';
import { success } from './results';
import { amountSchema, optionalString, requiredString, textSchema, tickerSchema } from './schemaParts';
import type { AgentTool } from './types';
import { AgentInputError } from './validation';
import { amountText, quoted } from './modelText';
import { safeText } from '../shared/safeText';

/** Most pairs one limits call takes. */
export const MAX_LIMIT_PAIRS = 20;

function t(code: string): string {
  return ticker(safeText(code, 20));
}

function a(amount: string | undefined): string {
  return amount === undefined ? '?' : amountText(amount, 40);
}

function limitsLine(limits: PairLimits): string {
  return `${t(limits.from)} → ${t(limits.to)}: float ${a(limits.minAmountFloat)}–${a(limits.maxAmountFloat)} ${t(limits.from)}, fixed ${a(limits.minAmountFixed)}–${a(limits.maxAmountFixed)} ${t(limits.from)}`;
}

function estimateLimits(limits: EstimateLimits, from: string): string | undefined {
  const min = limits.minFrom ?? limits.min;
  const max = limits.maxFrom ?? limits.max;
  if (min === undefined && max === undefined) return undefined;
  return `Limits: ${min === undefined ? '' : `min ${a(min)} `}${max === undefined ? '' : `max ${a(max)} `}${t(from)}`.trim();
}

function checkPair(from: string, to: string, field = 'to'): void {
  if (from.toLowerCase() === to.toLowerCase()) throw new AgentInputError(field, 'must differ from "from"');
}

export const getPairLimitsTool: AgentTool = readTool<{ from: string; to: string }[]>({
  name: 'exchangeTx_getPairLimits',
  title: 'Get Pair Limits',
  description:
    `Reads the current minimum and maximum payin amounts of 1 to ${MAX_LIMIT_PAIRS} currency pairs, for floating-rate and fixed-rate transactions, ` +
    "with the service's getPairsParams operation on the target in use. Amounts are in the payin (from) currency. Read-only.",
  inputSchema: {
    type: 'object',
    properties: {
      pairs: {
        type: 'array',
        description: `The pairs, 1 to ${MAX_LIMIT_PAIRS}.`,
        items: {
          type: 'object',
          properties: { from: tickerSchema('The payin currency.'), to: tickerSchema('The payout currency.') },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        minItems: 1,
        maxItems: MAX_LIMIT_PAIRS,
      },
    },
    required: ['pairs'],
    additionalProperties: false,
  },
  notFor: 'an estimate of what the user receives (use exchangeTx_getEstimate or exchangeTx_getFixedRate).',
  example: '{"pairs": [{"from": "btc", "to": "eth"}]} reads the BTC → ETH limits.',
  output: {
    limits: {
      type: 'array',
      items: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' } },
        required: ['from', 'to'],
      },
    },
    missing: { type: 'array' },
  },
  doing: 'Reading the pair limits',
  parse: (input) =>
    (input.pairs as { from: string; to: string }[]).map((pair, i) => {
      checkPair(pair.from, pair.to, `pairs[${i}].to`);
      return { from: pair.from.toLowerCase(), to: pair.to.toLowerCase() };
    }),
  async execute(context, pairs) {
    const limits = await context.client.getPairsParams(pairs, { signal: context.signal });
    const missing = pairs.filter((p) => !limits.some((l) => l.from === p.from && l.to === p.to));
    const lines = limits.map(limitsLine);
    if (missing.length > 0)
      lines.push(`No limits answered for: ${missing.map((p) => `${t(p.from)} → ${t(p.to)}`).join(', ')}`);
    return success(context, lines, { limits, missing });
  },
});

export const getEstimateTool: AgentTool = readTool<{ from: string; to: string; amountFrom: string }>({
  name: 'exchangeTx_getEstimate',
  title: 'Estimate a Floating-Rate Exchange',
  description:
    "Estimates a floating-rate exchange with the service's getExchangeAmount operation on the target in use: for an amount of the payin currency, " +
    "the payout amount before the network fee, the network fee (the user gets about amountTo minus networkFee), the rate and the pair's current limits. " +
    'An amount outside the limits is an error naming them. Read-only; creates nothing.',
  inputSchema: {
    type: 'object',
    properties: {
      from: tickerSchema('The payin currency.'),
      to: tickerSchema('The payout currency.'),
      amountFrom: amountSchema('The payin amount.'),
    },
    required: ['from', 'to', 'amountFrom'],
    additionalProperties: false,
  },
  notFor:
    'a fixed-rate quote (use exchangeTx_getFixedRate), or the limits of many pairs (use exchangeTx_getPairLimits).',
  example: '{"from": "btc", "to": "eth", "amountFrom": 0.1} estimates 0.1 BTC → ETH.',
  output: { estimate: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
  doing: 'Estimating the exchange',
  parse(input) {
    const from = requiredString(input, 'from').toLowerCase();
    const to = requiredString(input, 'to').toLowerCase();
    checkPair(from, to);
    return { from, to, amountFrom: requiredString(input, 'amountFrom') };
  },
  async execute(context, query) {
    const [estimate] = await context.client.getExchangeAmount(query, { signal: context.signal });
    if (!estimate)
      return success(context, [`No estimate answered for ${t(query.from)} → ${t(query.to)}.`], { estimate: null });
    const lines = [
      `${a(estimate.amountFrom)} ${t(estimate.from)} → ${a(estimate.amountTo)} ${t(estimate.to)} before the network fee${estimate.networkFee === undefined ? '' : ` of ${a(estimate.networkFee)} ${t(estimate.to)}`}${estimate.rate === undefined ? '' : ` (rate ${a(estimate.rate)})`}.`,
    ];
    const limits = estimateLimits(estimate, estimate.from);
    if (limits) lines.push(limits);
    return success(context, lines, { estimate });
  },
});

type FixRateInput = { from: string; to: string } & ({ amountFrom: string } | { amountTo: string });

export const getFixedRateTool: AgentTool = readTool<FixRateInput>({
  name: 'exchangeTx_getFixedRate',
  title: 'Get a Fixed-Rate Quote',
  description:
    "Gets a fixed-rate quote with the service's getFixRateForAmount operation on the target in use, for exactly one of amountFrom (what the user pays) " +
    'or amountTo (what the user receives). Returns the rate id that createFixTransaction takes, the fixed amounts, the network fee, the limits and when ' +
    'the rate id expires (it is single-use and short-lived: create the transaction before then, or ask again). Read-only; creates nothing.',
  inputSchema: {
    type: 'object',
    properties: {
      from: tickerSchema('The payin currency.'),
      to: tickerSchema('The payout currency.'),
      amountFrom: amountSchema('The payin amount (give this or amountTo).'),
      amountTo: amountSchema('The payout amount (give this or amountFrom).'),
    },
    required: ['from', 'to'],
    additionalProperties: false,
  },
  notFor:
    'a floating-rate estimate (use exchangeTx_getEstimate); it creates nothing (on the sandbox create with exchangeTx_createSandboxFixedTransaction and the rate id).',
  example: '{"from": "btc", "to": "eth", "amountFrom": 0.1} quotes 0.1 BTC → ETH at a fixed rate.',
  output: {
    quote: { anyOf: [{ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, { type: 'null' }] },
    expiresAt: { type: 'string' },
  },
  doing: 'Getting the fixed-rate quote',
  parse(input) {
    const from = requiredString(input, 'from').toLowerCase();
    const to = requiredString(input, 'to').toLowerCase();
    checkPair(from, to);
    const amountFrom = optionalString(input, 'amountFrom');
    const amountTo = optionalString(input, 'amountTo');
    if ((amountFrom === undefined) === (amountTo === undefined))
      throw new AgentInputError('amountFrom', 'give exactly one of amountFrom and amountTo');
    return amountFrom !== undefined ? { from, to, amountFrom } : { from, to, amountTo: amountTo ?? '' };
  },
  async execute(context, query) {
    const [quote] = await context.client.getFixRateForAmount(query, { signal: context.signal });
    if (!quote) return success(context, [`No quote answered for ${t(query.from)} → ${t(query.to)}.`], { quote: null });
    const expires = isoFromMicros(quote.expiredAt);
    const lines = [
      `Rate id ${quoted(quote.id, 100)}${expires ? `, expires ${expires}` : ''} (single-use: pass it to createFixTransaction before then).`,
      `${a(quote.amountFrom)} ${t(quote.from)} → ${a(quote.amountTo)} ${t(quote.to)} at the fixed rate ${a(quote.result)}${quote.networkFee === undefined ? '' : `, network fee ${a(quote.networkFee)} ${t(quote.to)}`}.`,
    ];
    const limits = estimateLimits(quote, quote.from);
    if (limits) lines.push(limits);
    return success(context, lines, { quote, ...(expires ? { expiresAt: expires } : {}) });
  },
});

export const validateAddressTool: AgentTool = readTool<{ currency: string; address: string; extraId?: string }>({
  name: 'exchangeTx_validateAddress',
  title: 'Validate an Address',
  description:
    "Checks with the service's validateAddress operation on the target in use whether an address (and optional extra id, such as a memo or destination tag) " +
    "is valid for a currency. An invalid address is a normal answer with the service's reason, not an error. Read-only.",
  inputSchema: {
    type: 'object',
    properties: {
      currency: tickerSchema('The currency of the address.'),
      address: textSchema('The address to check.', 256),
      extraId: textSchema('The extra id (memo, tag) when the currency uses one.', 128),
    },
    required: ['currency', 'address'],
    additionalProperties: false,
  },
  notFor: "checking a transaction's addresses after it was created (use exchangeTx_getTransactions with full).",
  example: '{"currency": "eth", "address": "0x…"} checks an ETH address.',
  output: {
    query: { type: 'object' },
    verdict: { type: 'object', properties: { result: { type: 'boolean' } }, required: ['result'] },
  },
  doing: 'Validating the address',
  parse(input) {
    const extraId = optionalString(input, 'extraId');
    return {
      currency: requiredString(input, 'currency').toLowerCase(),
      address: requiredString(input, 'address'),
      ...(extraId === undefined ? {} : { extraId }),
    };
  },
  async execute(context, query) {
    const verdict = await context.client.validateAddress(query, { signal: context.signal });
    const what = `The ${t(query.currency)} address ${quoted(query.address, 120)}${query.extraId === undefined ? '' : ` with extra id ${quoted(query.extraId, 60)}`}`;
    const line = verdict.result
      ? `${what} is valid.`
      : `${what} is NOT valid${verdict.message ? `: ${quoted(verdict.message, 200)}` : '.'}`;
    return success(context, [line], { query, verdict });
  },
});
