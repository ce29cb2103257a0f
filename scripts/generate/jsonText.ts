/**
 * JSON text as the hand-formatted files of the repository write it: `inline` on one line with a
 * space inside braces (`{ "a": 1 }`, `["x", "y"]`), `lines` as an array of one item per line.
 */

/** One line: `{ "key": value, … }`, `[a, b]`, `{}` and `[]` when empty. */
export function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** An array, one item per line (each inline), its `]` at `indent`. */
export function lines(items: readonly unknown[], indent: number): string {
  const pad = ' '.repeat(indent + 2);
  return items.length === 0
    ? '[]'
    : `[\n${items.map((item) => pad + inline(item)).join(',\n')}\n${' '.repeat(indent)}]`;
}

/** An object, one member per line, each value given as text already (laid out at `indent + 2`). */
export function members(entries: readonly (readonly [string, string])[], indent: number): string {
  const pad = ' '.repeat(indent + 2);
  return `{\n${entries.map(([k, text]) => `${pad}${JSON.stringify(k)}: ${text}`).join(',\n')}\n${' '.repeat(indent)}}`;
}
