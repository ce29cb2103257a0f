/**
 * The input pieces several tools share, as JSON Schema: a transaction id, a ticker, an amount, a
 * status. Their bounds are the client's own (id form of src/shared/transactionId.ts, amounts as
 * exact decimal strings of src/api/params.ts, the statuses of docs/service/interface.md#statuses).
 */
import { MAX_AMOUNT_LENGTH } from '../api/params';
import { KNOWN_STATUSES } from '../shared/status';
import { MAX_ID_LENGTH, MIN_ID_LENGTH } from '../shared/transactionId';
import type { JsonSchema } from './types';

export const ID_PATTERN = `^[A-Za-z0-9_-]{${MIN_ID_LENGTH},${MAX_ID_LENGTH}}$`;

export function idSchema(description: string): JsonSchema {
  return { type: 'string', description, pattern: ID_PATTERN, minLength: MIN_ID_LENGTH, maxLength: MAX_ID_LENGTH };
}

export const TICKER_PATTERN = '^[A-Za-z0-9]{1,32}$';

export function tickerSchema(description: string): JsonSchema {
  return {
    type: 'string',
    description: `${description} A ticker such as "btc" (any case).`,
    pattern: TICKER_PATTERN,
    minLength: 1,
    maxLength: 32,
  };
}

export const AMOUNT_PATTERN = '^[0-9]+(\\.[0-9]+)?$';

export function amountSchema(description: string): JsonSchema {
  return {
    type: ['string', 'number'],
    description: `${description} A decimal string such as "0.5" (exact), or a JSON number such as 0.5 (at most 15 significant digits).`,
    pattern: AMOUNT_PATTERN,
    minLength: 1,
    maxLength: MAX_AMOUNT_LENGTH,
    minimum: 0,
  };
}

export function statusSchema(description: string): JsonSchema {
  return { type: 'string', description, enum: KNOWN_STATUSES };
}

/** A free text field (address, extra id) with a bound. */
export function textSchema(description: string, maxLength: number): JsonSchema {
  return { type: 'string', description, minLength: 1, maxLength };
}

/** A string property of a checked input, or undefined. */
export function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
}

/** A number property of a checked input, or undefined. */
export function optionalNumber(input: Record<string, unknown>, key: string): number | undefined {
  const value = input[key];
  return typeof value === 'number' ? value : undefined;
}

/** A string property the schema requires. */
export function requiredString(input: Record<string, unknown>, key: string): string {
  return optionalString(input, key) ?? '';
}
