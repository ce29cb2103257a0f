/** Payin amounts as exact decimal strings, and the amount to try first within a pair's limits. Pure. */

/** A pair's payin bounds, as the service gave them. */
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

export function fractionDigits(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Compares two decimal strings exactly: negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `value` × 10^-`scale` as a plain decimal, without trailing zeros. */
function unscale(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const digits = value.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A bound that can guide an amount: a decimal above zero. */
function usable(bound: string | undefined): bound is string {
  return bound !== undefined && isDecimal(bound) && compareDecimal(bound, '0') > 0;
}

/**
 * An amount inside the limits: twice the minimum, or the minimum when twice is above the maximum.
 * Without a minimum, the maximum (surely not below the minimum); without either, 1.
 */
export function defaultAmount(limits: PayinLimits | undefined): string {
  const { min, max } = limits ?? {};
  if (!usable(min)) return usable(max) ? unscale(scaled(max, fractionDigits(max)), fractionDigits(max)) : '1';
  const scale = fractionDigits(min);
  const twice = unscale(scaled(min, scale) * 2n, scale);
  return usable(max) && compareDecimal(twice, max) > 0 ? unscale(scaled(min, scale), scale) : twice;
}
