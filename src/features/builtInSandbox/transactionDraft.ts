/** What "Sandbox: New Transaction…" makes, as data; amounts stay exact decimal strings. */
import type { AmountLimits, EstimateLimits, TransactionType } from '../../api';
import { hasUnsafeText } from '../../shared/safeText';
import { isRecord, ownMember } from '../../shared/isRecord';
import { compareDecimal, fractionDigits, isDecimal } from '../common/payinAmount';
import type { PayinLimits } from '../common/payinAmount';

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

/** A whole draft given as a command argument (only its shape is checked), or undefined. */
export function draftFromArgument(value: unknown): TransactionDraft | undefined {
  if (!isRecord(value)) return undefined;
  const from = text(ownMember(value, 'from'))?.toLowerCase();
  const to = text(ownMember(value, 'to'))?.toLowerCase();
  const type = ownMember(value, 'type') ?? 'float';
  const amount = text(ownMember(value, 'amount'));
  const address = text(ownMember(value, 'address'));
  if (!from || !to || (type !== 'float' && type !== 'fixed') || !amount || !address) return undefined;
  const optional = (key: string): Record<string, string> => {
    const found = text(ownMember(value, key));
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
