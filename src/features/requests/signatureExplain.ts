/** "Explain Signature": each step of signing a body; its signature shown to who asked, never logged or kept. Pure. */
import { createHash, createPrivateKey, timingSafeEqual } from 'crypto';
import { KeyFormatError } from '../../api/exchangeErrors';
import { fingerprint, loadCredentials, signBody, verifyBody } from '../../api/keys';
import type { Credentials } from '../../api/keys';
import { codePointHex, isInvisible } from '../../shared/safeText';

/** How the private key text was written. */
export type KeyTextFormat =
  'pem-pkcs8' | 'pem-pkcs1' | 'hex-der-pkcs8' | 'hex-der-pkcs1' | 'base64-der-pkcs8' | 'base64-der-pkcs1';

const FORMAT_NAMES: Readonly<Record<KeyTextFormat, string>> = {
  'pem-pkcs8': 'PEM, PKCS#8 ("PRIVATE KEY")',
  'pem-pkcs1': 'PEM, PKCS#1 ("RSA PRIVATE KEY")',
  'hex-der-pkcs8': 'hex of DER, PKCS#8 (as the service issues keys)',
  'hex-der-pkcs1': 'hex of DER, PKCS#1',
  'base64-der-pkcs8': 'base64 of DER, PKCS#8',
  'base64-der-pkcs1': 'base64 of DER, PKCS#1',
};

/** Most bytes shown as hex, and as text. */
export const MAX_HEX_BYTES = 2048;
export const MAX_TEXT_BYTES = 64 * 1024;

export interface SignatureExplanation {
  readonly key: { readonly format: KeyTextFormat; readonly formatName: string; readonly bits: number };
  /** The `X-Api-Key` value: base64(SHA-256(DER PKCS#1 public key)). */
  readonly apiKey: string;
  /** The bytes signed: their length, the first of them as text and hex, and the SHA-256 of all. */
  readonly bytes: {
    readonly length: number;
    readonly text: string;
    readonly textTruncated: boolean;
    readonly validUtf8: boolean;
    readonly hex: string;
    readonly hexTruncated: boolean;
    readonly sha256Hex: string;
    readonly sha256Base64: string;
  };
  readonly algorithm: string;
  /** The `X-Api-Signature` value; undefined when withheld (an account's key: it would replay for ever). */
  readonly signature: string | undefined;
  /** Whether the signature verifies with the public key of the private key. */
  readonly verified: boolean;
}

function isPkcs8Der(der: Buffer): boolean {
  try {
    createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return true;
  } catch {
    return false;
  }
}

