/**
 * How much of its host one client can hold through the sandbox's HTTP server: how many
 * connections at once, and how long a connection may take to send a request or sit idle. The
 * sandbox runs inside the extension host, so a local program must not be able to pile up sockets
 * or keep them open for ever, nor lock signed clients out by holding idle ones: at the bound, idle
 * connections make way for new ones. Bodies have their own bound (`MAX_BODY_BYTES`, server.ts).
 *
 * None of these cuts an answer the sandbox holds back on purpose (latency, the `slow` and `hang`
 * faults): the request timeouts end once the request has been received, and the idle timeout is
 * suspended while the answer is ours to give.
 */

export interface ConnectionBounds {
  /**
   * Connections open at once (default 64). A connection arriving at the bound closes the oldest
   * idle one (no request in progress; one that never had a signed request first); it is itself
   * closed only when every open connection has a request in progress (connectionPool.ts).
   */
  readonly maxConnections: number;
  /** Time to receive a request's headers, counted from the connection or the previous answer (default 5000 ms). */
  readonly headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body (default 5000 ms; at least `headersTimeoutMs`). */
  readonly requestTimeoutMs: number;
  /** How long a kept-alive connection waits for its next request after an answer (default 5000 ms). */
  readonly keepAliveTimeoutMs: number;
  /** A connection with no traffic for this long is closed, except while its answer is held back on purpose (default 5000 ms). */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_CONNECTION_BOUNDS: ConnectionBounds = {
  maxConnections: 64,
  headersTimeoutMs: 5000,
  requestTimeoutMs: 5000,
  keepAliveTimeoutMs: 5000,
  idleTimeoutMs: 5000,
};

function positive(name: keyof ConnectionBounds, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/** The defaults with `options` over them; throws a RangeError for a bound that is not a positive integer. */
export function resolveBounds(options: Partial<ConnectionBounds> = {}): ConnectionBounds {
  const merged = { ...DEFAULT_CONNECTION_BOUNDS, ...options };
  const bounds: ConnectionBounds = {
    maxConnections: positive('maxConnections', merged.maxConnections),
    headersTimeoutMs: positive('headersTimeoutMs', merged.headersTimeoutMs),
    // node refuses a headers timeout longer than the request timeout: a longer one given alone raises both.
    requestTimeoutMs: positive(
      'requestTimeoutMs',
      options.requestTimeoutMs ?? Math.max(merged.headersTimeoutMs, merged.requestTimeoutMs),
    ),
    keepAliveTimeoutMs: positive('keepAliveTimeoutMs', merged.keepAliveTimeoutMs),
    idleTimeoutMs: positive('idleTimeoutMs', merged.idleTimeoutMs),
  };
  if (bounds.headersTimeoutMs > bounds.requestTimeoutMs)
    throw new RangeError('headersTimeoutMs must not exceed requestTimeoutMs');
  return bounds;
}

/**
 * How often node looks for requests past their headers or request timeout (its default is 30 s,
 * which would let a 5 s timeout run for 35 s): a quarter of the shorter timeout, 10 ms to 1 s.
 */
export function checkingIntervalMs(bounds: ConnectionBounds): number {
  return Math.min(1000, Math.max(10, Math.floor(Math.min(bounds.headersTimeoutMs, bounds.requestTimeoutMs) / 4)));
}
