/**
 * Shared by the sandbox tests: one key pair per run, and raw HTTP calls signed with src/api/keys
 * (not the API client, so the sandbox is tested on its own).
 */
import * as http from 'http';
import type { Credentials } from '../../../src/api/keys';
import { generateKeys, loadCredentials, signBody } from '../../../src/api/keys';
import type { Sandbox, SandboxOptions } from '../../../src/sandbox';
import { ManualClock, startSandbox } from '../../../src/sandbox';

let cached: { a: Credentials; b: Credentials; aHex: string } | undefined;

/** Two key pairs, made once per test run (RSA key generation is slow). */
export function testKeys(): { a: Credentials; b: Credentials; aHex: string } {
  if (!cached) {
    const a = generateKeys();
    cached = { a: loadCredentials(a.privateKeyHex), b: loadCredentials(generateKeys().privateKeyHex), aHex: a.privateKeyHex };
  }
  return cached;
}

export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

export interface PostOptions {
  readonly path?: string;
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Abort after this many ms (rejects with an AbortError). */
  readonly timeoutMs?: number;
}

/** One HTTP request with a fresh connection. */
export function post(baseUrl: string, body: Buffer | string, options: PostOptions = {}): Promise<RawAnswer> {
  const url = new URL(options.path ?? '/v2', baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...options.headers },
        signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs `body` (the exact bytes) with `credentials` and posts it. */
export function postSigned(sandbox: Sandbox, credentials: Credentials, body: Buffer | string, options: PostOptions = {}): Promise<RawAnswer> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return post(sandbox.url, bytes, {
    ...options,
    headers: { 'X-Api-Key': credentials.apiKey, 'X-Api-Signature': signBody(credentials.privateKey, bytes), ...options.headers },
  });
}

export interface RpcAnswer {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

let counter = 0;

/** A signed JSON-RPC call; returns the parsed answer (asserting HTTP 200 JSON). */
export async function rpc(sandbox: Sandbox, method: string, params: unknown, credentials = testKeys().a, id: string | number = `t${++counter}`): Promise<RpcAnswer> {
  const answer = await postSigned(sandbox, credentials, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  if (answer.status !== 200 || !answer.contentType.includes('application/json')) {
    throw new Error(`expected HTTP 200 JSON, got ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 200)}`);
  }
  const parsed = JSON.parse(answer.text) as RpcAnswer;
  if (parsed.id !== id && parsed.id !== null) throw new Error(`answer id ${JSON.stringify(parsed.id)} is not ${id}`);
  return parsed;
}

/** The result of a call that must succeed. */
export async function result<T>(sandbox: Sandbox, method: string, params: unknown): Promise<T> {
  const answer = await rpc(sandbox, method, params);
  if (answer.error) throw new Error(`unexpected error ${answer.error.code} ${answer.error.message}`);
  return answer.result as T;
}

/** The error of a call that must fail. */
export async function rpcError(sandbox: Sandbox, method: string, params: unknown): Promise<{ code: number; message: string }> {
  const answer = await rpc(sandbox, method, params);
  if (!answer.error) throw new Error(`expected an error, got ${JSON.stringify(answer.result).slice(0, 200)}`);
  return answer.error;
}

/** A sandbox on a manual clock with test key A registered and no rate limit unless asked. */
export async function testSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ clock: new ManualClock(), rateLimit: false, keys: [testKeys().a], ...options });
}
