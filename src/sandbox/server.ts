/**
 * The sandbox's HTTP face: `POST /v2` on 127.0.0.1. Order of checks for each request:
 *   1. path and HTTP method (else 404 text/plain `Not Found`); body at most 1 MiB (else 413);
 *   2. `X-Api-Key` registered and `X-Api-Signature` a valid RSA-SHA256 signature of the raw body
 *      bytes as received (else 401 text/plain `Unauthorized`); the body is parsed only after this;
 *   3. the key's rate limit (else -32600 `Error: You reached requests limit N rps`);
 *   4. JSON (else -32700 `Parse error`, id null), envelope (else -32600 `Invalid Request`),
 *      method (else -32601 `Method not found`);
 *   5. injected faults and latency; 6. the operation (its errors are -32602; anything unexpected
 *      is -32603 `Internal Error`).
 * JSON-RPC errors are sent with HTTP 200 and echo the request's id.
 */
import * as http from 'http';
import type { Socket } from 'net';
import type { Clock } from './clock';
import type { FaultInjector, FaultKind } from './faults';
import { faultAnswer } from './faults';
import { isHostile, makeHostile, makeHostileLimits, pairHostileKey } from './hostile';
import type { KeyRing } from './keyring';
import type { Ledger } from './ledger';
import { isMethod, runOperation } from './operations';
import type { HttpAnswer, RpcId } from './protocol';
import {
  errorBody,
  idOf,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  jsonAnswer,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  rateLimitMessage,
  readEnvelope,
  resultBody,
  RpcFailure,
  textAnswer,
} from './protocol';
import type { SlidingWindowLimiter } from './rateLimit';
import type { RequestLog, RequestLogEntry, RequestOutcome } from './requestLog';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ServerParts {
  readonly ledger: Ledger;
  readonly clock: Clock;
  readonly keys: KeyRing;
  /** null: no rate limit. */
  readonly limiter: SlidingWindowLimiter | null;
  readonly faults: FaultInjector;
  readonly log: RequestLog;
}

type Draft = Omit<RequestLogEntry, 'seq' | 'outcome' | 'httpStatus' | 'delayMs'>;

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class SandboxServer {
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopping: Promise<void> | undefined;

  constructor(private readonly parts: ServerParts) {
    this.server = http.createServer((req, res) => this.receive(req, res));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on 127.0.0.1 and resolves with the port. */
  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Stops listening, drops every connection (hanging ones too) and pending answer. Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
      this.server.closeAllConnections();
    });
    return this.stopping;
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const draft: Draft = {
        at: performance.now(),
        ledgerTime: this.parts.clock.now(),
        httpMethod: req.method ?? '',
        path,
        apiKey: header(req, 'x-api-key'),
        id: null,
        method: undefined,
        params: undefined,
      };
      try {
        if (req.method !== 'POST' || (path !== '/v2' && path !== '/v2/')) this.finish(res, draft, 'not-found', textAnswer(404, 'Not Found'));
        else if (tooLarge) this.finish(res, draft, 'too-large', textAnswer(413, 'Payload Too Large'));
        else this.handle(res, draft, Buffer.concat(chunks), header(req, 'x-api-signature'));
      } catch {
        this.finish(res, draft, 'error', jsonAnswer(errorBody(null, INTERNAL_ERROR, 'Internal Error')), { errorCode: INTERNAL_ERROR, errorMessage: 'Internal Error' });
      }
    });
  }

  private handle(res: http.ServerResponse, draft: Draft, raw: Buffer, signature: string | undefined): void {
    const { keys, limiter, faults } = this.parts;
    if (!keys.verify(draft.apiKey, signature, raw)) {
      this.finish(res, draft, 'unauthorized', textAnswer(401, 'Unauthorized'));
      return;
    }
    const apiKey = draft.apiKey ?? '';
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      parsed = false;
    }
    const id = idOf(body);
    const envelope = readEnvelope(body);
    const seen: Draft = { ...draft, id, method: envelope?.method, params: envelope?.params };
    if (limiter && !limiter.tryAccept(apiKey, draft.at)) {
      this.error(res, seen, 'rate-limited', id, INVALID_REQUEST, rateLimitMessage(limiter.limit));
      return;
    }
    if (!parsed) return this.error(res, seen, 'error', null, PARSE_ERROR, 'Parse error');
    if (!envelope) return this.error(res, seen, 'error', id, INVALID_REQUEST, 'Invalid Request');
    if (!isMethod(envelope.method)) return this.error(res, seen, 'error', id, METHOD_NOT_FOUND, 'Method not found');

    const decision = faults.draw();
    const share = faults.hostileShare;
    const seed = faults.seed;
    let proper: string;
    let failure: RpcFailure | undefined;
    try {
      const result = runOperation(this.parts.ledger, envelope.method, envelope.params, draft.ledgerTime, {
        record: (r) => (isHostile(r.id, share, seed) ? makeHostile(r) : r),
        limits: (l) => (isHostile(pairHostileKey(l), share, seed) ? makeHostileLimits(l) : l),
      });
      proper = resultBody(id, result);
    } catch (error) {
      failure = error instanceof RpcFailure ? error : new RpcFailure(INTERNAL_ERROR, 'Internal Error');
      proper = errorBody(id, failure.code, failure.message);
    }
    const details = failure ? { errorCode: failure.code, errorMessage: failure.message } : {};
    if (decision.fault === null) {
      this.finish(res, seen, failure ? 'error' : 'ok', jsonAnswer(proper), details, decision.delayMs);
      return;
    }
    const fault: FaultKind = decision.fault;
    const delay = decision.delayMs + (fault === 'slow' ? faults.slowMs : 0);
    this.finish(res, seen, 'fault', faultAnswer(fault, proper, id), { ...details, fault }, delay);
  }

  private error(res: http.ServerResponse, draft: Draft, outcome: RequestOutcome, id: RpcId, code: number, message: string): void {
    this.finish(res, draft, outcome, jsonAnswer(errorBody(id, code, message)), { errorCode: code, errorMessage: message });
  }

  /** Logs the request and sends `answer` after `delayMs`; a null answer is never sent (hang). */
  private finish(
    res: http.ServerResponse,
    draft: Draft,
    outcome: RequestOutcome,
    answer: HttpAnswer | null,
    details: Pick<RequestLogEntry, 'errorCode' | 'errorMessage' | 'fault'> = {},
    delayMs = 0,
  ): void {
    this.parts.log.add({ ...draft, outcome, httpStatus: answer?.status, ...details, delayMs });
    if (answer === null || this.stopping) return;
    const send = (): void => {
      if (res.destroyed || res.writableEnded) return;
      res.writeHead(answer.status, {
        'content-type': answer.contentType,
        'content-length': Buffer.byteLength(answer.body),
        ...answer.headers,
      });
      res.end(answer.body);
    };
    if (delayMs <= 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      send();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
