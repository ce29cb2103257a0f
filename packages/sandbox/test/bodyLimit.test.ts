import { strict as assert } from 'assert';
import * as http from 'http';
import { signBody } from '../../../src/api/keys';
import type { Sandbox } from '../src';
import { MAX_BODY_BYTES } from '../src/server';
import { openSocket, postSigned, requestHead, testKeys, testSandbox } from './helpers';

const MiB = 1024 * 1024;
/** The most a socket read hands over at once: how far past the limit a body may have been read. */
const READ_CHUNK = 64 * 1024;

interface UploadEnd {
  /** The HTTP status of the answer, when one arrived before the connection ended. */
  readonly status: number | undefined;
  readonly error: string | undefined;
  /** Body bytes handed to the connection before it ended. */
  readonly written: number;
}

/** Sends a chunked body that never ends, as fast as the connection takes it, until an answer or the connection ends it. */
function endlessUpload(
  baseUrl: string,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<UploadEnd> {
  const req = http.request(new URL(path, baseUrl), {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const chunk = Buffer.alloc(READ_CHUNK, 0x20);
  let written = 0;
  let done = false;
  const pump = (): void => {
    while (!done) {
      written += chunk.length;
      if (!req.write(chunk)) {
        req.once('drain', pump);
        return;
      }
    }
  };
  return new Promise((resolve) => {
    const end = (status: number | undefined, error: string | undefined): void => {
      if (done) return;
      done = true;
      resolve({ status, error, written });
      req.destroy();
    };
    req.on('response', (res) => {
      res.resume();
      end(res.statusCode, undefined);
    });
    req.on('error', (error: NodeJS.ErrnoException) => end(undefined, error.code ?? error.message));
    req.on('close', () => end(undefined, 'closed'));
    pump();
  });
}

describe('sandbox body limit', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
  });
  after(() => sandbox.stop());
  beforeEach(() => sandbox.clearRequests());

  it('is 1 MiB', () => {
    assert.equal(MAX_BODY_BYTES, 1_048_576);
  });

  it('reads a body of exactly the limit, and refuses one byte more with 413', async () => {
    const envelope = JSON.stringify({
      jsonrpc: '2.0',
      id: 'edge',
      method: 'getStatus',
      params: { id: 'nosuchid12345' },
    });
    const atLimit = envelope + ' '.repeat(MiB - envelope.length);
    const answer = await postSigned(sandbox, testKeys().a, atLimit);
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.text), {
      jsonrpc: '2.0',
      id: 'edge',
      error: { code: -32602, message: 'Parameter id is invalid' },
    });
    const over = await postSigned(sandbox, testKeys().a, `${atLimit} `);
    assert.equal(over.status, 413);
    assert.deepEqual(
      sandbox.requests.map((e) => [e.outcome, e.httpStatus, e.bodyBytes]),
      [
        ['error', 200, 1_048_576],
        ['too-large', 413, 0],
      ],
      'the second was refused by its Content-Length, before any of its body was read',
    );
  });

  it('refuses a Content-Length over the limit at once, without waiting for the body, and closes the connection', async () => {
    const raw = await openSocket(sandbox.url);
    raw.socket.write(
      requestHead(sandbox.url, ['Content-Type: application/json', `Content-Length: ${MAX_BODY_BYTES + 1}`]),
    );
    const { text } = await raw.closed;
    const [head, body] = text.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    assert.match(head, /\r\ncontent-type: text\/plain; charset=utf-8\r\n/i);
    assert.match(head, /\r\nconnection: close\r\n/i);
    assert.equal(body, 'Payload Too Large');
    const entry = sandbox.requests.at(-1);
    assert.deepEqual(
      [entry?.outcome, entry?.httpStatus, entry?.bodyBytes, entry?.params],
      ['too-large', 413, 0, undefined],
    );
  });

  it('answers Expect: 100-continue with 413 for a body over the limit, and with 100 Continue for one within it', async () => {
    const refused = await openSocket(sandbox.url);
    refused.socket.write(requestHead(sandbox.url, [`Content-Length: ${MAX_BODY_BYTES + 1}`, 'Expect: 100-continue']));
    assert.match((await refused.closed).text, /^HTTP\/1\.1 413 Payload Too Large\r\n/);

    const { a } = testKeys();
    const body = Buffer.from(
      JSON.stringify({ jsonrpc: '2.0', id: 'c1', method: 'getTransactions', params: { limit: 1 } }),
    );
    const accepted = await openSocket(sandbox.url);
    const head = requestHead(sandbox.url, [
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      'Expect: 100-continue',
      'Connection: close',
      `X-Api-Key: ${a.apiKey}`,
      `X-Api-Signature: ${signBody(a.privateKey, body)}`,
    ]);
    accepted.socket.write(head);
    await new Promise<void>((resolve) => accepted.socket.once('data', () => resolve()));
    assert.equal(accepted.received(), 'HTTP/1.1 100 Continue\r\n\r\n');
    accepted.socket.write(body);
    const { text } = await accepted.closed;
    assert.match(text, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    assert.equal((JSON.parse(text.split('\r\n\r\n')[2] ?? '') as { id: string }).id, 'c1');
  });

  for (const [label, path] of [
    ['/v2', '/v2'],
    ['another path', '/elsewhere'],
  ] as const) {
    it(`cuts an endless upload to ${label} as soon as it passes the limit`, async () => {
      const { a } = testKeys();
      const end = await endlessUpload(sandbox.url, path, { 'X-Api-Key': a.apiKey, 'X-Api-Signature': 'irrelevant' });
      assert.ok(end.status === 413 || end.error !== undefined, JSON.stringify(end));
      // What the client got rid of also sits in the two sides' socket buffers; it is bounded, not endless.
      assert.ok(end.written < 64 * MiB, `${end.written} bytes written`);
      const entry = sandbox.requests.at(-1);
      assert.deepEqual(
        [entry?.outcome, entry?.httpStatus, entry?.path, entry?.params],
        ['too-large', 413, path, undefined],
      );
      const read = entry?.bodyBytes ?? 0;
      assert.ok(read > MAX_BODY_BYTES && read <= MAX_BODY_BYTES + READ_CHUNK, `read ${read} bytes`);
    });
  }

  it('keeps answering other requests after cutting an upload', async () => {
    await endlessUpload(sandbox.url, '/v2');
    const answer = await postSigned(
      sandbox,
      testKeys().a,
      JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'getTransactions', params: { limit: 1 } }),
    );
    assert.equal(answer.status, 200);
  });
});
