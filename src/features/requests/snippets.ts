/**
 * "Copy as…" snippets of a request: a bash script with curl and openssl, a Node.js (18 or later)
 * script without dependencies, a Python 3 script with `cryptography` and the standard library's
 * `urllib.request`. Each runs as it is: it reads the private key from a file or an environment
 * variable (PEM, or hex of DER PKCS#8/PKCS#1), derives the API key from it (base64 SHA-256 of the
 * DER PKCS#1 public key, as src/api/keys.ts does), signs the exact body bytes it holds, sends them
 * with `Content-Type`, `X-Api-Key` and `X-Api-Signature` without following redirects, and prints
 * `HTTP <status>` and the answer. It exits 0 for HTTP 200, 1 for another status, 2 when it cannot
 * sign (the key) or send (the network).
 *
 * A snippet never holds the private key nor a signature: a signed body replays against the real
 * service, so the signature is made where the snippet runs. The API key it may hold (to check that
 * the key file is the account's) is no secret. Every value is written with the quoting helpers of
 * ./quoting, so any body is safe. Pure: no `vscode`.
 */
import { ACCOUNT_ENV } from '../../shared/connectionNames';
import { SANDBOX_ENV as ENV_NAMES } from '../../shared/connectionNames';
import { jsString, pythonString, shellQuote } from './quoting';

export type SnippetKind = 'curl' | 'node' | 'python';

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
export const SANDBOX_KEY_VARIABLE = ENV_NAMES.privateKey;

/** The variable a snippet reads the key from by default, for where the request goes. */
export function keyVariableFor(target: 'sandbox' | 'live'): string {
  return target === 'sandbox' ? SANDBOX_KEY_VARIABLE : ACCOUNT_KEY_VARIABLE;
}

/** The label of a kind of snippet. */
export function snippetLabel(kind: SnippetKind): string {
  return SNIPPET_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

/** The input cannot make a snippet (an address that is no http(s) URL, a bad variable name…). */
export class SnippetInputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'SnippetInputError';
  }
}

/** Seconds a snippet waits for the answer. */
export const SNIPPET_TIMEOUT_SECONDS = 30;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const API_KEY_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;

interface CheckedInput {
  readonly url: string;
  readonly body: string;
  readonly apiKey: string;
  readonly keySource: SnippetKeySource;
}

