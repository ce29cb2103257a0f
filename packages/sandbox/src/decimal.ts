/**
 * Exact decimal arithmetic on bigint fixed-point numbers (18 fractional digits), so every amount,
 * rate and limit the sandbox writes is an exact decimal string, never a binary float's rendering.
 */

export type Fixed = bigint;

const DIGITS = 18;
const ONE = 10n ** BigInt(DIGITS);
/** 10ⁿ for n in 0…DIGITS (the steps of rounding, made once). */
const POWERS: readonly bigint[] = Array.from({ length: DIGITS + 1 }, (_, n) => 10n ** BigInt(n));
/** Half of each of POWERS (rounded down), what rounding half up adds. */
const HALVES: readonly bigint[] = POWERS.map((p) => p / 2n);
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function power(n: number): bigint {
  return POWERS[n] ?? 10n ** BigInt(n);
}

function half(n: number): bigint {
  return HALVES[n] ?? power(n) / 2n;
}

export function parse(text: string): Fixed {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = (m[2] ?? '').slice(0, DIGITS).padEnd(DIGITS, '0');
  // The whole digits then exactly DIGITS fractional ones: the scaled integer, read once.
  return BigInt(`${m[1] ?? '0'}${frac}`);
}

export function fromNumber(value: number, fractionDigits = 9): Fixed {
  const text = value.toFixed(fractionDigits);
  // Below 10²¹ and not negative, `toFixed` writes digits and at most one point: what `parse` reads
  // is those digits, scaled by the power of ten the fraction is short of DIGITS.
  if (value >= 0 && value < 1e21) {
    const point = text.indexOf('.');
    const fraction = point < 0 ? 0 : text.length - point - 1;
    if (fraction <= DIGITS) return BigInt(text.replace('.', '')) * power(DIGITS - fraction);
  }
  return parse(text);
}

export function mul(a: Fixed, b: Fixed): Fixed {
  return (a * b) / ONE;
}

export function div(a: Fixed, b: Fixed): Fixed {
  if (b === 0n) throw new RangeError('division by zero');
  return (a * ONE) / b;
}

/** Rounds half up to `decimals` fractional digits (non-negative values). */
export function round(a: Fixed, decimals: number): Fixed {
  const n = DIGITS - Math.min(decimals, DIGITS);
  const step = power(n);
  return ((a + half(n)) / step) * step;
}

/** Rounds to `digits` significant digits (non-negative values). */
export function roundSignificant(a: Fixed, digits: number): Fixed {
  if (a === 0n) return a;
  const length = a.toString().length; // digits of the scaled integer
  const dropped = length - digits;
  if (dropped <= 0) return a;
  const step = power(dropped);
  return ((a + half(dropped)) / step) * step;
}

/** The shortest exact decimal string: no exponent, no trailing fractional zeros. */
export function format(a: Fixed): string {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  // The scaled integer's digits, at least one whole digit: the point goes DIGITS from the end.
  const digits = abs.toString().padStart(DIGITS + 1, '0');
  const point = digits.length - DIGITS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  const frac = digits.slice(point, end);
  return `${negative ? '-' : ''}${digits.slice(0, point)}${frac ? `.${frac}` : ''}`;
}

/** Rounds down (towards zero) to `decimals` fractional digits (non-negative values). */
export function roundDown(a: Fixed, decimals: number): Fixed {
  const step = power(DIGITS - Math.min(decimals, DIGITS));
  return (a / step) * step;
}

/** Rounds up to `decimals` fractional digits (non-negative values). */
export function roundUp(a: Fixed, decimals: number): Fixed {
  const step = power(DIGITS - Math.min(decimals, DIGITS));
  return ((a + step - 1n) / step) * step;
}

/**
 * A plain decimal string (digits, optionally a point and digits: no sign, exponent or spaces) with
 * at most `maxDecimals` fractional digits and 30 whole digits; undefined when it is not one.
 */
export function parseAmount(text: string, maxDecimals: number): Fixed | undefined {
  const m = /^(\d{1,30})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[2] ?? '').length > Math.min(maxDecimals, DIGITS)) return undefined;
  return parse(text);
}
