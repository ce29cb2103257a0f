/**
 * Why the sandbox refused a request, as one finding: a code of DIAGNOSES and words that say what
 * to change. The signing steps are read in the order the service's documentation gives them
 * (headers, API key, signature encoding, the key and the bytes signed: signatureDiagnosis.ts),
 * then the path, the size, the rate and the JSON-RPC envelope. Each rule's source is in DIAGNOSES:
 * a page of docs/service, or the sandbox's own rules. Pure.
 */
import type { Diagnosis, DiagnosisCode } from '../../../src/shared/requestJournal';
import { echo } from '../../../src/shared/echo';
import { isRecord } from '../../../src/shared/isRecord';
import { isMethod, METHODS } from './methods';

export type { Diagnosis, DiagnosisCode } from '../../../src/shared/requestJournal';

export interface DiagnosisRule {
  /** When it is found, in a clause. */
  readonly when: string;
  /** What to do, in a clause. */
  readonly fix: string;
  /** Where the rule comes from: a page of docs/service (relative to docs/), or the sandbox's rules. */
  readonly source: string;
}

const SIGNING = 'service/interface.md#keys-and-signing';
const OURS = '../packages/sandbox/RULES.md#the-request-journal-and-its-diagnosis';

/** Every finding: when, what to do, and its source (docs/sandbox.md's table is generated from it). */
export const DIAGNOSES: Readonly<Record<DiagnosisCode, DiagnosisRule>> = {
  'header-missing': {
    when: '`X-Api-Key` or `X-Api-Signature` is not sent',
    fix: 'send both headers with every request',
    source: SIGNING,
  },
  'header-misnamed': {
    when: 'a header close to `X-Api-Key` or `X-Api-Signature` is sent in its place',
    fix: 'name the headers exactly `X-Api-Key` and `X-Api-Signature`',
    source: SIGNING,
  },
  'api-key-other-form': {
    when: "the API key is this sandbox's key, written or derived another way (hex, base64url, SPKI, the key itself…)",
    fix: 'send base64(SHA-256(DER PKCS#1 public key))',
    source: 'service/documentation.md#keys-as-the-samples-issue-them',
  },
  'api-key-unknown': {
    when: "the API key is a SHA-256 digest, but of no key this sandbox holds (another key pair's)",
    fix: "use the sandbox's key pair, or register your public key with the sandbox",
    source: 'service/documentation.md#refused-keys-and-signatures',
  },
  'api-key-not-digest': {
    when: 'the API key is not a 32-byte digest at all',
    fix: 'send base64(SHA-256(DER PKCS#1 public key)); never send a private key',
    source: SIGNING,
  },
  'signature-not-base64': {
    when: 'the signature is base64url, hex, unpadded, or holds whitespace',
    fix: 'send the signature in standard base64, on one line',
    source: OURS,
  },
  'signature-other-bytes': {
    when: "the signature is this key's, over bytes other than those sent (the sandbox names them when it can rebuild them)",
    fix: 'serialize the body once; sign those exact bytes and send them',
    source: SIGNING,
  },
  'signature-other-key': {
    when: 'the signature was not made with the private key of the API key sent, with RSA-SHA256 (PKCS#1 v1.5)',
    fix: 'sign with the private key the API key was derived from',
    source: SIGNING,
  },
  'wrong-path': {
    when: 'the request is not `POST {base}/v2`',
    fix: 'post every call to `{base}/v2`; the method goes in the body',
    source: 'service/interface.md#transport',
  },
  'body-too-large': {
    when: 'the body is over 1 MiB',
    fix: 'send a smaller request',
    source: OURS,
  },
  'rate-limited': {
    when: 'more requests a second with one API key than the limit',
    fix: 'send at most 10 requests a second per key, and retry later',
    source: 'service/interface.md#limits',
  },
  'body-not-json': {
    when: 'the body is not JSON',
    fix: 'send one JSON-RPC object as `application/json`',
    source: 'service/interface.md#the-envelope',
  },
  'id-not-string': {
    when: '`id` is missing, or neither a string nor a number',
    fix: 'send a string `id`, as the service documents',
    source: 'service/interface.md#the-envelope',
  },
  'envelope-invalid': {
    when: 'the body is not one object with `jsonrpc: "2.0"` and a string `method` (or has `params: null`)',
    fix: 'send `{"jsonrpc": "2.0", "id", "method", "params"}`',
    source: 'service/interface.md#the-envelope',
  },
  'method-unknown': {
    when: 'the method is not one the sandbox serves (or one disabled on purpose)',
    fix: 'call a documented method, spelt as documented',
    source: 'service/interface.md#errors',
  },
  'params-missing': {
    when: 'the body has no `params`, and the method needs some',
    fix: "send the method's parameters in `params`",
    source: 'service/methods.md',
  },
};