function check(input: SnippetInput): CheckedInput {
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

/** A path starting with `~/` is taken in the home folder of whoever runs the snippet. */
function homeRelative(path: string): string | undefined {
  return path.startsWith('~/') ? path.slice(2) : undefined;
}

function header(comment: string, source: SnippetKeySource, fileVariable: string, needs: string): string[] {
  const where =
    source.kind === 'file' ? `the file named in ${fileVariable} below` : `the environment variable ${source.name}`;
  return [
    `${comment} Exchange Tx: a signed JSON-RPC request. ${needs}`,
    `${comment} The body below is signed here, byte for byte, with your private key, read from`,
    `${comment} ${where} (PEM, or hex of DER PKCS#8/PKCS#1).`,
    `${comment} Neither the key nor a signature is written into this script.`,
  ];
}

function curlSnippet(input: CheckedInput): string {
  const source = input.keySource;
  const home = source.kind === 'file' ? homeRelative(source.path) : undefined;
  const keySetting =
    source.kind === 'file'
      ? [`key_file=${home !== undefined ? `"$HOME"/${shellQuote(home)}` : shellQuote(source.path)}`]
      : [];
  const readKey =
    source.kind === 'file'
      ? ['  key=$(cat -- "$key_file") || { echo "Cannot read the private key file." >&2; return 1; }']
      : [
          `  key=\${${source.name}-}`,
          `  [ -n "$key" ] || { echo 'Set ${source.name} to your private key (PEM, or hex of DER).' >&2; return 1; }`,
        ];
  return [
    '#!/usr/bin/env bash',
    ...header('#', source, 'key_file', 'Needs bash, curl 7.55+ and openssl.'),
    'set -euo pipefail',
    '',
    `url=${shellQuote(input.url)}`,
    ...keySetting,
    `expected_api_key=${shellQuote(input.apiKey)}`,
    `body=${shellQuote(input.body)}`,
    '',
    '# The private key as PEM, checked by openssl.',
    'private_key_pem() {',
    '  local key hex',
    ...readKey,
    '  case $key in',
    '    *-----BEGIN*) printf \'%s\\n\' "$key" | openssl pkey ;;',
    '    *)',
    "      hex=$(printf '%s' \"$key\" | tr -d ' \\t\\r\\n')",
    "      case $hex in ''|*[!0-9A-Fa-f]*) echo 'The private key is neither PEM nor hex.' >&2; return 1 ;; esac",
    "      [ $((${#hex} % 2)) -eq 0 ] || { echo 'The private key hex has an odd length.' >&2; return 1; }",
    "      printf '%b' \"$(printf '%s' \"$hex\" | sed 's/../\\\\x&/g')\" | openssl pkey -inform DER ;;",
    '  esac',
    '}',
    'pem=$(private_key_pem) || exit 2',
    '',
    '# X-Api-Key: base64 of the SHA-256 of the DER PKCS#1 public key.',
    'api_key=$(printf \'%s\\n\' "$pem" | openssl rsa -RSAPublicKey_out -outform DER 2>/dev/null | openssl dgst -sha256 -binary | openssl base64 -A) ||',
    "  { echo 'The private key is not an RSA key.' >&2; exit 2; }",
    'if [ -n "$expected_api_key" ] && [ "$api_key" != "$expected_api_key" ]; then',
    "  echo 'This private key does not belong to the account: its API key differs.' >&2",
    '  exit 2',
    'fi',
    '',
    '# X-Api-Signature: base64 RSA-SHA256 of the exact body bytes; the same bytes are sent.',
    'signature=$(printf \'%s\' "$body" | openssl dgst -sha256 -sign <(printf \'%s\\n\' "$pem") | openssl base64 -A)',
    '',
    '# The headers go through a file descriptor, not the command line (which others may see).',
    'response=$(printf \'%s\' "$body" | curl --silent --show-error --max-time ' +
      String(SNIPPET_TIMEOUT_SECONDS) +
      " --proto '=http,https' \\",
    "  --request POST --header 'Content-Type: application/json' --header 'Expect:' \\",
    '  --header @<(printf \'X-Api-Key: %s\\nX-Api-Signature: %s\\n\' "$api_key" "$signature") \\',
    '  --data-binary @- --write-out \'\\n%{http_code}\' --url "$url") || exit 2',
    "status=${response##*$'\\n'}",
    'printf \'HTTP %s\\n%s\\n\' "$status" "${response%$\'\\n\'*}"',
    '[ "$status" = 200 ] || exit 1',
    '',
  ].join('\n');
}

function nodeSnippet(input: CheckedInput): string {
  const source = input.keySource;
  const home = source.kind === 'file' ? homeRelative(source.path) : undefined;
  const imports = ["  const { createHash, createPrivateKey, createPublicKey, sign } = await import('node:crypto');"];
  let keySetting: string[];
  let readKey: string[];
  if (source.kind === 'file') {
    imports.push("  const { readFileSync } = await import('node:fs');");
    if (home !== undefined) {
      imports.push("  const { homedir } = await import('node:os');", "  const { join } = await import('node:path');");
      keySetting = [`  const keyFile = join(homedir(), ${jsString(home)});`];
    } else keySetting = [`  const keyFile = ${jsString(source.path)};`];
    readKey = ["  const keyText = readFileSync(keyFile, 'utf8');"];
  } else {
    keySetting = [];
    readKey = [
      `  const keyText = process.env.${source.name};`,
      `  if (!keyText) throw new Error('Set ${source.name} to your private key (PEM, or hex of DER).');`,
    ];
  }
  return [
    ...header('//', source, 'keyFile', 'Needs Node.js 18 or later, no packages.'),
    '(async () => {',
    ...imports,
    '',
    `  const url = ${jsString(input.url)};`,
    ...keySetting,
    `  const expectedApiKey = ${jsString(input.apiKey)};`,
    `  const body = Buffer.from(${jsString(input.body)}, 'utf8');`,
    '',
    ...readKey,
    '  let privateKey;',
    "  if (keyText.includes('-----BEGIN')) privateKey = createPrivateKey(keyText);",
    '  else {',
    "    const hex = keyText.replace(/\\s+/g, '');",
    "    if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new Error('The private key is neither PEM nor hex.');",
    "    const der = Buffer.from(hex, 'hex');",
    '    try {',
    "      privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });",
    '    } catch {',
    "      privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });",
    '    }',
    '  }',
    "  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('The private key is not an RSA key.');",
    '',
    '  // X-Api-Key: base64 of the SHA-256 of the DER PKCS#1 public key.',
    "  const publicDer = createPublicKey(privateKey).export({ type: 'pkcs1', format: 'der' });",
    "  const apiKey = createHash('sha256').update(publicDer).digest('base64');",
    "  if (expectedApiKey && apiKey !== expectedApiKey) throw new Error('This private key does not belong to the account: its API key differs.');",
    '',
    '  // X-Api-Signature: base64 RSA-SHA256 of the exact body bytes; the same bytes are sent.',
    "  const signature = sign('sha256', body, privateKey).toString('base64');",
    '  const response = await fetch(url, {',
    "    method: 'POST',",
    "    headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey, 'X-Api-Signature': signature },",
    '    body,',
    "    redirect: 'manual',",
    `    signal: AbortSignal.timeout(${SNIPPET_TIMEOUT_SECONDS * 1000}),`,
    '  });',
    '  console.log(`HTTP ${response.status}`);',
    '  console.log(await response.text());',
    '  if (response.status !== 200) process.exitCode = 1;',
    '})().catch((error) => {',
    '  console.error(error instanceof Error ? error.message : String(error));',
    '  process.exitCode = 2;',
    '});',
    '',
  ].join('\n');
}

function pythonSnippet(input: CheckedInput): string {
  const source = input.keySource;
  const home = source.kind === 'file' ? homeRelative(source.path) : undefined;
  const keySetting =
    source.kind === 'file'
      ? [
          `KEY_FILE = ${home !== undefined ? `os.path.join(os.path.expanduser("~"), ${pythonString(home)})` : pythonString(source.path)}`,
        ]
      : [];
  const readKey =
    source.kind === 'file'
      ? ['    with open(KEY_FILE, "rb") as key_file:', '        data = key_file.read()']
      : [
          `    text = os.environ.get("${source.name}")`,
          '    if not text:',
          `        raise KeyProblem("Set ${source.name} to your private key (PEM, or hex of DER).")`,
          '    data = text.encode("utf-8")',
        ];
  return [
    '#!/usr/bin/env python3',
    ...header('#', source, 'KEY_FILE', 'Needs Python 3 and the cryptography package.'),
    'import base64',
    'import hashlib',
    'import os',
    'import sys',
    'import urllib.error',
    'import urllib.request',
    '',
    'from cryptography.hazmat.primitives import hashes, serialization',
    'from cryptography.hazmat.primitives.asymmetric import padding, rsa',
    '',
    `URL = ${pythonString(input.url)}`,
    ...keySetting,
    `EXPECTED_API_KEY = ${pythonString(input.apiKey)}`,
    `BODY = ${pythonString(input.body)}.encode("utf-8")`,
    '',
    '',
    'class KeyProblem(Exception):',
    '    pass',
    '',
    '',
    'def load_private_key():',
    ...readKey,
    '    if b"-----BEGIN" in data:',
    '        key = serialization.load_pem_private_key(data, password=None)',
    '    else:',
    '        try:',
    '            der = bytes.fromhex(b"".join(data.split()).decode("ascii"))',
    '        except ValueError:',
    '            raise KeyProblem("The private key is neither PEM nor hex.") from None',
    '        key = serialization.load_der_private_key(der, password=None)',
    '    if not isinstance(key, rsa.RSAPrivateKey):',
    '        raise KeyProblem("The private key is not an RSA key.")',
    '    return key',
    '',
    '',
    'class NoRedirects(urllib.request.HTTPRedirectHandler):',
    '    def redirect_request(self, req, fp, code, msg, headers, newurl):',
    '        return None',
    '',
    '',
    'def main():',
    '    try:',
    '        key = load_private_key()',
    '    except (OSError, ValueError, TypeError, KeyProblem) as problem:',
    '        print("The private key could not be used:", problem, file=sys.stderr)',
    '        return 2',
    '    # X-Api-Key: base64 of the SHA-256 of the DER PKCS#1 public key.',
    '    public_der = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1)',
    '    api_key = base64.b64encode(hashlib.sha256(public_der).digest()).decode("ascii")',
    '    if EXPECTED_API_KEY and api_key != EXPECTED_API_KEY:',
    '        print("This private key does not belong to the account: its API key differs.", file=sys.stderr)',
    '        return 2',
    '    # X-Api-Signature: base64 RSA-SHA256 of the exact body bytes; the same bytes are sent.',
    '    signature = base64.b64encode(key.sign(BODY, padding.PKCS1v15(), hashes.SHA256())).decode("ascii")',
    '    request = urllib.request.Request(',
    '        URL,',
    '        data=BODY,',
    '        method="POST",',
    '        headers={"Content-Type": "application/json", "X-Api-Key": api_key, "X-Api-Signature": signature},',
    '    )',
    '    try:',
    `        with urllib.request.build_opener(NoRedirects).open(request, timeout=${SNIPPET_TIMEOUT_SECONDS}) as response:`,
    '            status, answer = response.status, response.read()',
    '    except urllib.error.HTTPError as error:',
    '        status, answer = error.code, error.read()',
    '    except OSError as problem:',
    '        print("The request failed:", problem, file=sys.stderr)',
    '        return 2',
    '    print("HTTP", status, flush=True)',
    '    sys.stdout.buffer.write(answer + b"\\n")',
    '    return 0 if status == 200 else 1',
    '',
    '',
    'if __name__ == "__main__":',
    '    sys.exit(main())',
    '',
  ].join('\n');
}

/**
 * The text of a snippet of `kind` for the request. Throws a {@link SnippetInputError} for an input
 * no snippet can be made of, and a QuotingError (./quoting) for a body with a NUL character in a
 * shell snippet.
 */
export function snippet(kind: SnippetKind, input: SnippetInput): string {
  const checked = check(input);
  switch (kind) {
    case 'curl':
      return curlSnippet(checked);
    case 'node':
      return nodeSnippet(checked);
    case 'python':
      return pythonSnippet(checked);
  }
}
