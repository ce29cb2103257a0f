/**
 * The amount bounds an amount error carries in `error.data.limits` (docs/service/interface.md#errors,
 * docs/service/documentation.md#two-wordings-of-the-amount-error), read defensively from whatever the service sent: own data properties only (no getters run,
 * nothing inherited), decimal strings only (kept as strings, never parsed into numbers), and
 * undefined when nothing usable is there. For the UI to show beside an amount error.
 *
 * Shapes read, under `data.limits`:
 *   { min: { from, to }, max: { from, to } }     as documented
 *   { min: "0.1", max: "20" }                    bare bounds: payin amounts
 *   { minFrom, maxFrom, minTo, maxTo }           the estimate results' field names
 */
import { ownMember } from '../shared/isRecord';

/** One bound in both currencies of the pair, where the service gave it. */
export interface AmountBound {
  /** In the payin currency. */
  readonly from?: string;
  /** In the payout currency. */
  readonly to?: string;
}

export interface AmountLimits {
  readonly min?: AmountBound;
  readonly max?: AmountBound;
}

/** Longest amount text accepted: far more digits than any currency has, far less than a page. */
const MAX_AMOUNT_LENGTH = 64;
const DECIMAL = /^\d+(?:\.\d+)?$/;

function amount(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    return text.length <= MAX_AMOUNT_LENGTH && DECIMAL.test(text) ? text : undefined;
  }
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    // A number is taken only where its shortest form is a plain decimal (no exponent).
    const text = String(value);
    return DECIMAL.test(text) ? text : undefined;
  }
  return undefined;
}

function bound(from: unknown, to: unknown): AmountBound | undefined {
  const a = amount(from);
  const b = amount(to);
  if (a === undefined && b === undefined) return undefined;
  return { ...(a === undefined ? {} : { from: a }), ...(b === undefined ? {} : { to: b }) };
}

function side(limits: unknown, name: 'min' | 'max'): AmountBound | undefined {
  const nested = ownMember(limits, name);
  if (typeof nested === 'object' && nested !== null) return bound(ownMember(nested, 'from'), ownMember(nested, 'to'));
  if (nested !== undefined) return bound(nested, undefined);
  return bound(ownMember(limits, `${name}From`), ownMember(limits, `${name}To`));
}

/** The bounds of `data.limits`, or undefined when the data holds none that can be read. */
export function amountLimits(data: unknown): AmountLimits | undefined {
  try {
    const limits = ownMember(data, 'limits');
    if (typeof limits !== 'object' || limits === null) return undefined;
    const min = side(limits, 'min');
    const max = side(limits, 'max');
    if (!min && !max) return undefined;
    return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
  } catch {
    // A proxy whose traps throw: nothing readable.
    return undefined;
  }
}
