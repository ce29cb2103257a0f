/**
 * Why a request was answered 401, step by step as the service's documentation has a request
 * signed (docs/service/interface.md#keys-and-signing): both headers, the API key, the signature's
 * encoding, then the signature opened with the API key's public key. An RSA PKCS#1 v1.5 signature
 * opened with the right public key gives back the SHA-256 of the bytes signed; with another key it
 * gives noise. So the sandbox tells "another key" from "other bytes", and names the other bytes
 * when they are the body re-serialized (pretty, compact, keys reordered, a newline, another
 * encoding). Pure; the codes and their sources are diagnosis.ts's DIAGNOSES.
 */
import { constants, createHash, publicDecrypt } from 'crypto';
import type { KeyObject } from 'crypto';
import { fingerprint, loadCredentials } from '../../../src/api/keys';
import type { Diagnosis } from './diagnosis';
import { finding, quoted } from './diagnosis';
import { nestsDeeperThan } from '../../../src/shared/jsonDepth';
import type { KeyRing } from './keyring';
import { STRICT_BASE64 } from './keyring';

/** What a 401 is diagnosed from: the headers as sent and the raw body. */
export interface Refused {
  readonly apiKey: string | undefined;
  readonly signature: string | undefined;
  /** The names of every header sent, lowercase. */
  readonly headerNames: readonly string[];
  readonly body: Buffer;
}

const HEADERS = { 'x-api-key': 'X-Api-Key', 'x-api-signature': 'X-Api-Signature' } as const;

/** A header name that looks meant for `wanted`: the same letters without dashes, or a known look-alike. */
function lookAlike(names: readonly string[], wanted: keyof typeof HEADERS): string | undefined {
  const bare = (name: string): string => name.replace(/[-_ ]/g, '');
  const near =
    wanted === 'x-api-key'
      ? ['xapikey', 'apikey', 'xkey', 'key', 'authorization']
      : ['xapisignature', 'xapisign', 'signature', 'xsignature', 'sign', 'xsign'];
  return names.find((name) => name !== wanted && near.includes(bare(name)));
}

function headers(refused: Refused): Diagnosis | undefined {
  for (const [wanted, written] of Object.entries(HEADERS) as [keyof typeof HEADERS, string][]) {
    const value = wanted === 'x-api-key' ? refused.apiKey : refused.signature;
    if (value !== undefined && value !== '') continue;
    const near = lookAlike(refused.headerNames, wanted);
    if (near !== undefined)
      return finding(
        'header-misnamed',
        `${written} is missing, and a header ${quoted(near)} was sent: name it ${written}.`,
      );
    return finding('header-missing', `${written} is ${value === '' ? 'empty' : 'missing'}; every request carries it.`);
  }
  return undefined;
}

/** Whether `text` is a private key the client accepts (it must never be sent). */
function isPrivateKey(text: string): boolean {
  try {
    loadCredentials(text);
    return true;
  } catch {
    return false;
  }
}

function digestBytes(text: string): number | undefined {
  if (/^[0-9a-fA-F]+$/.test(text)) return text.length / 2;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return Buffer.from(text, 'base64').length;
  return undefined;
}

function apiKey(value: string, keys: KeyRing): Diagnosis | undefined {
  if (keys.publicKey(value)) return undefined;
  const other = keys.otherForm(value);
  if (other)
    return finding(
      'api-key-other-form',
      `X-Api-Key is ${other.form}; the API key of this key pair (${fingerprint(other.apiKey)}) is base64(SHA-256(DER PKCS#1 public key)).`,
    );
  if (value.length > 64 && isPrivateKey(value))
    return finding(
      'api-key-not-digest',
      'X-Api-Key carries a private key: never send it. Send base64(SHA-256(DER PKCS#1 public key)), derived from it.',
    );
  if (digestBytes(value) === 32)
    return finding(
      'api-key-unknown',
      `X-Api-Key ${fingerprint(value)} is a SHA-256 digest, but of no key this sandbox holds (another key pair's, an account's?): use the sandbox's key pair.`,
    );
  return finding(
    'api-key-not-digest',
    `X-Api-Key ${fingerprint(value)} is not a SHA-256 digest (${value.length} characters; base64 of 32 bytes is 44): send base64(SHA-256(DER PKCS#1 public key)).`,
  );
}

