/**
 * The partners' public keys the sandbox knows, by API key (base64 SHA-256 of the DER PKCS#1
 * public key, as the service derives it), and the signature check of a request's raw body.
 */
import { createPublicKey, KeyObject } from 'crypto';
import { deriveApiKey, loadCredentials, verifyBody } from '../../../src/api/keys';

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

  /** Registers a key and returns its API key (the `X-Api-Key` value). */
  register(input: KeyInput): string {
    const publicKey = publicKeyOf(input);
    const apiKey = deriveApiKey(publicKey);
    this.keys.set(apiKey, publicKey);
    return apiKey;
  }

  unregister(apiKey: string): boolean {
    return this.keys.delete(apiKey);
  }

  get apiKeys(): string[] {
    return [...this.keys.keys()];
  }

  /** Whether `signature` (base64) is a valid signature of `body` by the key registered as `apiKey`. */
  verify(apiKey: string | undefined, signature: string | undefined, body: Buffer): boolean {
    if (!apiKey || !signature) return false;
    const key = this.keys.get(apiKey);
    return key !== undefined && verifyBody(key, body, signature);
  }
}
