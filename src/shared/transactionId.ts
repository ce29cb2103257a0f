/**
 * What a transaction id may look like, and how commands receive one. The service does not
 * document the id format (docs/service/documentation.md#transaction-ids); the ids seen are 12–16 lowercase
 * letters and digits. A plausible id is 4–64 ASCII letters, digits, `-` and `_`: enough to refuse
 * pasted text, URLs and whole log lines, without guessing more. Pure: used by every feature.
 */

export const MIN_ID_LENGTH = 4;
export const MAX_ID_LENGTH = 64;

const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{4,64}$/;

/** Whether `text`, exactly as given, is a plausible id. */
export function isPlausibleId(text: string): boolean {
  return PLAUSIBLE_ID.test(text);
}

/** Trims space and the quotes or backticks a selection in code often carries. */
export function trimId(text: string): string {
  return text
    .trim()
    .replace(/^(['"`])(.*)\1$/s, '$2')
    .trim();
}

export type IdProblem = 'empty' | 'characters' | 'length';

/** Whether typed text (trimmed) could be an id: undefined when plausible, else what is wrong. */
export function idProblem(text: string): IdProblem | undefined {
  const id = trimId(text);
  if (id === '') return 'empty';
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return 'characters';
  if (id.length < MIN_ID_LENGTH || id.length > MAX_ID_LENGTH) return 'length';
  return undefined;
}

function stringField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The id a command was called with: a string, an object with a string `id` (a tree item, a
 * record, a lookup result) or with a `record` holding one. Trimmed; anything else is undefined.
 */
export function idFromArgument(arg: unknown): string | undefined {
  const direct = typeof arg === 'string' ? arg : stringField(arg, 'id');
  const value = typeof direct === 'string' ? direct : stringField(stringField(arg, 'record'), 'id');
  if (typeof value !== 'string') return undefined;
  const id = trimId(value);
  return id === '' ? undefined : id;
}
