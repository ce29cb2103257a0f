/** What makes a request read differently from what is sent (twice-written members, nested `method`…). Pure. */
import type { Node } from 'jsonc-parser';
import { echo } from '../shared/echo';
import { codePointHex, isInvisible } from '../shared/safeText';

/** The widest line of a request that is sent, in display columns: a wider one hides its end past the editor's edge. */
export const MAX_REQUEST_LINE = 300;

/** Tab stops when a line's width is counted: 8, the widest common setting, whatever the workspace sets. */
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

/** The width of one line in display columns, as the editor lays it out: tabs to the next stop, wide characters two. */
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

type Place = { readonly node: Node; readonly path: readonly (string | number)[] };

/** `node` and every value below it, depth first in document order, without recursion. */
function* walk(node: Node): Generator<Place> {
  const stack: Place[] = [{ node, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    yield next;
    const { path } = next;
    const children = next.node.children ?? [];
    const below: Place[] = [];
    if (next.node.type === 'object') {
      for (const [key, value] of children.map((property) => property.children ?? []))
        if (key && typeof key.value === 'string' && value) below.push({ node: value, path: [...path, key.value] });
    } else if (next.node.type === 'array') {
      children.forEach((child, index) => below.push({ node: child, path: [...path, index] }));
    }
    stack.push(...below.reverse());
  }
}

/** The first member written twice in one object of `node` (depth first), as `where` and name. */
export function duplicateMember(node: Node): { readonly where: string; readonly name: string } | undefined {
  for (const { node: object, path } of walk(node)) {
    if (object.type !== 'object') continue;
    const seen = new Set<string>();
    for (const property of object.children ?? []) {
      const name: unknown = property.children?.[0]?.value;
      if (typeof name !== 'string') continue;
      if (seen.has(name)) return { where: pathText(path), name };
      seen.add(name);
    }
  }
  return undefined;
}

/** Where the first `method` member below the top level of a request is (`"params.x"`), if any. */
function nestedMethod(node: Node): string | undefined {
  for (const { node: object, path } of walk(node)) {
    if (path.length > 0 && object.type === 'object')
      if ((object.children ?? []).some((property) => property.children?.[0]?.value === 'method')) return pathText(path);
  }
  return undefined;
}

/** Why the request written at `start`..`end` of `text` (`node` its tree) does not read as what it sends. */
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
        return `Line ${line} holds an invisible character (U+${codePointHex(char)}): what is sent would not be what you read. Remove it.`;
    }
    const columns = displayColumns(visible);
    if (columns > MAX_REQUEST_LINE) {
      return `Line ${line} is ${columns} columns wide, more than ${MAX_REQUEST_LINE}: part of the request would be out of sight. Format the document (Shift+Alt+F) or break the line.`;
    }
    line++;
  }
  return undefined;
}
