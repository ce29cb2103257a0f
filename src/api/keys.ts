/**
 * Private keys as the service's partners hold them, the API key derived from them, and request
 * signing. The service issues a 2048-bit RSA key pair; its samples print the private key as hex of
 * DER PKCS#8, and the API key is base64(SHA-256(DER PKCS#1 public key)).
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  sign as rsaSign,
  verify as rsaVerify,
} from 'crypto';
import type { KeyObject } from 'crypto';
import { KeyFormatError, KeyMismatchError } from './exchangeErrors';

/** Smallest RSA modulus the client accepts, in bits. */
export const MIN_RSA_BITS = 2048;

/** A parsed private key with what is derived from it. Never log or serialize this object. */
export interface Credentials {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** base64(SHA-256(DER PKCS#1 public key)): the value of the `X-Api-Key` header. */
  readonly apiKey: string;
  readonly modulusBits: number;
}

type KeyEncoding = 'pem' | 'hex' | 'base64';

const MIN_ENCODED_LENGTH = 64;

/** Says how a key text is written, or undefined when it is none of the accepted forms. */
function detectEncoding(text: string): KeyEncoding | undefined {
  if (text.includes('-----BEGIN')) return 'pem';
  const compact = text.replace(/\s+/g, '');
  // Even the smallest DER private key takes a few hundred characters; shorter text is no key.
  if (compact.length < MIN_ENCODED_LENGTH) return undefined;
  if (compact.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(compact)) return 'hex';
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return 'base64';
  return undefined;
}

function readDer(der: Buffer): KeyObject {
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      return createPrivateKey({ key: der, format: 'der', type });
    } catch {
      // try the next DER structure
    }
  }
  throw new KeyFormatError('The key bytes are not a DER private key (neither PKCS#8 nor PKCS#1).');
}

/**
 * A PEM block rebuilt from its structure: its base64 body in lines of 64, whatever whitespace a
 * paste left (an input box turns the newlines into spaces).
 */
function rebuiltPem(text: string, label: string): string {
  const body = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]*)-----END ${label}-----`).exec(text)?.[1];
  if (body === undefined) return text.trim();
  const lines = body.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`, ''].join('\n');
}

function readKeyObject(text: string): KeyObject {
  const encoding = detectEncoding(text);
  switch (encoding) {
    case 'pem': {
      const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1] ?? 'unknown';
      if (label.includes('PUBLIC KEY') || label === 'CERTIFICATE') {
        throw new KeyFormatError(`Found a PEM "${label}", but a private key is needed.`);
      }
      if (label.includes('ENCRYPTED')) {
        throw new KeyFormatError('Found an encrypted PEM private key; provide it unencrypted.');
      }
      try {
        return createPrivateKey({ key: rebuiltPem(text, label), format: 'pem' });
      } catch {
        throw new KeyFormatError(`Found a PEM "${label}" block that could not be read as a private key.`);
      }
    }
    case 'hex':
      return readDer(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
    case 'base64':
      return readDer(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
    default:
      throw new KeyFormatError('The text is not a private key: expected hex DER PKCS#8, PEM or base64 DER.');
  }
}

/**
 * DER PKCS#1 of an RSA public key. Node 24 (OpenSSL 3.5) cannot write a public key that was read
 * from PKCS#1 (DER or PEM "RSA PUBLIC KEY") back as PKCS#1 ("Failed to encode public key"), which
 * VS Code 1.139's extension host runs into; the same key read again from its SPKI form can.
 */
function pkcs1Der(publicKey: KeyObject): Buffer {
  try {
    return publicKey.export({ format: 'der', type: 'pkcs1' });
  } catch {
    const spki = publicKey.export({ format: 'der', type: 'spki' });
    return createPublicKey({ key: spki, format: 'der', type: 'spki' }).export({ format: 'der', type: 'pkcs1' });
  }
}

/** base64(SHA-256(DER PKCS#1 of the RSA public key)). */
export function deriveApiKey(publicKey: KeyObject): string {
  return createHash('sha256').update(pkcs1Der(publicKey)).digest('base64');
}

/**
 * Reads a private key given as hex DER PKCS#8, PEM or base64 DER. Rejects other key types and RSA
 * keys under 2048 bits, saying what was found. When `apiKey` is given and differs from the one
 * derived from the private key, throws a {@link KeyMismatchError}.
 */
export function loadCredentials(privateKeyText: string, apiKey?: string): Credentials {
  const privateKey = readKeyObject(privateKeyText);
  const type = privateKey.asymmetricKeyType ?? 'unknown';
  if (type !== 'rsa') {
    throw new KeyFormatError(`Found a private key of type ${type.toUpperCase()}; the service needs an RSA key.`);
  }
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) {
    throw new KeyFormatError(`Found a ${bits}-bit RSA key; the service needs at least ${MIN_RSA_BITS} bits.`);
  }
  const publicKey = createPublicKey(privateKey);
  const derived = deriveApiKey(publicKey);
  const given = apiKey?.trim();
  if (given && given !== derived) {
    throw new KeyMismatchError(derived);
  }
  return { privateKey, publicKey, apiKey: derived, modulusBits: bits };
}

/** base64 RSA-SHA256 (PKCS#1 v1.5) signature of the exact body bytes. */
export function signBody(privateKey: KeyObject, body: Buffer): string {
  return rsaSign('sha256', body, privateKey).toString('base64');
}

/** Checks a base64 RSA-SHA256 signature of the exact body bytes. */
export function verifyBody(publicKey: KeyObject, body: Buffer, signature: string): boolean {
  try {
    return rsaVerify('sha256', body, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A short, non-secret fingerprint of an API key for display: the first and last characters. */
export function fingerprint(apiKey: string): string {
  return apiKey.length <= 12 ? apiKey : `${apiKey.slice(0, 6)}…${apiKey.slice(-4)}`;
}

/** A fresh key pair as the service's samples print it. */
export interface GeneratedKeys {
  /** hex of DER PKCS#8, as the service issues it. */
  readonly privateKeyHex: string;
  /** base64 of DER PKCS#1. */
  readonly publicKeyBase64: string;
  readonly apiKey: string;
}

export function generateKeys(bits = 2048): GeneratedKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return exported(privateKey, publicKey);
}

/**
 * {@link generateKeys} off the main thread (Node's thread pool): an RSA key takes a few hundred
 * milliseconds to find, which the extension host does not wait out blocked.
 */
export function generateKeysAsync(bits = 2048): Promise<GeneratedKeys> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: bits }, (error, publicKey, privateKey) => {
      if (error) reject(error);
      else resolve(exported(privateKey, publicKey));
    });
  });
}

function exported(privateKey: KeyObject, publicKey: KeyObject): GeneratedKeys {
  return {
    privateKeyHex: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('hex'),
    publicKeyBase64: publicKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    apiKey: deriveApiKey(publicKey),
  };
}
