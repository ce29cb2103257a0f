/**
 * What a "Copy as…" snippet is made of (the address, the exact body, the account's API key, where
 * the private key is read from when the snippet runs), and its check before any script is written:
 * every value a script holds has passed it, and is then quoted by ./quoting. Pure: no `vscode`.
 */

/** Where the snippet reads the private key from when it runs. */
export type SnippetKeySource =
  { readonly kind: 'file'; readonly path: string } | { readonly kind: 'env'; readonly name: string };

export interface SnippetInput {
  /** The full address requests are posted to (`…/v2`). */
  readonly url: string;
  /** The exact (compact JSON) body to sign and send. */
  readonly body: string;
  /** The account's API key; when given, the snippet refuses a private key whose API key differs. */
  readonly apiKey?: string;
  readonly keySource: SnippetKeySource;
}

/** The input cannot make a snippet (an address that is no http(s) URL, a bad variable name…). */
export class SnippetInputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'SnippetInputError';
  }
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const API_KEY_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;

/** The input as checked: the address as the URL parser writes it, the API key trimmed (`''` when none). */
export interface CheckedInput {
  readonly url: string;
  readonly body: string;
  readonly apiKey: string;
  readonly keySource: SnippetKeySource;
}

/** The input, checked; throws a {@link SnippetInputError} for one no snippet can be made of. */
export function checkSnippetInput(input: SnippetInput): CheckedInput {
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
