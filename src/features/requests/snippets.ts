/**
 * "Copy as…" snippets of a request: the kinds offered (cURL in bash, Node.js, Python 3), the
 * variable each reads the private key from by default, and the one entry point, {@link snippet},
 * which checks the input (./snippetInput) and writes the script of the kind asked for
 * (./snippetScripts: what each script does and why it never holds the key). Pure: no `vscode`.
 */
import { ACCOUNT_ENV } from '../../shared/connectionNames';
import { SANDBOX_ENV } from '../../shared/connectionNames';
import { checkSnippetInput } from './snippetInput';
import type { SnippetInput } from './snippetInput';
import { curlSnippet, nodeSnippet, pythonSnippet } from './snippetScripts';

export type SnippetKind = 'curl' | 'node' | 'python';

export interface SnippetKindInfo {
  readonly kind: SnippetKind;
  /** What the "Copy as…" choice is called. */
  readonly label: string;
  /** VS Code language id of the snippet's text. */
  readonly languageId: string;
  /** File name extension a saved snippet takes, with its dot. */
  readonly fileExtension: string;
}

export const SNIPPET_KINDS: readonly SnippetKindInfo[] = [
  { kind: 'curl', label: 'cURL (bash)', languageId: 'shellscript', fileExtension: '.sh' },
  { kind: 'node', label: 'Node.js (18 or later)', languageId: 'javascript', fileExtension: '.js' },
  { kind: 'python', label: 'Python 3', languageId: 'python', fileExtension: '.py' },
];

/** The variable a snippet for an account reads its private key from, unless the user picks a file. */
export const ACCOUNT_KEY_VARIABLE = ACCOUNT_ENV.privateKey;
/**
 * The variable a snippet for the built-in sandbox reads its private key from: the one "Copy
 * Sandbox Connection" writes, so its `.env` lines and the snippet work together. It differs from
 * an account's, so an account's key left in a shell is never signed toward the sandbox's port
 * (where, after the sandbox stopped, anything else may listen).
 */
export const SANDBOX_KEY_VARIABLE = SANDBOX_ENV.privateKey;

/** The variable a snippet reads the key from by default, for where the request goes. */
export function keyVariableFor(target: 'sandbox' | 'live'): string {
  return target === 'sandbox' ? SANDBOX_KEY_VARIABLE : ACCOUNT_KEY_VARIABLE;
}

/** The label of a kind of snippet. */
export function snippetLabel(kind: SnippetKind): string {
  return SNIPPET_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

/**
 * The text of a snippet of `kind` for the request. Throws a {@link SnippetInputError} for an input
 * no snippet can be made of, and a QuotingError (./quoting) for a body with a NUL character in a
 * shell snippet.
 */
export function snippet(kind: SnippetKind, input: SnippetInput): string {
  const checked = checkSnippetInput(input);
  switch (kind) {
    case 'curl':
      return curlSnippet(checked);
    case 'node':
      return nodeSnippet(checked);
    case 'python':
      return pythonSnippet(checked);
  }
}
