/**
 * The scripts of "Copy as…": bash with curl and openssl, Node.js 18+ without packages, Python 3 with
 * `cryptography`. Each reads the private key from a file or a variable, derives the API key, signs
 * the exact body bytes, sends them without following redirects and prints the status and answer.
 * It exits 0 for HTTP 200, 1 for another status, 2 when it cannot sign or send.
 * A snippet never holds the key nor a signature: a signed body replays against the service. Pure.
 */
import { jsString, pythonString, shellQuote } from './quoting';

/** Where the snippet reads the private key from when it runs. */
export type SnippetKeySource =
  { readonly kind: 'file'; readonly path: string } | { readonly kind: 'env'; readonly name: string };

/** A snippet's input as checked (./snippets): the address as the URL parser writes it, the API key or `''`. */
export interface CheckedInput {
  readonly url: string;
  /** The exact (compact JSON) body to sign and send. */
  readonly body: string;
  readonly apiKey: string;
  readonly keySource: SnippetKeySource;
}

/** Seconds a snippet waits for the answer. */
const SNIPPET_TIMEOUT_SECONDS = 30;

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

/** The bash script (curl and openssl). */
export function curlSnippet(input: CheckedInput): string {
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

/** The Node.js script (18 or later, no packages). */
export function nodeSnippet(input: CheckedInput): string {
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

/** The Python 3 script (the cryptography package and urllib.request). */
export function pythonSnippet(input: CheckedInput): string {
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
