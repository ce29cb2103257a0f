/** What "Sandbox: New Transaction…" makes, as data; amounts stay exact decimal strings. */
import type { AmountLimits, EstimateLimits, TransactionType } from '../../api';
import { hasUnsafeText } from '../../shared/safeText';

export interface TransactionDraft {
  readonly from: string;
  readonly to: string;
  readonly type: TransactionType;
  /** Payin amount, an exact decimal string. */
  readonly amount: string;
  readonly address: string;
  readonly extraId?: string;
  /** Required for fixed; optional for float. */
  readonly refundAddress?: string;
  readonly refundExtraId?: string;
}

export interface PayinLimits {
  readonly min?: string;
  readonly max?: string;
}

const DECIMAL = /^\d{1,30}(?:\.\d{1,30})?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

function scaled(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Compares two decimal strings exactly: negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function unscale(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const digits = value.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The payin limits an estimate reported (`minFrom`/`maxFrom`, else `min`/`max`). */
export function limitsOfEstimate(estimate: EstimateLimits): PayinLimits {
  const min = estimate.minFrom ?? estimate.min;
  const max = estimate.maxFrom ?? estimate.max;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function limitsOfError(limits: AmountLimits | undefined): PayinLimits {
  const min = limits?.min?.from;
  const max = limits?.max?.from;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** An amount to offer first: twice the minimum, else the minimum, else `fallback`. */
export function defaultAmount(limits: PayinLimits, fallback = '1'): string {
  const { min, max } = limits;
  if (min === undefined || !isDecimal(min))
    return max !== undefined && isDecimal(max) && compareDecimal(fallback, max) > 0 ? max : fallback;
  const scale = fractionDigits(min);
  const twice = unscale(scaled(min, scale) * 2n, scale);
  return max !== undefined && isDecimal(max) && compareDecimal(twice, max) > 0
    ? unscale(scaled(min, scale), scale)
    : twice;
}

export type AmountProblem =
  | { readonly kind: 'format' }
  | { readonly kind: 'zero' }
  | { readonly kind: 'precision'; readonly digits: number }
  | { readonly kind: 'below'; readonly min: string }
  | { readonly kind: 'above'; readonly max: string };

/** What is wrong with a typed payin amount, or undefined when it may be sent. */
export function amountProblem(text: string, limits: PayinLimits, precision?: number): AmountProblem | undefined {
  const amount = text.trim();
  if (!isDecimal(amount)) return { kind: 'format' };
  if (compareDecimal(amount, '0') === 0) return { kind: 'zero' };
  if (precision !== undefined && fractionDigits(amount) > precision) return { kind: 'precision', digits: precision };
  if (limits.min !== undefined && isDecimal(limits.min) && compareDecimal(amount, limits.min) < 0)
    return { kind: 'below', min: limits.min };
  if (limits.max !== undefined && isDecimal(limits.max) && compareDecimal(amount, limits.max) > 0)
    return { kind: 'above', max: limits.max };
  return undefined;
}

/** Longest text taken for an address or extra id from an argument. */
const MAX_TEXT = 256;

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= MAX_TEXT && !hasUnsafeText(trimmed) ? trimmed : undefined;
}

function own(value: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor && 'value' in descriptor ? (descriptor.value as unknown) : undefined;
}

/** A whole draft given as a command argument (only its shape is checked), or undefined. */
export function draftFromArgument(value: unknown): TransactionDraft | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const from = text(own(value, 'from'))?.toLowerCase();
  const to = text(own(value, 'to'))?.toLowerCase();
  const type = own(value, 'type') ?? 'float';
  const amount = text(own(value, 'amount'));
  const address = text(own(value, 'address'));
  if (!from || !to || (type !== 'float' && type !== 'fixed') || !amount || !address) return undefined;
  const optional = (key: string): Record<string, string> => {
    const found = text(own(value, key));
    return found === undefined ? {} : { [key]: found };
  };
  return {
    from,
    to,
    type,
    amount,
    address,
    ...optional('extraId'),
    ...optional('refundAddress'),
    ...optional('refundExtraId'),
  };
}

/** The draft as the text of a request document: its floating-rate `createTransaction` call. */
export function requestText(draft: TransactionDraft): string {
  const { from, to, address, extraId, amount, refundAddress, refundExtraId } = draft;
  const params = { from, to, address, extraId, amountFrom: amount, refundAddress, refundExtraId };
  return `${JSON.stringify({ method: 'createTransaction', params }, null, 2)}\n`;
}
