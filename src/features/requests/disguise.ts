/**
 * What makes a request read differently from what is sent, refused before anything is signed (also
 * "as written"): a member written twice in one object (JSON keeps the last one, so a second
 * `"method"` far to the right decides what runs while the first one is what the reader sees),
 * a `method` member anywhere but the top level of the request (a decoy `"method": "getStatus"` in
 * `params` at the top, the real one 80 lines below), invisible characters (bidi overrides,
 * zero-width and other format characters, odd spaces) and lines too wide to read without
 * scrolling. Pure: no `vscode`.
 *
 * Width is counted in display columns, as the editor lays a line out: a tab reaches the next
 * multiple of TAB_STOP, an East Asian wide character or emoji takes two columns, any other
 * character one. Ours: tab stops every 8 columns, whatever the document's `editor.tabSize` (a
 * workspace may set that, and must not be able to widen what passes; 8 is the widest common
 * setting, VS Code's default is 4, so a line passes only if it fits at 8).
 */
import type { Node } from 'jsonc-parser';
import { echo } from '../../shared/echo';
import { isInvisible } from './quoting';

/** The widest line of a request that is sent, in display columns: a wider one hides its end past the editor's edge. */
export const MAX_REQUEST_LINE = 300;

/** Tab stops every this many columns when a line's width is counted (ours, see above). */
export const TAB_STOP = 8;

/** Whether `code` is drawn two columns wide (East Asian Wide and Fullwidth ranges, emoji). */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** The width of one line in display columns: tabs to the next multiple of TAB_STOP, wide characters two. */
export function displayColumns(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === '\t') columns += TAB_STOP - (columns % TAB_STOP);
    else columns += isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
  }
  return columns;
}

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

/** Where the first `method` member below the top level of a request is (`"params.x"`), if any. */
export function nestedMethod(node: Node): string | undefined {
  const stack: { node: Node; path: (string | number)[] }[] = [];
  const push = (parent: Node, path: (string | number)[]): void => {
    const children = parent.children ?? [];
    if (parent.type === 'object') {
      for (const property of [...children].reverse()) {
        const [key, value] = property.children ?? [];
        if (key && typeof key.value === 'string' && value) stack.push({ node: value, path: [...path, key.value] });
      }
    } else if (parent.type === 'array') {
      for (let index = children.length - 1; index >= 0; index--)
        stack.push({ node: children[index], path: [...path, index] });
    }
  };
  // Iterative, as duplicateMember: the request's own members first, then every object below them.
  push(node, []);
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    if (next.node.type === 'object') {
      for (const property of next.node.children ?? [])
        if (property.children?.[0]?.value === 'method') return pathText(next.path);
    }
    push(next.node, next.path);
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
    const where = duplicate.where === '' ? 'the request' : `"${echo(duplicate.where)}"`;
    return `"${echo(duplicate.name)}" is written twice in ${where}: only the last one would be sent. Keep one.`;
  }
  const nested = nestedMethod(node);
  if (nested !== undefined)
    return `"method" is written inside "${echo(nested)}": only the request's own "method" is sent, and this one could be read as it. Remove it.`;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const lines = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).split('\n');
  let line = text.slice(0, lineStart).split('\n').length;
  for (const row of lines) {
    const visible = row.replace(/\r$/, '');
    for (const char of visible) {
      if (char !== '\t' && isInvisible(char))
        return `Line ${line} holds an invisible character (${codePoint(char)}): what is sent would not be what you read. Remove it.`;
    }
    const columns = displayColumns(visible);
    if (columns > MAX_REQUEST_LINE) {
      return `Line ${line} is ${columns} columns wide, more than ${MAX_REQUEST_LINE}: part of the request would be out of sight. Format the document (Shift+Alt+F) or break the line.`;
    }
    line++;
  }
  return undefined;
}
