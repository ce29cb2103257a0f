/**
 * The method parts of the request schema (schemas/exchange-request.schema.json), from the
 * operations table (src/documents/operationTable.ts): the method's offered names with
 * their descriptions, the example list, the new-request snippets and one condition per method that
 * checks its `params` against `#/definitions/params.<method>`. Those definitions, and the rest of
 * the schema, are written by hand; the generator replaces only its parts, laid out as the file is.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { JSONPath, Node } from 'jsonc-parser';
import { OPERATIONS } from '../../src/documents/operationTable';
import type { Operation } from '../../src/documents/operationTable';
import { inline, lines, members } from './jsonText';

const code = (text: string) => `\`${text}\``;

/** The Markdown completion shows for a method: its description (with the deprecation), then its params. */
function markdownOf(op: Operation): string {
  const described = op.markdownDescription ?? op.description;
  const text =
    op.deprecated === undefined
      ? described
      : `${described.replace(/ Deprecated\.$/, '')} **Deprecated**: use ${op.deprecated.split(' / ').map(code).join(' / ')}.`;
  return `${text}\n\n\`params\`: ${op.paramsShape}`;
}

/** The condition of one method: its params checked against their definition (and required unless optional). */
function condition(op: Operation, indent: number): string {
  const params = { $ref: `#/definitions/params.${op.name}` };
  const required = op.paramsOptional ? undefined : ['params'];
  const then =
    op.deprecationMessage === undefined
      ? inline({ properties: { params }, required })
      : members(
          [
            [
              'properties',
              members(
                [
                  ['method', inline({ deprecationMessage: op.deprecationMessage })],
                  ['params', inline(params)],
                ],
                indent + 4,
              ),
            ],
            ...(required ? [['required', inline(required)] as const] : []),
          ],
          indent + 2,
        );
  return members(
    [
      ['if', inline({ properties: { method: { const: op.name } }, required: ['method'] })],
      ['then', then],
    ],
    indent,
  );
}

interface Part {
  readonly path: JSONPath;
  /** The new text of the node, given the indent of the line it starts on. */
  readonly text: (indent: number) => string;
}

const PARTS: readonly Part[] = [
  {
    path: ['definitions', 'request', 'defaultSnippets'],
    text: (i) =>
      lines(
        OPERATIONS.map((op) => ({
          label: op.name,
          description: op.description,
          body: { method: op.name, params: op.snippet },
        })),
        i,
      ),
  },
  {
    path: ['definitions', 'request', 'allOf'],
    text: (i) =>
      `[\n${OPERATIONS.map((op) => ' '.repeat(i + 2) + condition(op, i + 2)).join(',\n')}\n${' '.repeat(i)}]`,
  },
  {
    path: ['definitions', 'method', 'anyOf', 0, 'enum'],
    text: (i) =>
      lines(
        OPERATIONS.map((op) => op.name),
        i,
      ),
  },
  {
    path: ['definitions', 'method', 'anyOf', 0, 'enumDescriptions'],
    text: (i) =>
      lines(
        OPERATIONS.map((op) => op.description),
        i,
      ),
  },
  {
    path: ['definitions', 'method', 'anyOf', 0, 'markdownEnumDescriptions'],
    text: (i) => lines(OPERATIONS.map(markdownOf), i),
  },
  {
    path: ['definitions', 'method', 'examples'],
    text: (i) =>
      lines(
        OPERATIONS.map((op) => op.name),
        i,
      ),
  },
];

function nodeAt(tree: Node, path: JSONPath): Node {
  const node = findNodeAtLocation(tree, path);
  if (!node) throw new Error(`the request schema has no ${path.join('.')}`);
  return node;
}

/** The schema's text with its method parts rewritten from the operations. */
export function schemaText(current: string): string {
  const tree = parseTree(current);
  if (!tree) throw new Error('the request schema is not JSON');
  const definitions = nodeAt(tree, ['definitions']);
  for (const op of OPERATIONS) {
    if (!findNodeAtLocation(definitions, [`params.${op.name}`]))
      throw new Error(
        `the request schema has no definitions."params.${op.name}": write the params of ${op.name} there`,
      );
  }
  // From the end of the file back, so the offsets of the parts still to replace hold.
  const edits = PARTS.map((part) => ({ part, node: nodeAt(tree, part.path) })).sort(
    (a, b) => b.node.offset - a.node.offset,
  );
  let text = current;
  for (const { part, node } of edits) {
    const lineStart = text.lastIndexOf('\n', node.offset) + 1;
    const indent = /^ */.exec(text.slice(lineStart))?.[0].length ?? 0;
    text = text.slice(0, node.offset) + part.text(indent) + text.slice(node.offset + node.length);
  }
  return text;
}
