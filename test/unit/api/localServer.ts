/**
 * A real HTTP server on this machine for the transport tests whose answers the sandbox does not
 * give (endless, stalled, redirecting, resetting): it records every connection and request (with
 * its headers and body, so a test can look for the signature elsewhere) and counts the bytes its
 * handler managed to write.
 */
import * as http from 'http';
import * as zlib from 'zlib';
import type { AddressInfo, Socket } from 'net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** What a handler may do with one request; `write` counts the bytes it wrote. */
export interface Exchange {
  readonly request: ReceivedRequest;
  readonly res: http.ServerResponse;
  /** Writes and counts; false when the socket wants a `drain` first. */
  readonly write: (chunk: Buffer | string) => boolean;
}

export type Handler = (exchange: Exchange) => void;

export interface LocalServer {
  /** `http://127.0.0.1:PORT` (or the host it was started on). */
  readonly url: string;
  readonly port: number;
  /** TCP connections accepted so far. */
  readonly connections: number;
  readonly requests: readonly ReceivedRequest[];
  /** Bytes handlers wrote into responses so far (accepted by the socket, not necessarily read). */
  readonly bytesWritten: number;
  /** Resolves once `count` responses in all have closed (ended, or their connection closed). */
  responsesClosed(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalServer(handler: Handler, host = '127.0.0.1'): Promise<LocalServer> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let bytesWritten = 0;
  let closed = 0;
  let closedWaiters: { readonly count: number; readonly done: () => void }[] = [];
  const server = http.createServer((req, res) => {
    res.on('close', () => {
      closed++;
      const ready = closedWaiters.filter((w) => w.count <= closed);
      closedWaiters = closedWaiters.filter((w) => w.count > closed);
      for (const w of ready) w.done();
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      handler({
        request,
        res,
        write: (chunk) => {
          bytesWritten += Buffer.byteLength(chunk);
          return res.write(chunk);
        },
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    get connections() {
      return connections;
    },
    get requests() {
      return requests;
    },
    get bytesWritten() {
      return bytesWritten;
    },
    responsesClosed: (count) =>
      new Promise<void>((resolve) => {
        if (closed >= count) resolve();
        else closedWaiters.push({ count, done: resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A handler that answers 200 JSON headers, then writes as fast as the socket takes, forever (until the client closes). */
export function endless(extraHeaders: http.OutgoingHttpHeaders = {}): Handler {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return ({ res, write }) => {
    res.writeHead(200, { 'content-type': 'application/json', ...extraHeaders });
    const pump = (): void => {
      while (!res.destroyed) {
        if (!write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}

/** A handler that sends the status line, the headers and the start of a body, then nothing more. */
export function stalled(): Handler {
  return ({ res, write }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    write('{"jsonrpc":"2.0",');
  };
}

/** A handler that never answers at all. */
export function silent(): Handler {
  return () => undefined;
}

/** How {@link relayTo} changes what passes: the request's body on its way, the answer's encoding on its way back. */
export interface RelayChanges {
  readonly body?: (body: Buffer) => Buffer;
  readonly encoding?: 'gzip' | 'deflate' | 'br';
}

/**
 * A handler that sends each request on to `target` (a real server, the sandbox) with its headers,
 * its body changed as asked, and sends the answer back, compressed as asked: a man in the middle,
 * or a service that compresses its answers.
 */
export function relayTo(target: string, changes: RelayChanges = {}): Handler {
  return ({ request, res }) => {
    const body = changes.body ? changes.body(request.body) : request.body;
    const headers = { ...request.headers, 'content-length': String(body.length) };
    delete headers.host;
    const onward = http.request(`${target}${request.path}`, { method: request.method, headers }, (answer) => {
      const encoder =
        changes.encoding === 'gzip'
          ? zlib.createGzip()
          : changes.encoding === 'deflate'
            ? zlib.createDeflate()
            : changes.encoding === 'br'
              ? zlib.createBrotliCompress()
              : undefined;
      const answerHeaders: http.OutgoingHttpHeaders = { ...answer.headers };
      if (encoder) {
        delete answerHeaders['content-length'];
        answerHeaders['content-encoding'] = changes.encoding;
      }
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      if (encoder) answer.pipe(encoder).pipe(res);
      else answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    onward.end(body);
  };
}
