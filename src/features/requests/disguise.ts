/**
 * What makes a request read differently from what is sent, refused before anything is signed (also
 * "as written"): a member written twice in one object (JSON keeps the last one, so a second
 * `"method"` far to the right decides what runs while the first one is what the reader sees),
 * invisible characters (bidi overrides, zero-width and other format characters, odd spaces) and
 * lines too long to read without scrolling. Pure: no `vscode`.
 */
import type { Node } from 'jsonc-parser';
import { isInvisible } from './quoting';

/** The longest line of a request that is sent: a longer one hides its end past the editor's edge. */
export const MAX_REQUEST_LINE = 300;

/** `"a.b[2].c"`: where a value is, for messages. */
function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `${text === '' ? '' : '.'}${part}`;
  return text;
}

/** The first member written twice in one object of `node` (depth first), as `where` and name. */
export function duplicateMember(node: Node): { readonly where: string; readonly name: string } | undefined {
  // Iterative: a request of any depth is walked without recursion.
  const stack: { node: Node; path: (string | number)[] }[] = [{ node, path: [] }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const children = next.node.children ?? [];
    if (next.node.type === 'object') {
      const seen = new Set<string>();
      const values: { node: Node; path: (string | number)[] }[] = [];
      for (const property of children) {
        const [key, value] = property.children ?? [];
        if (!key || typeof key.value !== 'string') continue;
        if (seen.has(key.value)) return { where: pathText(next.path), name: key.value };
        seen.add(key.value);
        if (value) values.push({ node: value, path: [...next.path, key.value] });
      }
      stack.push(...values.reverse());
    } else if (next.node.type === 'array') {
      stack.push(...children.map((child, index) => ({ node: child, path: [...next.path, index] })).reverse());
    }
  }
  return undefined;
}

/** `U+202E` for one code point. */
function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why the request written at `start`..`end` of `text` does not read as what it sends, or
 * undefined. `node` is its parsed value's tree.
 */
export function disguiseProblem(text: string, start: number, end: number, node: Node): string | undefined {
  const duplicate = duplicateMember(node);
  if (duplicate) {
    const where = duplicate.where === '' ? 'the request' : `"${duplicate.where}"`;
    return `"${duplicate.name}" is written twice in ${where}: only the last one would be sent. Keep one.`;
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const lines = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).split('\n');
  let line = text.slice(0, lineStart).split('\n').length;
  for (const row of lines) {
    const visible = row.replace(/\r$/, '');
    for (const char of visible) {
      if (char !== '\t' && isInvisible(char)) return `Line ${line} holds an invisible character (${codePoint(char)}): what is sent would not be what you read. Remove it.`;
    }
    if ([...visible].length > MAX_REQUEST_LINE) {
      return `Line ${line} is longer than ${MAX_REQUEST_LINE} characters: part of the request would be out of sight. Format the document (Shift+Alt+F) or break the line.`;
    }
    line++;
  }
  return undefined;
}
