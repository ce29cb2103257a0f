/**
 * The secrets a test run made (private keys, API keys, signatures), written down as they are made
 * so the scan at the end of `npm test` can look for them in everything the run produced. The file
 * is named by EXCHANGE_TX_SECRETS; without it (a test run on its own), nothing is written.
 */
import * as fs from 'fs';
import { generateKeys } from '../../src/api';
import type { GeneratedKeys } from '../../src/api';

export const REGISTRY_ENV = 'EXCHANGE_TX_SECRETS';

export type SecretKind = 'private-key' | 'api-key' | 'signature';

export interface RegisteredSecret {
  readonly kind: SecretKind;
  readonly value: string;
}

/** Notes a secret in the run's registry. */
export function registerSecret(kind: SecretKind, value: string): void {
  const file = process.env[REGISTRY_ENV];
  if (!file || value.trim() === '') return;
  fs.appendFileSync(file, `${JSON.stringify({ kind, value })}\n`);
}

const noted = new Set<string>();

/** Notes a signature a test sandbox received (once each: a test run signs the same body often). */
export function noteSignature(signature: string): void {
  if (noted.has(signature)) return;
  noted.add(signature);
  registerSecret('signature', signature);
}

/** Notes a key pair as `generateKeys()` returns it. */
export function registerKeys(keys: { readonly privateKeyHex: string; readonly apiKey: string }): void {
  registerSecret('private-key', keys.privateKeyHex);
  registerSecret('api-key', keys.apiKey);
}

/** The registry's secrets (unreadable lines skipped). */
export function readRegistry(file: string): RegisteredSecret[] {
  if (!fs.existsSync(file)) return [];
  const secrets: RegisteredSecret[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as Partial<RegisteredSecret>;
      if (
        (parsed.kind === 'private-key' || parsed.kind === 'api-key' || parsed.kind === 'signature') &&
        typeof parsed.value === 'string'
      )
        secrets.push({ kind: parsed.kind, value: parsed.value });
    } catch {
      // a torn line of a crashed writer
    }
  }
  return secrets;
}

/** A fresh key pair, as `generateKeys()` makes it, noted in the registry. */
export function registeredKeys(): GeneratedKeys {
  const keys = generateKeys();
  registerKeys(keys);
  return keys;
}