/** The format of a key text loadCredentials accepted. */
function keyFormat(text: string): KeyTextFormat {
  if (text.includes('-----BEGIN')) return /-----BEGIN RSA PRIVATE KEY-----/.test(text) ? 'pem-pkcs1' : 'pem-pkcs8';
  const compact = text.replace(/\s+/g, '');
  const isHex = compact.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(compact);
  const der = Buffer.from(compact, isHex ? 'hex' : 'base64');
  const structure = isPkcs8Der(der) ? 'pkcs8' : 'pkcs1';
  return isHex ? `hex-der-${structure}` : `base64-der-${structure}`;
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Explains signing `body` (a string as its UTF-8 bytes); a KeyFormatError never quotes the key. */
export function explainSignature(
  privateKeyText: string,
  body: string | Buffer,
  options: { readonly withSignature?: boolean } = {},
): SignatureExplanation {
  let credentials: Credentials;
  try {
    credentials = loadCredentials(privateKeyText);
  } catch (error) {
    if (error instanceof KeyFormatError) throw error;
    throw new KeyFormatError('The private key could not be read.');
  }
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const format = keyFormat(privateKeyText);
  const signature = signBody(credentials.privateKey, bytes);
  const hash = createHash('sha256').update(bytes).digest();
  return {
    key: { format, formatName: FORMAT_NAMES[format], bits: credentials.modulusBits },
    apiKey: credentials.apiKey,
    bytes: {
      length: bytes.length,
      text: bytes.subarray(0, MAX_TEXT_BYTES).toString('utf8'),
      textTruncated: bytes.length > MAX_TEXT_BYTES,
      validUtf8: isValidUtf8(bytes),
      hex: bytes.subarray(0, MAX_HEX_BYTES).toString('hex'),
      hexTruncated: bytes.length > MAX_HEX_BYTES,
      sha256Hex: hash.toString('hex'),
      sha256Base64: hash.toString('base64'),
    },
    algorithm: 'RSA-SHA256 (RSASSA-PKCS1-v1_5 with SHA-256)',
    // Computed and checked here either way; handed out only when asked for.
    signature: options.withSignature === false ? undefined : signature,
    verified: verifyBody(credentials.publicKey, bytes, signature),
  };
}

/** A fenced block of `content`, its fence longer than any run of backticks in it. */
function fenced(content: string): string {
  let longest = 0;
  for (const run of content.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${content}\n${fence}`;
}

/** Text with invisible characters (but newlines and tabs) shown as ⟨U+XXXX⟩. */
function visible(text: string): string {
  const shown = (char: string) =>
    char !== '\n' && char !== '\t' && isInvisible(char) ? `⟨U+${codePointHex(char)}⟩` : char;
  return Array.from(text, shown).join('');
}

/** A hex dump, 16 bytes a line: offset, bytes in two groups of 8, printable ASCII. */
function hexDump(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = bytes.subarray(offset, offset + 16);
    const cells = Array.from(row, (b) => b.toString(16).padStart(2, '0'));
    const left = cells.slice(0, 8).join(' ');
    const right = cells.slice(8).join(' ');
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${`${left}  ${right}`.padEnd(48)}  |${ascii}|`);
  }
  return lines.join('\n');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The explanation as Markdown; without a signature the API key shows as its fingerprint. */
export function renderExplanation(result: SignatureExplanation): string {
  const { key, bytes } = result;
  const shownText = bytes.textTruncated ? `the first ${plural(MAX_TEXT_BYTES, 'byte')}` : 'all of them';
  const shownHex = bytes.hexTruncated
    ? `the first ${plural(MAX_HEX_BYTES, 'byte')} of ${plural(bytes.length, 'byte')}`
    : plural(bytes.length, 'byte');
  const lines = [
    '# How this request body is signed',
    '',
    '## 1. The private key',
    '',
    `- Format: ${key.formatName}`,
    `- Size: RSA, ${key.bits} bits`,
    '',
    '## 2. The API key (`X-Api-Key`)',
    '',
    'base64 of the SHA-256 of the public key in DER PKCS#1:',
    '',
    fenced(result.signature === undefined ? `${fingerprint(result.apiKey)} (fingerprint)` : result.apiKey),
    '',
    '## 3. The bytes signed',
    '',
    `The exact bytes sent as the request body: ${plural(bytes.length, 'byte')}${bytes.validUtf8 ? ' of UTF-8 text' : ' (not valid UTF-8: shown with U+FFFD where a sequence is invalid)'}. ` +
      'Any change, even a space or a line break, changes the signature.',
    '',
    `- SHA-256 (hex): \`${bytes.sha256Hex}\``,
    `- SHA-256 (base64): \`${bytes.sha256Base64}\``,
    '',
    `As text (${shownText}; invisible characters shown as ⟨U+XXXX⟩):`,
    '',
    fenced(visible(bytes.text)),
    '',
    `As hex (${shownHex}):`,
    '',
    fenced(hexDump(bytes.hex)),
    '',
  ];
  if (bytes.hexTruncated)
    lines.push(
      `The hex stops after ${plural(MAX_HEX_BYTES, 'byte')}; the length and SHA-256 above cover all ${plural(bytes.length, 'byte')}.`,
      '',
    );
  lines.push('## 4. The signature (`X-Api-Signature`)', '');
  if (result.signature === undefined) {
    lines.push(
      `${result.algorithm} of the bytes above, in base64: 344 characters for a 2048-bit key.`,
      '',
      'Not shown: this is a key of an account of the service, and the service signs no time or nonce, so a signature of these bytes would be accepted again for as long as the key is valid. ' +
        'To compare with what your code computes, sign with a key of your own: "Explain Signature with a Pasted Key…", or use the sandbox.',
      '',
    );
  } else {
    lines.push(
      `${result.algorithm} of the bytes above, in base64. It authorizes exactly this body: do not share it.`,
      '',
      fenced(result.signature),
      '',
    );
  }
  lines.push(
    '## 5. Local check',
    '',
    result.verified
      ? 'The signature verifies with the public key derived from this private key.'
      : 'The signature does NOT verify with the public key derived from this private key.',
    '',
  );
  return lines.join('\n');
}

/** The saved account whose API key `apiKey` is, if any, compared in constant time for every account. */
export function accountWithKey(
  apiKey: string,
  saved: readonly { readonly name: string; readonly apiKey: string }[],
): string | undefined {
  const pasted = Buffer.from(apiKey, 'base64');
  let found: string | undefined;
  for (const account of saved) {
    const theirs = Buffer.from(account.apiKey, 'base64');
    const same = theirs.length === pasted.length && timingSafeEqual(theirs, pasted);
    if (same && found === undefined) found = account.name;
  }
  return found;
}
