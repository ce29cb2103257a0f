/** Which requests create something on an account or move money, read from the exact bytes sent. Pure. */
import { findOperation } from './operations';
import { codePointHex, isInvisible } from '../shared/safeText';
import { isRecord } from '../shared/isRecord';

/** Whether a request of `method` creates a transaction (or might: an unknown `create…`). */
export function movesMoney(method: string): boolean {
  const operation = findOperation(method);
  return operation ? operation.movesMoney === true : /^create/i.test(method.trim());
}

/** Whether a request of `method` creates or changes something on the account (or might): asked about. */
export function createsOnAccount(method: string): boolean {
  const operation = findOperation(method);
  return operation ? operation.creates === true : /^(create|update)/i.test(method.trim());
}

/** The members of a create request shown before it is sent, in this order. */
const SHOWN_MEMBERS: readonly string[] = [
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
];

/** The most characters of one value shown (an address is far shorter; the rest is marked cut). */
const MAX_VALUE = 120;
/** The most lines shown (a batch of many creates is summed up after them). */
const MAX_LINES = 40;

/** `whole` with invisible characters as escapes (the question shows what is sent), cut to MAX_VALUE. */
function cut(whole: string): string {
  const text = Array.from(whole, (char) =>
    char !== ' ' && isInvisible(char) ? `\\u${codePointHex(char)}` : char,
  ).join('');
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}… (${text.length} characters)` : text;
}

/** A value as JSON text (a string in quotes, so spaces at its ends show), cut to MAX_VALUE. */
function shown(value: unknown): string {
  return cut(JSON.stringify(value) ?? String(value));
}

/** What the exact body sent asks: its method and `name: value` lines of each params object. */
export function readSent(body: string): { readonly method: string | undefined; readonly lines: readonly string[] } {
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
    const others = Object.keys(object).filter((name) => !SHOWN_MEMBERS.includes(name));
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
