/**
 * The partners' public keys the sandbox knows, by API key (base64 SHA-256 of the DER PKCS#1
 * public key, as the service derives it), and the signature check of a request's raw body.
 */
import { createHash, createPublicKey, KeyObject } from 'crypto';
import { deriveApiKey, loadCredentials, verifyBody } from '../../../src/api/keys';

/** Standard base64 with its padding (RFC 4648 section 4), as the service's signature header is written. */
export const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An API key written or derived another way than the service's, and the key it was made from. */
export interface OtherForm {
  readonly apiKey: string;
  /** How it was made, as words: "the SHA-256 in hex". */
  readonly form: string;
}

const sha256 = (bytes: Buffer | string): Buffer => createHash('sha256').update(bytes).digest();

/** The values a developer may send in X-Api-Key for this key instead of its API key, with how each was made. */
function otherForms(given: KeyObject, privateKey: KeyObject | undefined): [string, string][] {
  // Read again from SPKI: Node 24 cannot write a key read from PKCS#1 back as PKCS#1 (src/api/keys.ts).
  const publicKey = createPublicKey({
    key: given.export({ format: 'der', type: 'spki' }),
    format: 'der',
    type: 'spki',
  });
  const pkcs1 = publicKey.export({ format: 'der', type: 'pkcs1' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const digest = sha256(pkcs1);
  const forms: [string, string][] = [
    [digest.toString('hex'), 'its SHA-256 in hex, not base64'],
    [digest.toString('hex').toUpperCase(), 'its SHA-256 in hex, not base64'],
    [digest.toString('base64url'), 'its SHA-256 in base64url, not base64'],
    [digest.toString('base64').replace(/=+$/, ''), "its SHA-256 in base64 without the '=' padding"],
    [sha256(spki).toString('base64'), 'the SHA-256 of the SPKI DER ("BEGIN PUBLIC KEY"), not of the PKCS#1 DER'],
    [sha256(spki).toString('hex'), 'the SHA-256 of the SPKI DER in hex, not of the PKCS#1 DER in base64'],
    [
      sha256(publicKey.export({ format: 'pem', type: 'pkcs1' })).toString('base64'),
      'the SHA-256 of the PEM text, not of the DER bytes',
    ],
    [
      sha256(publicKey.export({ format: 'pem', type: 'spki' })).toString('base64'),
      'the SHA-256 of the PEM text, not of the DER bytes',
    ],
    [pkcs1.toString('base64'), 'the public key itself, not its SHA-256'],
    [spki.toString('base64'), 'the public key itself, not its SHA-256'],
  ];
  if (privateKey) {
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    forms.push(
      [sha256(der).toString('base64'), 'the SHA-256 of the private key, not of the public key'],
      [sha256(der).toString('hex'), 'the SHA-256 of the private key, not of the public key'],
    );
  }
  return forms;
}

function privateKeyOf(input: KeyInput): KeyObject | undefined {
  if (input instanceof KeyObject) return input.type === 'private' ? input : undefined;
  if (typeof input === 'object' && 'privateKey' in input && input.privateKey instanceof KeyObject)
    return input.privateKey;
  return undefined;
}

/**
 * A key to register: a public or private KeyObject; something holding one (`Credentials`); a
 * generated pair (`GeneratedKeys`: its `publicKeyBase64`); or text: PEM (public or private), base64
 * DER of a public key (PKCS#1 or SPKI), or a private key as the client accepts it (hex DER PKCS#8…).
 */
export type KeyInput = KeyObject | string | { readonly publicKey: KeyObject } | { readonly publicKeyBase64: string };

function fromText(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN') && trimmed.includes('PUBLIC KEY')) return createPublicKey(trimmed);
  if (!/^[0-9a-fA-F\s]+$/.test(trimmed) && !trimmed.includes('-----BEGIN')) {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    for (const type of ['pkcs1', 'spki'] as const) {
      try {
        return createPublicKey({ key: der, format: 'der', type });
      } catch {
        // not this structure; try the next, then a private key
      }
    }
  }
  return loadCredentials(trimmed).publicKey;
}

/** The RSA public key of a key input; throws a RangeError for anything else. */
export function publicKeyOf(input: KeyInput): KeyObject {
  let key: KeyObject;
  if (input instanceof KeyObject) key = input.type === 'public' ? input : createPublicKey(input);
  else if (typeof input === 'string') key = fromText(input);
  else if ('publicKey' in input) key = input.publicKey;
  else key = fromText(input.publicKeyBase64);
  if (key.asymmetricKeyType !== 'rsa') throw new RangeError('the sandbox takes RSA keys only');
  return key;
}

export class KeyRing {
  private readonly keys = new Map<string, KeyObject>();
  /** Per registered API key, the other values a developer may send for it (diagnosis.ts tells them apart). */
  private readonly forms = new Map<string, Map<string, string>>();

  /** Registers a key and returns its API key (the `X-Api-Key` value). */
  register(input: KeyInput): string {
    const publicKey = publicKeyOf(input);
    const apiKey = deriveApiKey(publicKey);
    this.keys.set(apiKey, publicKey);
    this.forms.set(apiKey, new Map(otherForms(publicKey, privateKeyOf(input))));
    return apiKey;
  }

  unregister(apiKey: string): boolean {
    this.forms.delete(apiKey);
    return this.keys.delete(apiKey);
  }

  /** The public key registered as `apiKey`. */
  publicKey(apiKey: string): KeyObject | undefined {
    return this.keys.get(apiKey);
  }

  /** Every registered key, by API key. */
  get entries(): readonly (readonly [string, KeyObject])[] {
    return [...this.keys];
  }

  /** Whether `value` is a registered key's API key written or derived another way, and which. */
  otherForm(value: string): OtherForm | undefined {
    for (const [apiKey, forms] of this.forms) {
      const form = forms.get(value);
      if (form !== undefined) return { apiKey, form };
    }
    return undefined;
  }

  get apiKeys(): string[] {
    return [...this.keys.keys()];
  }

  /** Whether `signature` (standard base64) is a valid signature of `body` by the key registered as `apiKey`. */
  verify(apiKey: string | undefined, signature: string | undefined, body: Buffer): boolean {
    if (!apiKey || !signature || !STRICT_BASE64.test(signature)) return false;
    const key = this.keys.get(apiKey);
    return key !== undefined && verifyBody(key, body, signature);
  }
}
