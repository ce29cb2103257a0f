/**
 * The payin amount the panel asks the estimate operations about, to read a pair's limits from
 * their answer. Both operations return the limits only for an amount inside them (outside, they
 * answer with an amount error that carries them in `error.data.limits`), and in a bulk request a
 * refused pair is left out of the result: an amount inside the limits keeps every pair in one
 * call. So the probe is twice the last known minimum (the estimates' own from the last load, else
 * the deprecated getPairsParams one), kept at or below the known maximum, else that minimum; with
 * no known limits, 1 unit of the payin currency. Exact decimal strings throughout: no float.
 */

/** The probe when nothing is known of the pair's limits. */
export const DEFAULT_PROBE = '1';

const DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function parse(text: string | undefined): Scaled | undefined {
  const m = text === undefined ? null : DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  return { units: BigInt(`${m[1] ?? '0'}${fraction}`), scale: fraction.length };
}

function format({ units, scale }: Scaled): string {
  const digits = units.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  const whole = digits.slice(0, -scale);
  return fraction ? `${whole}.${fraction}` : whole;
}

function atScale(a: Scaled, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

/** a ≤ b */
function notAbove(a: Scaled, b: Scaled): boolean {
  const scale = Math.max(a.scale, b.scale);
  return atScale(a, scale) <= atScale(b, scale);
}

/** The amount to probe a pair with, from its last known bounds in the payin currency. */
export function probeAmount(bounds: { readonly min?: string; readonly max?: string } | undefined): string {
  const min = parse(bounds?.min);
  const max = parse(bounds?.max);
  if (min && min.units > 0n) {
    const twice = { units: min.units * 2n, scale: min.scale };
    return format(max && !notAbove(twice, max) ? min : twice);
  }
  if (max && max.units > 0n) return format(max);
  return DEFAULT_PROBE;
}
