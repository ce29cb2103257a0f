/**
 * Checks a tool's input against its own JSON Schema (the subset of types.ts) before anything is
 * sent: the schema the model is shown is the rule that is enforced, so the two cannot drift.
 * A refused input names the field and what is wrong, never echoing more than a short part of it.
 */
import type { JsonObjectSchema, JsonSchema } from './types';
import { isRecord } from '../shared/isRecord';

/** An input the tool refuses; `field` is a path such as `ids[2]` or `pairs[0].from`. */
export class AgentInputError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(field === '' ? detail : `"${field}" ${detail}`);
    this.name = 'AgentInputError';
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

function checkString(schema: JsonSchema, value: string, path: string): void {
  // Length in code points, as JSON Schema counts it.
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    throw new AgentInputError(
      path,
      schema.minLength === 1 ? 'must not be empty' : `must have at least ${schema.minLength} characters`,
    );
  }
  if (schema.maxLength !== undefined && length > schema.maxLength)
    throw new AgentInputError(path, `must have at most ${schema.maxLength} characters`);
  if (schema.enum !== undefined && !schema.enum.includes(value))
    throw new AgentInputError(path, `must be one of: ${schema.enum.join(', ')}`);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
    throw new AgentInputError(path, `does not have the expected form (${schema.pattern})`);
}

function checkNumber(schema: JsonSchema, value: number, path: string): void {
  if (!Number.isFinite(value)) throw new AgentInputError(path, 'must be a finite number');
  if (schema.type === 'integer' && !Number.isSafeInteger(value)) throw new AgentInputError(path, 'must be an integer');
  if (schema.minimum !== undefined && value < schema.minimum)
    throw new AgentInputError(path, `must be at least ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum)
    throw new AgentInputError(path, `must be at most ${schema.maximum}`);
}

function checkArray(schema: JsonSchema, value: readonly unknown[], path: string): unknown[] {
  if (schema.minItems !== undefined && value.length < schema.minItems)
    throw new AgentInputError(path, `needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems)
    throw new AgentInputError(path, `takes at most ${schema.maxItems} items (got ${value.length})`);
  const items = schema.items
    ? value.map((item, i) => checkValue(schema.items as JsonSchema, item, at(path, i)))
    : [...value];
  if (schema.uniqueItems) {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) throw new AgentInputError(at(path, i), 'repeats an earlier item');
      seen.add(key);
    });
  }
  return items;
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, path: string): Record<string, unknown> {
  const properties = schema.properties ?? {};
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key) && schema.additionalProperties === false) {
      throw new AgentInputError(
        at(path, key.length > 40 ? `${key.slice(0, 40)}…` : key),
        'is not a parameter of this tool',
      );
    }
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) throw new AgentInputError(at(path, key), 'is required');
  }
  const out: Record<string, unknown> = { ...value };
  for (const [key, property] of Object.entries(properties)) {
    if (Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined)
      out[key] = checkValue(property, value[key], at(path, key));
  }
  return out;
}

/** Most significant digits a JSON number keeps exactly as written (IEEE 754 double: 15). */
const EXACT_DIGITS = 15;

/**
 * A JSON number as the decimal text it was written as (0.1 → "0.1", 1e-7 → "0.0000001"), when a
 * double keeps that text exactly (at most 15 significant digits); otherwise an AgentInputError
 * asking for a string, since the digits the sender wrote are no longer known.
 */
export function decimalTextOf(value: number, path: string): string {
  if (!Number.isFinite(value)) throw new AgentInputError(path, 'must be a finite number');
  if (value < 0) throw new AgentInputError(path, 'must not be negative');
  const [mantissa = '0', exponentText] = String(value).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits.length > EXACT_DIGITS) {
    throw new AgentInputError(
      path,
      `has more than ${EXACT_DIGITS} significant digits as a JSON number, so its exact digits are lost: send it as a string such as "0.1"`,
    );
  }
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  // Shift the decimal point of whole.fraction by the exponent.
  const all = whole + fraction;
  const point = whole.length + exponent;
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${all}`;
  else if (point >= all.length) text = all + '0'.repeat(point - all.length);
  else text = `${all.slice(0, point)}.${all.slice(point)}`;
  text = text.replace(/^0+(?=\d)/, '');
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function checkValue(schema: JsonSchema, value: unknown, path: string): unknown {
  if (Array.isArray(schema.type)) {
    // An amount: a decimal string, or a JSON number turned into its decimal text.
    const text = typeof value === 'number' ? decimalTextOf(value, path) : value;
    if (typeof text !== 'string')
      throw new AgentInputError(path, `must be a decimal string such as "0.5" or a number, not ${describe(value)}`);
    checkString(schema, text, path);
    return text;
  }
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') throw new AgentInputError(path, `must be a string, not ${describe(value)}`);
      checkString(schema, value, path);
      return value;
    case 'integer':
    case 'number':
      if (typeof value !== 'number')
        throw new AgentInputError(
          path,
          `must be ${schema.type === 'integer' ? 'an integer' : 'a number'}, not ${describe(value)}`,
        );
      checkNumber(schema, value, path);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw new AgentInputError(path, `must be true or false, not ${describe(value)}`);
      return value;
    case 'array':
      if (!Array.isArray(value)) throw new AgentInputError(path, `must be an array, not ${describe(value)}`);
      return checkArray(schema, value, path);
    case 'object':
      if (!isRecord(value)) throw new AgentInputError(path, `must be an object, not ${describe(value)}`);
      return checkObject(schema, value, path);
  }
}

/**
 * The input as a record when it fits the schema (amounts given as numbers turned into their
 * decimal text); otherwise an AgentInputError. A missing input (undefined or null) counts as
 * `{}`, so a tool without required parameters runs without one.
 */
export function validateInput(schema: JsonObjectSchema, input: unknown): Record<string, unknown> {
  const value = input === undefined || input === null ? {} : input;
  return checkValue(schema, value, '') as Record<string, unknown>;
}
