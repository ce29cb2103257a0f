/**
 * The JSON Schema of every event a receiver may get (statusEvents.ts builds them), in both payload
 * formats. Each field of the built types has its schema here: the mapped types below fail to
 * compile when a field is added to an event without one. `npm run generate` writes the schema to
 * docs/forwarding-events.schema.json.
 */
import type { GapEvent, StatusEvent } from './statusEvents';
import { EVENT_TYPES } from './statusEvents';

type Schema = Readonly<Record<string, unknown>>;

const TIME: Schema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
  description: 'ISO 8601, UTC, milliseconds.',
};

const STATUS_FIELDS: { readonly [K in keyof StatusEvent]-?: Schema } = {
  id: {
    type: 'string',
    pattern: '^evt_[0-9a-f]{32}$',
    description: 'The same on every retry, restart and replay of one change; handle each id once.',
  },
  from: { type: ['string', 'null'], description: 'The status before; null for a transaction first seen.' },
  to: { type: 'string', description: 'The status now.' },
  transaction: {
    type: 'object',
    description: 'The record as getTransactions answers it: times in Unix microseconds, amounts as decimal strings.',
    required: ['id', 'status'],
    properties: { id: { type: 'string' }, status: { type: 'string' } },
  },
  at: { ...TIME, description: 'When the change happened (the sandbox) or was seen (the forwarder).' },
};

const GAP_FIELDS: { readonly [K in Exclude<keyof GapEvent, 'type'>]-?: Schema } = {
  id: { type: 'string', pattern: '^gap_[0-9a-f]{32}$' },
  reason: { type: 'string', description: 'Which bound was reached; resynchronise with getTransactions.' },
  at: TIME,
};

function object(fields: Readonly<Record<string, Schema>>, description?: string): Schema {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    required: Object.keys(fields),
    properties: fields,
    additionalProperties: false,
  };
}

function envelope(type: string, data: Readonly<Record<string, Schema>>, description: string): Schema {
  return object(
    { type: { const: type }, timestamp: { ...TIME, description: "The event's `at`." }, data: object(data) },
    description,
  );
}

/** The schema document: one definition per event type and format; an event matches exactly one. */
export function eventsSchema(): Schema {
  const definitions: Record<string, Schema> = {
    [EVENT_TYPES.status]: envelope(EVENT_TYPES.status, STATUS_FIELDS, 'A status change (the default payload).'),
    [EVENT_TYPES.gap]: envelope(EVENT_TYPES.gap, GAP_FIELDS, 'A bound was reached: resynchronise.'),
    'legacy.status_changed': object(STATUS_FIELDS, 'A status change, with --payload legacy.'),
    'legacy.gap': object({ ...GAP_FIELDS, type: { const: 'gap' } }, 'A gap, with --payload legacy.'),
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Exchange Tx status events',
    description: 'The body of every event the forwarder and the sandbox POST to a receiver.',
    oneOf: Object.keys(definitions).map((name) => ({ $ref: `#/definitions/${name}` })),
    definitions,
  };
}
