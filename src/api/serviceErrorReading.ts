/**
 * Turns a JSON-RPC error object into its typed error. Only the codes docs/service/interface.md#errors lists are looked
 * into, and only to parse their fields out of the filled-in message pattern. The error's `data`
 * travels with every class.
 */
import type { ServiceError } from './exchangeErrors';
import { amountLimits } from './amountLimits';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  JsonRpcError,
  RateLimitError,
} from './exchangeErrors';

/** The service's request limit when its message does not name one (docs/service/interface.md#limits). */
export const DEFAULT_RATE_LIMIT = 10;

/** Words of the rate limit: "requests limit", "request limit", "rate limit", "too many requests". */
const LIMIT_WORDS = /\brequests?[\s-]+limit|\brate[\s-]*limit|\btoo\s+many\s+requests\b/i;
/** "… limit …" with a per-second unit: "10 rps", "10rps", "10 requests per second", "10 req/s". */
const LIMIT_WORD = /\blimit/i;
const PER_SECOND = /(?:\d|\b)(?:rps|req\/s|requests?\s*(?:per|\/)\s*(?:second|sec|s))\b/i;
/** The number of the limit: the one before the per-second unit, else the one after "limit (of)". */
const NUMBER_PER_SECOND = /(\d{1,9})\s*(?:rps|req\/s|requests?\s*(?:per|\/)\s*(?:second|sec|s))\b/i;
const NUMBER_AFTER_LIMIT = /\blimit(?:\s+of|\s+is|:)?\s+(\d{1,9})\b/i;
/** Amount errors share -32600 in older documentation (`Invalid amount: minimal amount is 0.1`). */
const AMOUNT = /\bamount/i;

/**
 * Whether a -32600 message is the request limit (in any of its wordings: with or without the
 * `Error:` prefix, any case, a trailing period, "rps" or "requests per second"). An amount error
 * under the same code never is, whatever else it says.
 */
export function rateLimitOf(message: string, data?: unknown): number | undefined {
  if (AMOUNT.test(message) || hasLimits(data)) return undefined;
  if (!LIMIT_WORDS.test(message) && !(LIMIT_WORD.test(message) && PER_SECOND.test(message))) return undefined;
  const found = NUMBER_PER_SECOND.exec(message) ?? NUMBER_AFTER_LIMIT.exec(message);
  const limit = found ? Number(found[1]) : DEFAULT_RATE_LIMIT;
  return limit >= 1 ? limit : DEFAULT_RATE_LIMIT;
}

function hasLimits(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  try {
    return Object.prototype.hasOwnProperty.call(data, 'limits');
  } catch {
    return false;
  }
}

/** Any amount error, both generations: `Invalid amount for pair …` (-32602) and `Invalid amount: …` (-32600). */
const AMOUNT_ERROR = /^(?:error:\s*)?invalid amount\b/i;
/** `Invalid amount for pair {from}->{to}. Minimum|Maximum amount is {x} {from}` (docs/service/interface.md#errors). */
const AMOUNT_FOR_PAIR =
  /^(?:error:\s*)?invalid amount for pair (\S{1,64}?)\s*->\s*(\S{1,64}?)\.\s+(minimum|maximum) amount is (\d{1,40}(?:\.\d{1,40})?)(?:\s+\S{1,64}?)?\.?$/i;
/** `Invalid amount: minimal|maximal amount is {x}`, also `… amount for {from}->{to} is {x}` (R's example). */
const AMOUNT_OLD =
  /^(?:error:\s*)?invalid amount:\s*(minimal|maximal) amount(?: for (\S{1,64}?)\s*->\s*(\S{1,64}?))? is (\d{1,40}(?:\.\d{1,40})?)(?:\s+\S{1,64}?)?\.?$/i;

/** The typed amount error of an `Invalid amount…` message, or undefined for any other message. */
export function amountErrorOf(code: number, message: string, data?: unknown): AmountOutOfRangeError | undefined {
  if (!AMOUNT_ERROR.test(message)) return undefined;
  const limits = amountLimits(data);
  let m = AMOUNT_FOR_PAIR.exec(message);
  if (m) {
    const bound = m[3]?.toLowerCase() === 'minimum' ? 'min' : 'max';
    return new AmountOutOfRangeError(
      code,
      message,
      bound,
      m[4],
      limits,
      { from: (m[1] ?? '').toLowerCase(), to: (m[2] ?? '').toLowerCase() },
      data,
    );
  }
  m = AMOUNT_OLD.exec(message);
  if (m) {
    const bound = m[1]?.toLowerCase() === 'minimal' ? 'min' : 'max';
    const pair =
      m[2] !== undefined && m[3] !== undefined ? { from: m[2].toLowerCase(), to: m[3].toLowerCase() } : undefined;
    return new AmountOutOfRangeError(code, message, bound, m[4], limits, pair, data);
  }
  return new AmountOutOfRangeError(code, message, undefined, undefined, limits, undefined, data);
}

export function serviceErrorFrom(code: number, message: string, data?: unknown): ServiceError {
  if (code === -32600 || code === -32602) {
    const amountError = amountErrorOf(code, message, data);
    if (amountError) return amountError;
  }
  if (code === -32600) {
    const limit = rateLimitOf(message, data);
    if (limit !== undefined) return new RateLimitError(limit, message, data);
  }
  if (code === -32602) {
    let m = /^Parameter (.+) is invalid$/.exec(message);
    if (m) return new InvalidParameterError(m[1] ?? '', message, undefined, data);
    m = /^Invalid currency: (.+) is temporary disabled on API as (input|output) currency$/.exec(message);
    if (m) return new CurrencyDisabledError(m[1] ?? '', m[2] === 'input' ? 'input' : 'output', message, data);
    m = /^Invalid currency: (.+) temporary disabled$/.exec(message);
    if (m) return new CurrencyDisabledError(m[1] ?? '', 'both', message, data);
    m = /^Invalid currency: (.+) not found$/.exec(message);
    if (m) return new CurrencyNotFoundError(m[1] ?? '', message, data);
  }
  if (code === -32603) return new InternalServiceError(code, message, data);
  return new JsonRpcError(code, message, data);
}
