/**
 * Looking operations up by name, and the request document "New Request…" opens for one. The
 * operations themselves are in operationTable.ts. Pure (no `vscode`).
 */

import { echo } from '../../shared/echo';
import { isRecord } from '../../shared/isRecord';
import { OPERATIONS } from './operationTable';
import type { JsonValue, Operation } from './operationEntry';

const BY_NAME: ReadonlyMap<string, Operation> = new Map(OPERATIONS.map((op) => [op.name, op]));

/** Whether `name` is an operation of the specification (compared exactly: the service is case-sensitive). */
export function isKnownMethod(name: string): boolean {
  return BY_NAME.has(name);
}

export function findOperation(name: string): Operation | undefined {
  return BY_NAME.get(name);
}

/** An untitled request document for "New Request…". */
export interface RequestTemplate {
  readonly method: string;
  /** The document: pretty-printed JSON, no comments, ending with a newline. */
  readonly text: string;
  /** Notes shown beside it (a quick pick's detail): the deprecation first, then one per parameter of the template. */
  readonly hints: readonly string[];
}

/** The parameter names of a template: its keys, or those of its first element when it is an array. */
function paramNames(params: JsonValue): string[] {
  const first: JsonValue | undefined = isRecord(params)
    ? params
    : Array.isArray(params)
      ? (params as readonly JsonValue[])[0]
      : undefined;
  return isRecord(first) ? Object.keys(first) : [];
}

/**
 * The request document of an operation: `method` and `params` (jsonrpc and id may be left out of
 * a request document). An unknown name gets empty params: the service may know it.
 */
export function templateFor(method: string): RequestTemplate {
  const op = BY_NAME.get(method);
  const params: JsonValue = op ? op.params : {};
  const hints: string[] = [];
  if (op?.deprecated) hints.push(`Deprecated: use ${op.deprecated}.`);
  if (!op) hints.push(`"${echo(method)}" is not an operation of the specification; it is sent as written.`);
  for (const name of paramNames(params)) {
    const hint = op?.hints[name];
    if (hint !== undefined) hints.push(`${name}: ${hint}`);
  }
  return { method, text: `${JSON.stringify({ method, params }, null, 2)}\n`, hints };
}
