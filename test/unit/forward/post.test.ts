/**
 * One POST of an event to a real local receiver (post.ts): what goes on the wire (method, length,
 * a connection of its own), what comes back (the status, the answer's first 200 characters), an
 * answer past its bound cut off without waiting for its end, https asked over TLS, and every way
 * no status comes (refused, timed out, stopped by the caller). It never rejects.
 */
import { strict as assert } from 'assert';
import * as http from 'http';
import * as net from 'net';
import type { AddressInfo } from 'net';
import { post } from '../../../src/forward/post';

interface Seen {
  method: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function serve(
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<{ url: URL; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      seen.push({ method: request.method, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const BODY = Buffer.from('{"id":"evt_1","to":"finished"}');
const never = new AbortController().signal;

describe('posting one event', () => {
  it('POSTs the bytes with their length and the headers given, on a connection of its own', async () => {
    const server = await serve((_q, r) => r.writeHead(202).end('accepted'));
    try {
      const result = await post(
        server.url,
        BODY,
        { 'content-type': 'application/json', 'x-one': 'a' },
        5000,
        1024,
        never,
      );
      assert.deepEqual(result, { status: 202, answer: 'accepted' });
      assert.equal(server.seen.length, 1);
      const [seen] = server.seen;
      assert.equal(seen.method, 'POST');
      assert.equal(seen.body, BODY.toString('utf8'));
      assert.equal(seen.headers['content-length'], String(BODY.length));
      assert.equal(seen.headers['transfer-encoding'], undefined);
      assert.equal(seen.headers['x-one'], 'a');
      assert.equal(seen.headers.connection, 'close', 'no kept-alive connection shared with anything else');
    } finally {
      await server.close();
    }
  });

  it('keeps the first 200 characters of an answer, across chunks', async () => {
    const server = await serve((_q, r) => {
      r.writeHead(500);
      r.write('a'.repeat(150));
      setTimeout(() => r.end('b'.repeat(150)), 20);
    });
    try {
      const result = await post(server.url, BODY, {}, 5000, 64 * 1024, never);
      assert.equal(result.status, 500);
      assert.equal(result.answer, `${'a'.repeat(150)}${'b'.repeat(50)}`);
      const empty = await serve((_q, r) => r.writeHead(204).end());
      try {
        assert.deepEqual(await post(empty.url, BODY, {}, 5000, 1024, never), { status: 204, answer: '' });
      } finally {
        await empty.close();
      }
    } finally {
      await server.close();
    }
  });

  it('stops reading past the bound and counts the status without waiting for the end; at the bound it waits', async () => {
    // The receiver writes its answer and then holds the connection open.
    const holding = (bytes: number) =>
      serve((_q, r) => {
        r.writeHead(200);
        r.write('x'.repeat(bytes));
      });
    const past = await holding(101);
    try {
      assert.deepEqual(await post(past.url, BODY, {}, 60_000, 100, never), { status: 200, answer: 'x'.repeat(101) });
    } finally {
      await past.close();
    }
    const at = await holding(100);
    try {
      assert.deepEqual(
        await post(at.url, BODY, {}, 300, 100, never),
        { status: undefined, error: 'timeout' },
        'an answer within its bound is read to its end',
      );
    } finally {
      await at.close();
    }
  });

  it('says why no status came: refused, timed out, stopped', async () => {
    const closed = await serve(() => undefined);
    await closed.close();
    assert.deepEqual(await post(closed.url, BODY, {}, 5000, 1024, never), { status: undefined, error: 'ECONNREFUSED' });

    const silent = await serve(() => undefined);
    try {
      assert.deepEqual(await post(silent.url, BODY, {}, 200, 1024, never), { status: undefined, error: 'timeout' });
      const stop = new AbortController();
      const pending = post(silent.url, BODY, {}, 60_000, 1024, stop.signal);
      await new Promise((resolve) => setTimeout(resolve, 50));
      stop.abort();
      assert.deepEqual(await pending, { status: undefined, error: 'stopped' });
    } finally {
      await silent.close();
    }
  });

  it('asks an https URL over TLS (a plain server there is an error, never a rejection)', async () => {
    const sockets: net.Socket[] = [];
    let received = '';
    const server = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (d: Buffer) => {
        received += d.toString('latin1');
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
      const result = await post(url, BODY, {}, 5000, 1024, never);
      assert.equal(result.status, undefined);
      assert.equal(typeof result.error, 'string');
      assert.ok(!received.startsWith('POST'), 'a TLS hello was sent, not the plain request');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
