/**
 * The request-document schema as the tests use it: read from schemas/, compiled by Ajv as JSON
 * Schema draft-07 in strict mode (an unknown keyword is a compile error, so a misspelt keyword
 * cannot pass silently), with VS Code's own annotation keywords declared as such.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';

export const root = path.resolve(__dirname, '..', '..', '..', '..');
export const schemaPath = path.join(root, 'schemas', 'exchange-request.schema.json');

/** The keywords of VS Code's JSON language service that are annotations, not validation. */
export const VSCODE_KEYWORDS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'deprecationMessage',
  'patternErrorMessage',
  'errorMessage',
] as const;

/** A schema node, loosely typed: the tests walk it. */
export interface SchemaNode {
  readonly [key: string]: unknown;
}

export const schemaText = fs.readFileSync(schemaPath, 'utf8');
export const schema = JSON.parse(schemaText) as SchemaNode;

export function newAjv(): Ajv {
  // strictRequired is off: `required` inside if/then/else names properties declared beside them.
  const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true });
  ajv.addVocabulary([...VSCODE_KEYWORDS]);
  return ajv;
}

let compiled: ValidateFunction | undefined;

/** The schema compiled once, on first use: a schema that does not compile fails the tests that use it, not the test run. */
export function validator(): ValidateFunction {
  compiled ??= newAjv().compile(schema);
  return compiled;
}

/** Ajv's errors of a document, empty when it is valid. */
export function errorsOf(document: unknown): ErrorObject[] {
  const validate = validator();
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

export function isValid(document: unknown): boolean {
  return errorsOf(document).length === 0;
}

/** Whether a one-request document with these params (or without params when `undefined`) is valid. */
export function paramsValid(method: string, params: unknown): boolean {
  return isValid(params === undefined ? { method } : { method, params });
}

/** The definition `name` of the schema. */
export function definition(name: string): SchemaNode {
  const definitions = schema.definitions as Record<string, SchemaNode>;
  const found = definitions[name];
  if (!found) throw new Error(`the schema has no definition ${name}`);
  return found;
}

/** A definition's target when the node is a `{ "$ref": "#/definitions/x" }`, else the node. */
export function resolve(node: SchemaNode): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const prefix = '#/definitions/';
  if (!ref.startsWith(prefix)) throw new Error(`unexpected $ref ${ref}`);
  return definition(ref.slice(prefix.length));
}

/** Replaces snippet placeholders (`${1:btc}` → btc, `${2|float,fixed|}` → float, `$3` → x3) in every string of a body. */
export function expandSnippet(body: unknown): unknown {
  if (typeof body === 'string') {
    return body
      .replace(/\$\{\d+:([^}]*)\}/g, '$1')
      .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
      .replace(/\$(\d+)/g, 'x$1');
  }
  if (Array.isArray(body)) return body.map(expandSnippet);
  if (typeof body === 'object' && body !== null)
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, expandSnippet(v)]));
  return body;
}
