/**
 * Keeps keys out of everything the MCP server writes: tool results, errors and its log on stderr.
 * Each key is known in the forms it may take (the text given, hex and base64 of its DER, its API
 * key); any occurrence is replaced before a line leaves the process.
 */
import type { KeyObject } from 'crypto';
import type { Credentials } from '../api/keys';

export const REDACTED = '[key redacted]';

/** Shorter texts are not looked for: they could match ordinary words or numbers. */
const MIN_SECRET_LENGTH = 16;

export type Redactor = (text: string) => string;

/** The forms a private key's text takes: DER (PKCS#8 and PKCS#1) as hex and base64, and PEM body lines. */
function keyForms(key: KeyObject): string[] {
  const forms: string[] = [];
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    const der = key.export({ format: 'der', type });
    forms.push(der.toString('hex'), der.toString('base64'));
    const pem = String(key.export({ format: 'pem', type }));
    forms.push(...pem.split('\n').filter((line) => line.length >= MIN_SECRET_LENGTH && !line.startsWith('-----')));
  }
  return forms;
}

/**
 * A redactor of the given credentials (their private key in all its forms, their API key) and of
 * texts given as they were read (the environment variable's value, each of its lines).
 */
export function redactorOf(credentials: readonly Credentials[], texts: readonly string[] = []): Redactor {
  const secrets = new Set<string>();
  const add = (text: string): void => {
    const trimmed = text.trim();
    if (trimmed.length >= MIN_SECRET_LENGTH) secrets.add(trimmed);
  };
  for (const { privateKey, apiKey } of credentials) {
    for (const form of keyForms(privateKey)) add(form);
    add(apiKey);
  }
  for (const text of texts) {
    add(text);
    for (const line of text.split(/\r?\n/)) if (!line.trim().startsWith('-----')) add(line);
  }
  // Longest first: a key's hex holds no shorter secret, but a PEM holds its own lines.
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of ordered) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
}
