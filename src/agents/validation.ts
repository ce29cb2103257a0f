/**
 * Checks a tool's input against its own JSON Schema (the subset of types.ts) before anything is
 * sent: the schema the model is shown is the rule that is enforced, so the two cannot drift.
 * A refused input names the field and what is wrong, never echoing more than a short part of it.
 */
import type { JsonObjectSchema, JsonSchema } from './types';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    throw new AgentInputError(path, schema.minLength === 1 ? 'must not be empty' : `must have at least ${schema.minLength} characters`);
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) throw new AgentInputError(path, `must have at most ${schema.maxLength} characters`);
  if (schema.enum !== undefined && !schema.enum.includes(value)) throw new AgentInputError(path, `must be one of: ${schema.enum.join(', ')}`);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) throw new AgentInputError(path, `does not have the expected form (${schema.pattern})`);
}

function checkNumber(schema: JsonSchema, value: number, path: string): void {
  if (!Number.isFinite(value)) throw new AgentInputError(path, 'must be a finite number');
  if (schema.type === 'integer' && !Number.isSafeInteger(value)) throw new AgentInputError(path, 'must be an integer');
  if (schema.minimum !== undefined && value < schema.minimum) throw new AgentInputError(path, `must be at least ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum) throw new AgentInputError(path, `must be at most ${schema.maximum}`);
}

function checkArray(schema: JsonSchema, value: readonly unknown[], path: string): void {
  if (schema.minItems !== undefined && value.length < schema.minItems) throw new AgentInputError(path, `needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems) throw new AgentInputError(path, `takes at most ${schema.maxItems} items (got ${value.length})`);
  if (schema.items) value.forEach((item, i) => checkValue(schema.items as JsonSchema, item, at(path, i)));
  if (schema.uniqueItems) {
    const seen = new Set<string>();
    value.forEach((item, i) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) throw new AgentInputError(at(path, i), 'repeats an earlier item');
      seen.add(key);
    });
  }
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, path: string): void {
  const properties = schema.properties ?? {};
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key) && schema.additionalProperties === false) {
      throw new AgentInputError(at(path, key.length > 40 ? `${key.slice(0, 40)}…` : key), 'is not a parameter of this tool');
    }
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) throw new AgentInputError(at(path, key), 'is required');
  }
  for (const [key, property] of Object.entries(properties)) {
    if (Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined) checkValue(property, value[key], at(path, key));
  }
}

function checkValue(schema: JsonSchema, value: unknown, path: string): void {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') throw new AgentInputError(path, `must be a string, not ${describe(value)}`);
      return checkString(schema, value, path);
    case 'integer':
    case 'number':
      if (typeof value !== 'number') throw new AgentInputError(path, `must be ${schema.type === 'integer' ? 'an integer' : 'a number'}, not ${describe(value)}`);
      return checkNumber(schema, value, path);
    case 'boolean':
      if (typeof value !== 'boolean') throw new AgentInputError(path, `must be true or false, not ${describe(value)}`);
      return;
    case 'array':
      if (!Array.isArray(value)) throw new AgentInputError(path, `must be an array, not ${describe(value)}`);
      return checkArray(schema, value, path);
    case 'object':
      if (!isRecord(value)) throw new AgentInputError(path, `must be an object, not ${describe(value)}`);
      return checkObject(schema, value, path);
  }
}

/**
 * The input as a record when it fits the schema; otherwise an AgentInputError. A missing input
 * (undefined or null) counts as `{}`, so a tool without required parameters runs without one.
 */
export function validateInput(schema: JsonObjectSchema, input: unknown): Record<string, unknown> {
  const value = input === undefined || input === null ? {} : input;
  checkValue(schema, value, '');
  return value as Record<string, unknown>;
}
