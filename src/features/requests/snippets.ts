/**
 * "Copy as…" snippets of a request: the kinds offered, the variable each reads the key from by
 * default, and {@link snippet}, which checks its input before writing any script. Pure.
 */
import { ACCOUNT_ENV, SANDBOX_ENV } from '../../shared/connectionNames';
import { curlSnippet, nodeSnippet, pythonSnippet } from './snippetScripts';
import type { CheckedInput } from './snippetScripts';

export type SnippetKind = 'curl' | 'node' | 'python';

/** The kinds, as "Copy as…" offers them. */
export const SNIPPET_KINDS: readonly { readonly kind: SnippetKind; readonly label: string }[] = [
  { kind: 'curl', label: 'cURL (bash)' },
  { kind: 'node', label: 'Node.js (18 or later)' },
  { kind: 'python', label: 'Python 3' },
];

/**
 * The variable a snippet reads the key from unless the user picks a file. The sandbox's is the one
 * "Copy Sandbox Connection" writes; it differs from an account's, so an account's key left in a
 * shell is never signed toward the sandbox's port (where anything may listen once it stopped).
 */
export function keyVariableFor(target: 'sandbox' | 'live'): string {
  return target === 'sandbox' ? SANDBOX_ENV.privateKey : ACCOUNT_ENV.privateKey;
}

/** What a snippet is made of; `apiKey`, when given, makes it refuse a private key of another account. */
export type SnippetInput = Omit<CheckedInput, 'apiKey'> & { readonly apiKey?: string };

/** The input cannot make a snippet (an address that is no http(s) URL, a bad variable name…). */
export class SnippetInputError extends RangeError {
  override name = 'SnippetInputError';
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const API_KEY_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;

/** The input checked: every value a script holds has passed here, then is quoted by ./quoting. */
function checkSnippetInput(input: SnippetInput): CheckedInput {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new SnippetInputError('The request address is not a URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SnippetInputError('The request address must be an http: or https: URL.');
  const apiKey = input.apiKey?.trim() ?? '';
  if (apiKey !== '' && !API_KEY_SHAPE.test(apiKey)) throw new SnippetInputError('The API key is not base64 text.');
  const source = input.keySource;
  if (source.kind === 'env' && !ENV_NAME.test(source.name)) {
    throw new SnippetInputError(
      'The environment variable name must be letters, digits and underscores, not starting with a digit.',
    );
  }
  if (source.kind === 'file' && (source.path.trim() === '' || source.path.includes('\u0000')))
    throw new SnippetInputError('The private key file path is empty or holds a NUL character.');
  return { url: url.href, body: input.body, apiKey, keySource: source };
}

/**
 * The text of a snippet of `kind` for the request. Throws a {@link SnippetInputError} for a bad
 * input, and a QuotingError (./quoting) for a body with a NUL character in a shell snippet.
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