export function finding(code: DiagnosisCode, words: string): Diagnosis {
  return { code, words };
}

/** A name the client chose, quoted and bounded for words read by a person (the CLI escapes it further). */
export function quoted(text: string): string {
  return JSON.stringify(echo(text, 40));
}

/** Why `httpMethod path` was answered 404. */
export function diagnosePath(httpMethod: string, path: string): Diagnosis {
  const sent = `${echo(httpMethod, 10)} ${quoted(path)}`;
  if (/^\/v2\/?$/.test(path)) return finding('wrong-path', `${sent}: the service takes POST only.`);
  const method = /^\/v2\/([^/]+)\/?$/.exec(path)?.[1];
  if (method !== undefined && isMethod(method))
    return finding('wrong-path', `${sent}: the method goes in the body's "method", not in the path; post to /v2.`);
  if (/^\/v1\b/.test(path)) return finding('wrong-path', `${sent}: /v1 is the old interface; post to /v2.`);
  return finding('wrong-path', `${sent}: the service answers POST {base}/v2 only.`);
}

export function diagnoseTooLarge(bytes: number): Diagnosis {
  return finding('body-too-large', `The body is over 1 MiB${bytes > 0 ? ` (${bytes} bytes read)` : ''}.`);
}

export function diagnoseRateLimit(limit: number): Diagnosis {
  return finding(
    'rate-limited',
    `More than ${limit} requests a second with this API key; wait for the second to pass and send fewer.`,
  );
}

/** Why a parsed body is not a JSON-RPC request the service takes (the sandbox's -32700 and -32600). */
export function diagnoseEnvelope(parsed: boolean, body: unknown, raw: Buffer): Diagnosis {
  if (!parsed) {
    if (raw.length === 0) return finding('body-not-json', 'The body is empty; send the JSON-RPC object.');
    if (/^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(raw.toString('utf8').trim()))
      return finding('body-not-json', 'The body is form data; send the JSON-RPC object itself as application/json.');
    return finding('body-not-json', 'The body is not JSON; send one JSON-RPC object, serialized once.');
  }
  if (Array.isArray(body))
    return finding('envelope-invalid', 'The body is an array (a batch); send one request object per call.');
  if (!isRecord(body))
    return finding('envelope-invalid', 'The body is JSON but not an object; send one request object.');
  if (body.jsonrpc !== '2.0')
    return finding('envelope-invalid', `"jsonrpc" is ${describe(body.jsonrpc)}; it must be the string "2.0".`);
  const id = body.id;
  if (typeof id !== 'string' && typeof id !== 'number')
    return finding('id-not-string', `"id" is ${describe(id)}; send a string id, which the answer echoes.`);
  if (typeof body.method !== 'string' || body.method === '')
    return finding('envelope-invalid', `"method" is ${describe(body.method)}; it must name the method, as a string.`);
  return finding('envelope-invalid', '"params" is null; leave it out or send the parameters.');
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${quoted(value)}`;
  return `${Array.isArray(value) ? 'an array' : `a ${typeof value}`}`;
}

/** Why `method` is not served: a near spelling, or disabled on purpose. */
export function diagnoseMethod(method: string, disabled: boolean): Diagnosis {
  if (disabled)
    return finding(
      'method-unknown',
      `${quoted(method)} is disabled in this sandbox on purpose (--disable-method), as the service answers a retired method.`,
    );
  const near = METHODS.find((known) => known.toLowerCase() === method.trim().toLowerCase());
  return finding(
    'method-unknown',
    near !== undefined
      ? `${quoted(method)} is not a method; method names are case-sensitive: ${near}.`
      : `${quoted(method)} is not a method the service documents.`,
  );
}

/** A -32602 answer to a body without `params`: the method needs them. */
export function diagnoseMissingParams(method: string, message: string): Diagnosis {
  return finding(
    'params-missing',
    `The body has no "params", and ${method} needs them (the answer: ${quoted(message)}); send its parameters in "params".`,
  );
}
