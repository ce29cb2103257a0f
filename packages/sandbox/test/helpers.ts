/**
 * Shared by the sandbox tests: one key pair per run, and raw HTTP calls signed with src/api/keys
 * (not the API client, so the sandbox is tested on its own).
 */
import * as http from 'http';
import * as net from 'net';
import type { Credentials } from '../../../src/api/keys';
import { loadCredentials, signBody } from '../../../src/api/keys';
import { noteSignature, registeredKeys } from '../../../test/secrets/registry';
import type { Sandbox, SandboxOptions } from '../src';
import { DEFAULT_SEED, ManualClock, startSandbox } from '../src';

let cached: { a: Credentials; b: Credentials; aHex: string } | undefined;

/** Two key pairs, made once per test run (RSA key generation is slow). */
export function testKeys(): { a: Credentials; b: Credentials; aHex: string } {
  if (!cached) {
    const a = registeredKeys();
    cached = {
      a: loadCredentials(a.privateKeyHex),
      b: loadCredentials(registeredKeys().privateKeyHex),
      aHex: a.privateKeyHex,
    };
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
export function postSigned(
  sandbox: Pick<Sandbox, 'url'>,
  credentials: Credentials,
  body: Buffer | string,
  options: PostOptions = {},
): Promise<RawAnswer> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return post(sandbox.url, bytes, {
    ...options,
    headers: {
      'X-Api-Key': credentials.apiKey,
      'X-Api-Signature': signBody(credentials.privateKey, bytes),
      ...options.headers,
    },
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
export async function rpc(
  sandbox: Sandbox,
  method: string,
  params: unknown,
  credentials = testKeys().a,
  id: string | number = `t${++counter}`,
): Promise<RpcAnswer> {
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
export async function rpcError(
  sandbox: Sandbox,
  method: string,
  params: unknown,
): Promise<{ code: number; message: string }> {
  const answer = await rpc(sandbox, method, params);
  if (!answer.error) throw new Error(`expected an error, got ${JSON.stringify(answer.result).slice(0, 200)}`);
  return answer.error;
}

/**
 * A sandbox on a manual clock with test key A registered and no rate limit unless asked, seeded
 * (seed 1) unless asked otherwise, so what a test creates is the same every run; `seed: undefined`
 * gives random ids, as a sandbox started without a seed has.
 */
export async function testSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    onSignature: noteSignature,
    clock: new ManualClock(),
    rateLimit: false,
    keys: [testKeys().a],
    seed: DEFAULT_SEED,
    ...options,
  });
}

export interface RawSocket {
  readonly socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Settles when the socket closes, with everything received and the error code if it closed with one. */
  readonly closed: Promise<{ readonly text: string; readonly error: string | undefined }>;
}

/** A plain TCP connection to the sandbox, for requests no HTTP client would send; resolves once connected. */
export function openSocket(baseUrl: string): Promise<RawSocket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
  const received = (): string => Buffer.concat(chunks).toString('latin1');
  const closed = new Promise<{ text: string; error: string | undefined }>((resolve) =>
    socket.on('close', () => resolve({ text: received(), error })),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received, closed }));
    socket.once('error', reject);
  });
}

/** The head of a raw HTTP/1.1 request to the sandbox (`headers` as `Name: value` lines). */
export function requestHead(baseUrl: string, headers: readonly string[], path = '/v2'): string {
  return [`POST ${path} HTTP/1.1`, `Host: ${new URL(baseUrl).host}`, ...headers, '', ''].join('\r\n');
}
