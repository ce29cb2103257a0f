/**
 * Looks for secrets in what a test run produced. Two kinds of evidence:
 *  - the run's own secrets (test/secrets/registry.ts): every private key in each of its encodings
 *    (any 32 characters of its hex or base64 DER, PKCS#8 or PKCS#1, so a piece of a key or a
 *    PEM line is found too), every API key and every signature, exactly;
 *  - shapes no output of ours may hold whoever made them: a PEM private key header, a base64
 *    RSA-2048 signature (342 base64 characters and `==`), a long hex run (a DER key in hex).
 */
import { createPrivateKey } from 'crypto';
import type { KeyObject } from 'crypto';
import type { RegisteredSecret } from './registry';

export interface Hit {
  /** Where: a file, or a name given to a text. */
  readonly source: string;
  /** What was found, never the secret itself. */
  readonly what: string;
  readonly offset: number;
}

const SLICE = 32;
const STEP = 16;

function readKey(text: string): KeyObject | undefined {
  const attempts: (() => KeyObject)[] = [() => createPrivateKey({ key: text, format: 'pem' })];
  const compact = text.replace(/\s+/g, '');
  for (const encoding of ['hex', 'base64'] as const) {
    for (const type of ['pkcs8', 'pkcs1'] as const)
      attempts.push(() => createPrivateKey({ key: Buffer.from(compact, encoding), format: 'der', type }));
  }
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // next form
    }
  }
  return undefined;
}

/** The encodings a key may be written in. */
function keyForms(key: KeyObject): string[] {
  const forms: string[] = [];
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      const der = key.export({ format: 'der', type });
      forms.push(der.toString('hex'), der.toString('hex').toUpperCase(), der.toString('base64'));
    } catch {
      // not an RSA key for pkcs1
    }
  }
  return forms;
}

export class SecretNeedles {
  /** Exact strings by length: slices of keys (SLICE), API keys, signatures. */
  private readonly byLength = new Map<number, Map<string, string>>();

  constructor(secrets: readonly RegisteredSecret[]) {
    let n = 0;
    for (const secret of secrets) {
      n++;
      if (secret.kind === 'private-key') {
        const key = readKey(secret.value);
        if (!key) continue;
        for (const form of keyForms(key)) {
          for (let i = 0; i + SLICE <= form.length; i += STEP)
            this.add(form.slice(i, i + SLICE), `a piece of private key #${n}`);
        }
      } else if (secret.value.length >= 16) {
        this.add(secret.value, `${secret.kind === 'api-key' ? 'API key' : 'signature'} #${n}`);
      }
    }
  }

  get size(): number {
    let size = 0;
    for (const set of this.byLength.values()) size += set.size;
    return size;
  }

  private add(text: string, label: string): void {
    let set = this.byLength.get(text.length);
    if (!set) {
      set = new Map();
      this.byLength.set(text.length, set);
    }
    set.set(text, label);
  }

  /** The registered secrets in `text`: every window of every base64/hex run is looked up. */
  find(text: string, source: string): Hit[] {
    const hits: Hit[] = [];
    const seen = new Set<string>();
    for (const run of text.matchAll(/[A-Za-z0-9+/=]{16,}/g)) {
      const word = run[0];
      for (const [length, set] of this.byLength) {
        for (let i = 0; i + length <= word.length; i++) {
          const label = set.get(word.slice(i, i + length));
          if (label !== undefined && !seen.has(label)) {
            seen.add(label);
            hits.push({ source, what: label, offset: (run.index ?? 0) + i });
          }
        }
      }
    }
    return hits;
  }
}

const SHAPES: readonly [RegExp, string][] = [
  // The header with key material after it (a bare header is code that reads PEM, not a key);
  // line breaks may be real or escaped, as in JSON.
  [/-----BEGIN (?:RSA |EC |ENCRYPTED |OPENSSH )?PRIVATE KEY-----(?:\s|\\[rn])*[A-Za-z0-9+/]{40}/, 'a PEM private key'],
  [/(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{342}==(?![A-Za-z0-9+/=])/, 'a base64 RSA-2048 signature'],
  [/[0-9a-fA-F]{1200,}/, 'a long hex run (a DER key in hex?)'],
];

/** Every secret of the run and every secret-shaped text in `text`. */
export function scanText(text: string, needles: SecretNeedles, source: string): Hit[] {
  const hits = needles.find(text, source);
  for (const [pattern, what] of SHAPES) {
    const m = pattern.exec(text);
    if (m) hits.push({ source, what, offset: m.index });
  }
  return hits;
}
