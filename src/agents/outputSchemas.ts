/**
 * The JSON Schemas of the tools' results (MCP's outputSchema): every result's data is an object
 * with its `target` and, on failure, an `error`; each tool adds its own properties. Kept loose
 * where the service's records may grow (extra properties allowed) and strict where the tools
 * decide (kinds, required fields). Pure data.
 */
import type { OutputSchema } from './types';

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

export const TARGET_SCHEMA: OutputSchema = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['sandbox', 'account'] }, label: str, host: str },
  required: ['kind', 'label'],
};

export const ERROR_SCHEMA: OutputSchema = {
  type: 'object',
  properties: {
    kind: str,
    message: str,
    code: { type: ['integer', 'string'] },
    field: str,
    httpStatus: { type: 'integer' },
    meaning: str,
    action: str,
    sent: { type: 'boolean', const: false },
  },
  required: ['kind', 'message'],
};

/** A transaction record: compact (the fields an agent needs) or full (as the service sent it, decoded). */
export const RECORD_SCHEMA: OutputSchema = {
  type: 'object',
  properties: {
    id: str,
    status: str,
    type: str,
    currencyFrom: str,
    currencyTo: str,
    payinAddress: str,
    amountExpectedFrom: str,
    amountFrom: str,
  },
  required: ['id', 'status', 'currencyFrom', 'currencyTo'],
};

export const SCHEDULE_STEP_SCHEMA: OutputSchema = {
  type: 'object',
  properties: { status: str, atMs: { type: 'number' }, at: str },
  required: ['status', 'atMs', 'at'],
};

/** A sandbox transaction as its control endpoint shows it. */
export const CONTROL_TX_SCHEMA: OutputSchema = {
  type: 'object',
  properties: {
    id: str,
    type: str,
    status: str,
    schedule: { type: 'array', items: SCHEDULE_STEP_SCHEMA },
    next: { anyOf: [SCHEDULE_STEP_SCHEMA, { type: 'null' }] },
  },
  required: ['id', 'type', 'status', 'schedule', 'next'],
};

export const ADVICE_SCHEMA: OutputSchema = {
  type: 'object',
  properties: { text: str, source: { type: 'string', enum: ['docs', 'ours'] }, url: str },
  required: ['text', 'source'],
};

export const DIAGNOSIS_SCHEMA: OutputSchema = {
  type: 'object',
  properties: {
    id: str,
    status: str,
    rawStatus: str,
    since: {
      type: 'object',
      properties: {
        at: nullableStr,
        exact: { type: 'boolean' },
        source: { type: 'string', enum: ['sandbox', 'sighting', 'unknown'] },
        text: str,
      },
      required: ['at', 'exact', 'source', 'text'],
    },
    inStatusMs: { type: ['number', 'null'] },
    meaning: str,
    next: str,
    usually: str,
    final: { type: 'boolean' },
    scheduledNext: {
      anyOf: [{ type: 'object', properties: { status: str, at: str }, required: ['status', 'at'] }, { type: 'null' }],
    },
    advice: { type: 'array', items: ADVICE_SCHEMA },
    support: {
      type: 'object',
      properties: {
        transactionId: str,
        createdAt: nullableStr,
        payinAddress: str,
        payinExtraId: nullableStr,
        payinHash: nullableStr,
        payoutHash: nullableStr,
        refundHash: nullableStr,
        links: { type: 'array', items: str },
      },
      required: ['transactionId', 'payinAddress', 'links'],
    },
  },
  required: ['id', 'status', 'since', 'meaning', 'next', 'usually', 'advice', 'support'],
};

/** A result's schema: `target`, an optional `error`, and the tool's own properties (all optional: an error result has none). */
export function resultSchema(properties: Readonly<Record<string, unknown>>): OutputSchema {
  return {
    type: 'object',
    properties: { target: TARGET_SCHEMA, error: ERROR_SCHEMA, ...properties },
    required: ['target'],
  };
}
