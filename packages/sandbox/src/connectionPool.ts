/**
 * The sandbox server's open connections (server.ts), at most `maxConnections` at once (bounds.ts).
 * A connection that arrives at the bound does not simply lose: the sandbox closes the oldest *idle*
 * connection to make room (idle: no request in progress on it, i.e. it has not yet sent a whole
 * request, or it is waiting between keep-alive requests), first among those that never had a
 * request with a valid signature, then among those that did. A connection with a request in
 * progress (its body in, until its answer is out, held-back answers and hangs included) is never
 * closed for a newcomer; only when every connection has one is the newcomer closed as it arrives.
 * So a local program that opens sockets and sends nothing cannot lock signed clients out: it only
 * churns its own sockets. A connection still receiving a request's body is not busy: it may be
 * closed for a newcomer like an idle one, and `requestTimeoutMs` cuts it (HTTP 408) however slowly
 * it keeps sending, so 64 slow senders cannot lock signed clients out either
 * (packages/sandbox/test/slowSenders.test.ts).
 */
import type { Socket } from 'net';
import type { ConnectionBounds } from './bounds';

/** What the server knows of one open connection (kept in the order the connections arrived). */
export interface Connection {
  /** Requests whose head is in and whose answer is not yet out (several when pipelined). */
  inProgress: number;
  /** Whether a request on it had a valid signature. */
  signed: boolean;
}

export class ConnectionPool {
  /** Every open connection, oldest first. */
  private readonly connections = new Map<Socket, Connection>();

  constructor(private readonly bounds: ConnectionBounds) {}

  /**
   * Takes a new connection; at the bound, first closes the oldest idle one (one that never had a
   * signed request before one that did), or closes the newcomer when every connection is busy.
   */
  admit(socket: Socket): void {
    if (this.connections.size >= this.bounds.maxConnections) {
      const victim = this.idlest();
      if (!victim) {
        socket.destroy();
        return;
      }
      this.connections.delete(victim);
      victim.destroy();
    }
    this.connections.set(socket, { inProgress: 0, signed: false });
    socket.on('close', () => this.connections.delete(socket));
  }

  /** What is known of the connection of `socket` (undefined once it is closed). */
  get(socket: Socket): Connection | undefined {
    return this.connections.get(socket);
  }

  /** Every open connection's socket, oldest first. */
  sockets(): IterableIterator<Socket> {
    return this.connections.keys();
  }

  /** The oldest connection with no request in progress, preferring one that never had a signed request. */
  private idlest(): Socket | undefined {
    let signedIdle: Socket | undefined;
    for (const [socket, connection] of this.connections) {
      if (connection.inProgress > 0) continue;
      if (!connection.signed) return socket;
      signedIdle ??= socket;
    }
    return signedIdle;
  }
}
