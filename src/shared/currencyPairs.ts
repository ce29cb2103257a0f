/**
 * A currency pair of the pair-limits panel and the ticker rules both sides apply (the webview for
 * instant feedback, the extension because it trusts nothing the webview sends), with the bounds of
 * the list and of the texts a message carries (pairLimitsProtocol.ts).
 */
/** The most pairs the list holds. */
export const MAX_PAIRS = 30;
/** The longest ticker accepted (the service's are 2–10 characters). */
export const MAX_TICKER_LENGTH = 32;
/** The longest value the extension puts into a message; longer service strings are cut. */
export const MAX_VALUE_LENGTH = 2_000;
/** A service string as a message may carry it: cut to {@link MAX_VALUE_LENGTH}, an ellipsis last. */
export function boundValue(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
/** The longest text the webview may send (raw input included). */
export const MAX_INPUT_LENGTH = 200;

export interface CurrencyPairKey {
  readonly from: string;
  readonly to: string;
}

/** `from/to`: a pair's identity (tickers never contain `/`). */
export function pairKey(pair: CurrencyPairKey): string {
  return `${pair.from}/${pair.to}`;
}

export type TickerProblem = 'empty' | 'too-long' | 'characters';
export type PairProblem = TickerProblem | 'same' | 'duplicate' | 'too-many';

/** A ticker as the service takes it: trimmed, lowercase ASCII letters and digits, `-` or `_` inside. */
export function normalizeTicker(raw: string): { readonly ticker: string } | { readonly problem: TickerProblem } {
  const ticker = raw.trim().toLowerCase();
  if (ticker.length === 0) return { problem: 'empty' };
  if (ticker.length > MAX_TICKER_LENGTH) return { problem: 'too-long' };
  if (!/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/.test(ticker)) return { problem: 'characters' };
  return { ticker };
}

export type PairCheck =
  { readonly pair: CurrencyPairKey } | { readonly problem: PairProblem; readonly side?: 'from' | 'to' };

/** Whether `from`/`to` (as typed) can be added to `existing`, and the normalized pair if so. */
export function checkNewPair(from: string, to: string, existing: readonly CurrencyPairKey[]): PairCheck {
  const a = normalizeTicker(from);
  if ('problem' in a) return { problem: a.problem, side: 'from' };
  const b = normalizeTicker(to);
  if ('problem' in b) return { problem: b.problem, side: 'to' };
  if (a.ticker === b.ticker) return { problem: 'same', side: 'to' };
  const pair = { from: a.ticker, to: b.ticker };
  if (existing.some((p) => pairKey(p) === pairKey(pair))) return { problem: 'duplicate' };
  if (existing.length >= MAX_PAIRS) return { problem: 'too-many' };
  return { pair };
}