function encoding(signature: string, modulusBytes: number): Diagnosis | undefined {
  // Hex digits are base64 letters too: a hex signature is told by its length first.
  const hex = /^[0-9a-fA-F]+$/.test(signature) && signature.length === modulusBytes * 2;
  if (!hex && STRICT_BASE64.test(signature)) return undefined;
  let how = 'is not base64';
  if (hex) how = 'is in hex';
  else if (/\s/.test(signature)) how = 'holds whitespace or line breaks (a wrapped base64?)';
  else if (/[-_]/.test(signature) && /^[A-Za-z0-9_-]+=*$/.test(signature)) how = 'is in base64url';
  else if (/^[A-Za-z0-9+/]+$/.test(signature)) how = "lacks its '=' padding";
  return finding(
    'signature-not-base64',
    `X-Api-Signature ${how}; send it in standard base64, with padding, on one line.`,
  );
}

/** DigestInfo of SHA-256 (RFC 8017, section 9.2): what a signature opens to before the hash. */
const SHA256_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** The SHA-256 a signature was made over, when `key` made it with RSA-SHA256 PKCS#1 v1.5; else undefined. */
export function signedDigest(key: KeyObject, signature: Buffer): Buffer | undefined {
  let block: Buffer;
  try {
    block = publicDecrypt({ key, padding: constants.RSA_NO_PADDING }, signature);
  } catch {
    return undefined;
  }
  const tail = SHA256_PREFIX.length + 32;
  const padEnd = block.length - tail - 1;
  if (block[0] !== 0 || block[1] !== 1 || padEnd < 10 || block[padEnd] !== 0) return undefined;
  for (let i = 2; i < padEnd; i++) if (block[i] !== 0xff) return undefined;
  if (!block.subarray(padEnd + 1, padEnd + 1 + SHA256_PREFIX.length).equals(SHA256_PREFIX)) return undefined;
  return block.subarray(block.length - 32);
}

/** JSON with `", "` and `": "` between members, as Python's json.dumps writes by default. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spaced(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

function envelopeOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { jsonrpc, id, method, params, ...rest } = value as Record<string, unknown>;
  return { jsonrpc, id, method, params, ...rest };
}

const asciiEscaped = (text: string): string =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The largest body rebuilt in other forms: a few of them, hashed, per refused request. */
export const MAX_REBUILT_BODY_BYTES = 64 * 1024;

