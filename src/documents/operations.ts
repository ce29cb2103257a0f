/** Operations looked up by name, and the request document "New Request…" opens for one. Pure. */
import { echo } from '../shared/echo';
import { isRecord } from '../shared/isRecord';
import { OPERATIONS } from './operationTable';
import type { JsonValue, Operation } from './operationTable';

const BY_NAME: ReadonlyMap<string, Operation> = new Map(OPERATIONS.map((op) => [op.name, op]));

/** Whether `name` is an operation of the specification (case-sensitive, as the service is). */
export function isKnownMethod(name: string): boolean {
  return BY_NAME.has(name);
}

export function findOperation(name: string): Operation | undefined {
  return BY_NAME.get(name);
}

/** An untitled request document for "New Request…", with notes shown beside it in the pick. */
export interface RequestTemplate {
  readonly method: string;
  readonly text: string;
  readonly hints: readonly string[];
}

/** The request document of an operation; an unknown name gets empty params (the service may know it). */
export function templateFor(method: string): RequestTemplate {
  const op = BY_NAME.get(method);
  const params: JsonValue = op ? op.params : {};
  const hints: string[] = [];
  if (op?.deprecated) hints.push(`Deprecated: use ${op.deprecated}.`);
  if (!op) hints.push(`"${echo(method)}" is not an operation of the specification; it is sent as written.`);
  // The parameter names: the template's keys, or those of its first element when it is an array.
  const first = Array.isArray(params) ? (params as readonly JsonValue[])[0] : params;
  for (const name of isRecord(first) ? Object.keys(first) : []) {
    const hint = op?.hints[name];
    if (hint !== undefined) hints.push(`${name}: ${hint}`);
  }
  return { method, text: `${JSON.stringify({ method, params }, null, 2)}\n`, hints };
}
