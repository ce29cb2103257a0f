/**
 * A real local receiver of status-change events for the tests: a node http server on 127.0.0.1
 * that verifies each signature over the raw body, records what arrived, and answers with the
 * statuses a test queues (500, 500, then 200…). It can be closed and opened again on the same port
 * (a backend that is down, then back). It reads the Standard Webhooks envelope and the legacy body
 * alike: `event` is the event itself, `body` what arrived.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { StatusEvent } from '../../../src/shared/statusEvents';
import { EVENT_TYPES, verifyStatusEvent } from '../../../src/shared/statusEvents';

/** The event a body carries: the envelope's `data` (a gap marked `type: 'gap'` as in the legacy body), or the legacy body itself. */
export function eventOf(body: unknown): StatusEvent<Record<string, unknown>> {
  const parsed = body as { type?: unknown; data?: Record<string, unknown> };
  if (parsed.type === EVENT_TYPES.gap)
    return { ...parsed.data, type: 'gap' } as unknown as StatusEvent<Record<string, unknown>>;
  if (parsed.type === EVENT_TYPES.status) return parsed.data as unknown as StatusEvent<Record<string, unknown>>;
  return body as StatusEvent<Record<string, unknown>>;
}

export interface Arrival {
  readonly event: StatusEvent<Record<string, unknown>>;
  /** The body as it arrived, parsed. */
  readonly body: unknown;
  /** The body's text and the headers, as a verifying library takes them. */
  readonly raw: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly verified: boolean;
  readonly answered: number;
  readonly contentType: string | undefined;
}

export class Receiver {
  readonly arrivals: Arrival[] = [];
  /** Statuses to answer with, first to last; 200 once they run out. */
  readonly answers: number[] = [];
  private server: http.Server | undefined;
  port = 0;

  /** The secret signatures are checked with (a test may set it once it learns it). */
  constructor(public secret: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Events that were answered 2xx with a valid signature, in arrival order. */
  get accepted(): StatusEvent<Record<string, unknown>>[] {
    return this.arrivals.filter((a) => a.verified && a.answered >= 200 && a.answered < 300).map((a) => a.event);
  }

  async open(port = this.port): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const verified = verifyStatusEvent({
          secret: this.secret,
          header: request.headers['x-exchange-tx-signature'],
          body,
        }).ok;
        const answered = verified ? (this.answers.shift() ?? 200) : 401;
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        this.arrivals.push({
          event: eventOf(parsed),
          body: parsed,
          raw: body.toString('utf8'),
          headers: request.headers,
          verified,
          answered,
          contentType: request.headers['content-type'],
        });
        response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
