/**
 * Value schemas shared by the decoders of the estimate, creation and catalogue operations: exact
 * decimal amounts (kept as the strings the service wrote), bounded free text, and optional
 * fields that read absent, null and unusable values alike as absent.
 */
import * as v from 'valibot';
import { DECIMAL_TEXT, MAX_AMOUNT_LENGTH } from './params';

/** Longest free text kept (addresses, names, URLs, messages); longer text is cut here. */
export const MAX_TEXT_LENGTH = 1024;
/** Longest rate or transaction id accepted. */
export const MAX_ID_LENGTH = 256;

function decimalText(value: string | number): string | undefined {
  if (typeof value === 'number') {
    // A number is taken only where its shortest form is a plain decimal (no exponent, no sign).
    const text = String(value);
    return Number.isFinite(value) && value >= 0 && DECIMAL_TEXT.test(text) ? text : undefined;
  }
  const text = value.trim();
  return text.length <= MAX_AMOUNT_LENGTH && DECIMAL_TEXT.test(text) ? text : undefined;
}

/** A decimal amount: a plain decimal string (kept exactly, trimmed), or a plain JSON number as its text. */
export const amount = v.pipe(
  v.union([v.string(), v.number()]),
  v.check((value) => decimalText(value) !== undefined, 'a decimal amount'),
  v.transform((value) => decimalText(value) ?? ''),
);

/** An amount the service may leave out: absent, null or not a decimal reads as undefined. */
export const optionalAmount = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => (typeof value === 'string' || typeof value === 'number' ? decimalText(value) : undefined)),
);

/** Free text, cut to {@link MAX_TEXT_LENGTH} characters. */
export const text = v.pipe(
  v.string(),
  v.transform((s) => (s.length > MAX_TEXT_LENGTH ? s.slice(0, MAX_TEXT_LENGTH) : s)),
);

/** Text the service may leave out or send as null: both read as null. */
export const nullableText = v.pipe(
  v.optional(v.nullable(text), null),
  v.transform((s) => s ?? null),
);

/** Text that may be absent: absent, null or not a string reads as undefined. */
export const optionalText = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) =>
    typeof value === 'string' ? (value.length > MAX_TEXT_LENGTH ? value.slice(0, MAX_TEXT_LENGTH) : value) : undefined,
  ),
);

/** A ticker: lowercase in every sample; read lowercased, bounded. */
export const ticker = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64), v.toLowerCase());

/** A boolean the service may leave out. */
export const optionalBoolean = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => (typeof value === 'boolean' ? value : undefined)),
);

/** A non-negative integer the service may leave out or send as a digit string. */
export const optionalCount = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => {
    const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  }),
);
