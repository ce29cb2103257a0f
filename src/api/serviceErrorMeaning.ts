/**
 * What an answer's error means in this service and what to do about it, from the service's error
 * table (docs/service/interface.md#errors) and our rules (docs/service/rules.md#rate-limit). Pure.
 * Classified by code and the service's own message patterns (serviceErrorFrom), never by guess.
 * Shown by the request answers and the agent tools alike.
 */
import { amountLimits } from './amountLimits';
import type { AmountLimits } from './amountLimits';
import {
  AmountOutOfRangeError,
  CurrencyDisabledError,
  CurrencyNotFoundError,
  InternalServiceError,
  InvalidParameterError,
  RateLimitError,
} from './exchangeErrors';
import { serviceErrorFrom } from './serviceErrorReading';

export interface Meaning {
  /** What the error is, in this service's terms. */
  readonly meaning: string;
  /** What to do. */
  readonly action: string;
}

function limitsText(limits: AmountLimits | undefined): string {
  if (!limits) return '';
  const parts: string[] = [];
  if (limits.min?.from) parts.push(`minimum ${limits.min.from}`);
  if (limits.max?.from) parts.push(`maximum ${limits.max.from}`);
  return parts.length > 0 ? ` (${parts.join(', ')} in the payin currency)` : '';
}

/** The meaning of a JSON-RPC error object's code and message. */
export function errorMeaning(code: number, message: string, data?: unknown): Meaning {
  // The client's own reading of the amount errors (both wordings); limits under another message count too.
  const error = serviceErrorFrom(code, message, data);
  const limits = error instanceof AmountOutOfRangeError ? error.limits : amountLimits(data);
  if (error instanceof AmountOutOfRangeError || ((code === -32602 || code === -32600) && limits)) {
    return {
      meaning: `The amount is outside the pair's limits${limitsText(limits)}.`,
      action: 'Send an amount within the limits; getExchangeAmount or getFixRateForAmount give them for a pair.',
    };
  }
  if (error instanceof RateLimitError) {
    return {
      meaning: `More than ${error.limit} requests a second were sent with this key.`,
      action: 'Wait a second and send again. Every program using the same key counts toward the limit.',
    };
  }
  if (error instanceof InvalidParameterError) {
    return {
      meaning: `The service refused the parameter "${error.param}".`,
      action:
        'Check it against the operation\'s rules (problems are marked in the request document); "Send" checks locally first.',
    };
  }
  if (error instanceof CurrencyDisabledError) {
    const how = error.direction === 'both' ? 'entirely' : `as ${error.direction} currency`;
    return {
      meaning: `The currency ${error.currency} is temporarily disabled ${how}.`,
      action: 'Use another pair, or try again later.',
    };
  }
  if (error instanceof CurrencyNotFoundError) {
    return {
      meaning: `The currency ${error.currency} is not listed, or the ticker is wrong.`,
      action: "Tickers are lowercase; getCurrenciesFull lists the service's currencies.",
    };
  }
  if (error instanceof InternalServiceError) {
    return {
      meaning: "A fault on the service's side.",
      action: "Send again later. If it stays, contact the service's support with the request and the time.",
    };
  }
  switch (code) {
    case -32700:
      return {
        meaning: 'The service could not parse the body as JSON.',
        action: 'The document is sent compactly as parsed; check what sent it if not this extension.',
      };
    case -32600:
      return {
        meaning: 'The request envelope is not valid (jsonrpc, id, method and params are needed).',
        action: 'Add the missing member; "params" is required even when empty.',
      };
    case -32601:
      return {
        meaning: 'The service does not know this method.',
        action: 'Check its spelling (methods are case-sensitive); completion in the document lists the known ones.',
      };
    case -32602:
      return {
        meaning: "The service refused the request's parameters.",
        action: "Check them against the operation's rules.",
      };
    default:
      return {
        meaning: `An error this extension does not know (code ${code}).`,
        action:
          "Read the service's message; the method's page of the service's documentation (https://docs.changelly.com) lists its errors.",
      };
  }
}

/** The meaning of an HTTP status that is not a JSON-RPC answer. */
export function httpMeaning(status: number): Meaning | undefined {
  if (status === 401 || status === 403) {
    return {
      meaning: 'The service refused the key or the signature (Unauthorized).',
      action:
        'Check that the API key is the one the service issued for this private key, and that nothing changed the body after it was signed. "Diagnose Keys…" checks each step.',
    };
  }
  if (status === 413)
    return {
      meaning: 'The body is too large for the service.',
      action: 'Send fewer requests at once or smaller params.',
    };
  if (status === 429) return { meaning: 'Too many requests.', action: 'Wait a second and send again.' };
  if (status >= 500) return { meaning: `The service failed (HTTP ${status}).`, action: 'Send again later.' };
  if (status < 200 || status > 299)
    return { meaning: `The service answered HTTP ${status}.`, action: 'Check the address of the account.' };
  return undefined;
}
