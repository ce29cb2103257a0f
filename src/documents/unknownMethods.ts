/** The warning for a method the specification does not know (the schema accepts any name). Pure. */
import type { Node } from 'jsonc-parser';
import { parseTree } from 'jsonc-parser';
import { isKnownMethod } from './operations';
import { OPERATIONS } from './operationTable';
import { unreadReason } from './document';

/** An unknown method as written, at `offset` for `length` characters of the text (its quotes included). */
export interface UnknownMethod {
  readonly method: string;
  readonly offset: number;
  readonly length: number;
  /** A known operation the name may be a slip for (case, spacing or one or two letters), if any. */
  readonly suggestion?: string;
}

/** The requests of a document: the root object, or the objects of a root array. */
function requestNodes(root: Node | undefined): Node[] {
  if (!root) return [];
  if (root.type === 'object') return [root];
  if (root.type === 'array') return (root.children ?? []).filter((child) => child.type === 'object');
  return [];
}

/** The value of a request's `method` member; the last one when the key repeats, as JSON.parse reads it. */
function methodValue(request: Node): Node | undefined {
  let value: Node | undefined;
  for (const property of request.children ?? []) {
    const [key, child] = property.children ?? [];
    if (property.type === 'property' && key?.value === 'method') value = child;
  }
  return value;
}

/** Edit distance (insertions, deletions, substitutions), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...current) > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** The known operation closest to `name` (ignoring case and surrounding space, then up to 2 edits), if any. */
export function suggestMethod(name: string): string | undefined {
  const plain = name.trim().toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const op of OPERATIONS) {
    const d = distance(plain, op.name.toLowerCase(), 2);
    if (d <= 2 && (!best || d < best.distance)) best = { name: op.name, distance: d };
  }
  return best?.name;
}

/** The methods of a document's requests that are no known operation, in order (a document past the bounds is not read). */
export function findUnknownMethods(text: string): UnknownMethod[] {
  if (unreadReason(text) !== undefined) return [];
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const found: UnknownMethod[] = [];
  for (const request of requestNodes(root)) {
    const value = methodValue(request);
    if (!value || value.type !== 'string' || typeof value.value !== 'string' || value.value.length === 0) continue;
    const method = value.value;
    if (isKnownMethod(method)) continue;
    const suggestion = suggestMethod(method);
    found.push({
      method,
      offset: value.offset,
      length: value.length,
      ...(suggestion ? { suggestion } : {}),
    });
  }
  return found;
}