/** The bytes a client may have signed instead of those it sent, each with the words that name it. */
function otherBytes(body: Buffer): [string, Buffer | string][] {
  const text = body.toString('utf8');
  const variants: [string, Buffer | string][] = [
    ['with a trailing newline (the bytes sent have none)', `${text}\n`],
    ['with a trailing CRLF (the bytes sent have none)', `${text}\r\n`],
    ['without its trailing newline or spaces (the bytes sent have them)', text.trimEnd()],
    ['without its surrounding whitespace', text.trim()],
    ['encoded as Latin-1, not UTF-8', Buffer.from(text, 'latin1')],
    ['encoded as UTF-16, not UTF-8', Buffer.from(text, 'utf16le')],
    [
      'encoded twice (UTF-8 read as Latin-1, then encoded as UTF-8 again)',
      Buffer.from(body.toString('latin1'), 'utf8'),
    ],
  ];
  // Re-serializing recurses: a body nested deeper than any request is not rebuilt as JSON.
  if (nestsDeeperThan(text)) return variants;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return variants;
  }
  const reordered = [sortedKeys(value), envelopeOrder(value)];
  variants.push(
    ['serialized compact (the bytes sent are not)', JSON.stringify(value)],
    ['pretty-printed with 2 spaces (the bytes sent are not)', JSON.stringify(value, null, 2)],
    ['pretty-printed with 2 spaces and a newline', `${JSON.stringify(value, null, 2)}\n`],
    ['pretty-printed with 4 spaces (the bytes sent are not)', JSON.stringify(value, null, 4)],
    ['pretty-printed with tabs (the bytes sent are not)', JSON.stringify(value, null, '\t')],
    ['with spaces after "," and ":" (as Python\'s json.dumps writes)', spaced(value)],
    ["with non-ASCII characters escaped as \\u (as Python's json.dumps writes)", asciiEscaped(JSON.stringify(value))],
    ["with spaces and \\u escapes (as Python's json.dumps writes)", asciiEscaped(spaced(value))],
  );
  for (const [i, order] of reordered.entries()) {
    const which = i === 0 ? 'with its keys sorted' : 'with its keys in the order jsonrpc, id, method, params';
    variants.push(
      [`${which}, compact`, JSON.stringify(order)],
      [`${which}, with spaces after "," and ":"`, spaced(order)],
      [`${which}, pretty-printed`, JSON.stringify(order, null, 2)],
    );
  }
  return variants;
}

const sha256 = (bytes: Buffer | string): Buffer => createHash('sha256').update(bytes).digest();

function signature(refused: Refused, key: KeyObject, sent: string, keys: KeyRing): Diagnosis {
  const modulusBytes = (key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const badEncoding = encoding(sent, modulusBytes);
  if (badEncoding) return badEncoding;
  const bytes = Buffer.from(sent, 'base64');
  const digest = bytes.length === modulusBytes ? signedDigest(key, bytes) : undefined;
  if (!digest) {
    const other = keys.entries.find(([, k]) => signedDigest(k, bytes) !== undefined)?.[0];
    const whose =
      other !== undefined
        ? `it was made with the key of another API key (${fingerprint(other)})`
        : bytes.length !== modulusBytes
          ? `it is ${bytes.length} bytes; one of this 2048-bit key is ${modulusBytes}`
          : 'it was not made with the private key of this API key, with RSA-SHA256 (PKCS#1 v1.5)';
    return finding(
      'signature-other-key',
      `X-Api-Signature is no signature of this API key's: ${whose}. Sign with the private key the API key was derived from.`,
    );
  }
  if (refused.body.length > MAX_REBUILT_BODY_BYTES)
    return finding(
      'signature-other-bytes',
      `The signature is by this key, but over bytes other than those sent (a body over ${MAX_REBUILT_BODY_BYTES / 1024} KiB is not rebuilt to find which): the exact bytes sent must be the bytes signed.`,
    );
  const match = otherBytes(refused.body).find(([, variant]) => sha256(variant).equals(digest));
  if (match)
    return finding(
      'signature-other-bytes',
      `The signature is valid over the body ${match[0]}: the exact bytes sent must be the bytes signed.`,
    );
  return finding(
    'signature-other-bytes',
    'The signature is by this key, but over bytes other than those sent (not a re-serialization the sandbox can rebuild): the exact bytes sent must be the bytes signed.',
  );
}

/** The one finding of a request answered 401. */
export function diagnoseUnauthorized(refused: Refused, keys: KeyRing): Diagnosis {
  const missing = headers(refused);
  if (missing) return missing;
  const sentKey = refused.apiKey ?? '';
  const keyFinding = apiKey(sentKey, keys);
  if (keyFinding) return keyFinding;
  const key = keys.publicKey(sentKey);
  if (!key) return finding('api-key-unknown', 'X-Api-Key is no key this sandbox holds.');
  return signature(refused, key, refused.signature ?? '', keys);
}
