/**
 * Which requests create something on an account (and which of them move money), and what such a
 * request says, read from the exact bytes that are signed and sent (never from the document's
 * text: JSON keeps the last of two members of the same name, and the bytes are what the service
 * reads). Asked about every time before one goes to an account. Pure: no `vscode`.
 *
 * Ours: an operation the table marks `creates` (createTransaction, createFixTransaction,
 * createSubaccount), and any method the table does not know whose name starts with `create` or
 * `update` (the service may have more ways to create than the specification names; asking once
 * too often is cheap). Of those, the ones marked `movesMoney` and the unknown `create…` are said
 * to create a real transaction.
 */
import { findOperation } from './operations';
import { isInvisible } from './quoting';
import { isRecord } from '../../shared/isRecord';

/** Whether a request of `method` creates a transaction (or might: an unknown `create…`). */
export function movesMoney(method: string): boolean {
  const operation = findOperation(method);
  return operation ? operation.movesMoney === true : /^create/i.test(method.trim());
}

/** Whether a request of `method` creates or changes something on the account (or might: an unknown `create…` or `update…`): asked about. */
export function createsOnAccount(method: string): boolean {
  const operation = findOperation(method);
  return operation ? operation.creates === true : /^(create|update)/i.test(method.trim());
}

/** The members of a create request shown before it is sent, in this order. */
export const SHOWN_MEMBERS = [
  'from',
  'to',
  'amountFrom',
  'amountTo',
  'address',
  'extraId',
  'refundAddress',
  'refundExtraId',
  'rateId',
  'subaccountId',
  'email',
] as const;

/** The most characters of one value shown (an address is far shorter; the rest is marked cut). */
const MAX_VALUE = 120;
/** The most lines shown (a batch of many creates is summed up after them). */
const MAX_LINES = 40;

export interface SentRequest {
  /** The method in the bytes, or undefined when they hold none (not JSON, no string method). */
  readonly method: string | undefined;
  /** `name: value` lines of the members shown, as sent, for each object of params. */
  readonly lines: readonly string[];
}

function cut(whole: string): string {
  // Invisible characters (bidi overrides, zero-width…) written as escapes: the modal shows what is sent.
  let text = '';
  for (const char of whole)
    text +=
      char !== ' ' && isInvisible(char)
        ? `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
        : char;
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}… (${text.length} characters)` : text;
}

/** A value as JSON text (a string in quotes, so spaces at its ends show), cut to MAX_VALUE. */
function shown(value: unknown): string {
  return cut(JSON.stringify(value) ?? String(value));
}

/** What the body (the exact text sent) asks: its method and the members a create names. */
export function readSent(body: string): SentRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { method: undefined, lines: [] };
  }
  if (!isRecord(parsed)) return { method: undefined, lines: [] };
  const method = typeof parsed.method === 'string' ? parsed.method : undefined;
  const params = parsed.params;
  const objects = Array.isArray(params) ? params : [params];
  const lines: string[] = [];
  objects.forEach((object, index) => {
    if (!isRecord(object)) return;
    const prefix = objects.length > 1 ? `[${index}] ` : '';
    for (const name of SHOWN_MEMBERS)
      if (object[name] !== undefined) lines.push(`${prefix}${name}: ${shown(object[name])}`);
    const others = Object.keys(object).filter((name) => !(SHOWN_MEMBERS as readonly string[]).includes(name));
    if (others.length > 0)
      lines.push(
        `${prefix}also: ${cut(others.map((name) => `${name}=${JSON.stringify(object[name]) ?? ''}`).join(', '))}`,
      );
  });
  return {
    method,
    lines:
      lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more lines`] : lines,
  };
}
