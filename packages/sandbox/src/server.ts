/**
 * The sandbox's HTTP face: `POST /v2` on 127.0.0.1. Order of checks for each request:
 *   1. body at most 1 MiB (else 413 text/plain `Payload Too Large`, `Connection: close`): refused
 *      by its Content-Length before it is read, or the moment the bytes read pass the limit; the
 *      connection is then read no further and closed once the answer is out, so an endless upload
 *      is cut; then path and HTTP method (else 404 text/plain `Not Found`, once the body is in);
 *   2. `X-Api-Key` registered and `X-Api-Signature` a valid RSA-SHA256 signature of the raw body
 *      bytes as received, in standard base64 (else 401 text/plain `Unauthorized`); nothing of the
 *      body is read before; steps 3 to 6 are decided in rpcAnswer.ts;
 *   3. the key's rate limit (else -32600 `Error: You reached requests limit N rps`, echoing the
 *      request's id when the body is JSON with a string or number `id`, else id null; nothing else
 *      of a refused body is looked at: no envelope, method or params check). It comes after the
 *      signature so that requests merely naming a key cannot use up that key's budget;
 *   4. JSON (else -32700 `Parse error`, id null), envelope (else -32600 `Invalid Request`; `params`
 *      may be left out), method (else -32601 `Method not found`, also for a method disabled on
 *      purpose);
 *   5. injected faults and latency; 6. the operation (its errors are -32602; anything unexpected
 *      is -32603 `Internal Error`).
 * JSON-RPC errors are sent with HTTP 200 and echo the request's id wherever the body is JSON with
 * one (a parse error, and a body with no usable id, are answered with id null). Every request is
 * journaled (requestLog.ts); a refused one with its diagnosis (diagnosis.ts, signatureDiagnosis.ts).
 *
 * Connections (bounds.ts): each is closed after `idleTimeoutMs` without traffic (not while its
 * answer is held back on purpose), and at most `maxConnections` are open at once, a newcomer at
 * the bound taking the place of the oldest idle one (connectionPool.ts). What the server is given
 * is serverParts.ts.
 */
import * as http from 'http';
import type { Socket } from 'net';
import { checkingIntervalMs } from './bounds';
import { SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import { answerControl } from './controlEndpoint/httpAnswer';
import { ControlNonces } from './controlEndpoint/nonces';
import type { Connection } from './connectionPool';
import { ConnectionPool } from './connectionPool';
import type { HttpAnswer } from './protocol';
import { errorBody, INTERNAL_ERROR, jsonAnswer, textAnswer } from './protocol';
import type { RequestOutcome } from './requestLog';
import type { Details, Draft } from './rpcAnswer';
import { answerRpc } from './rpcAnswer';
import type { ServerParts } from './serverParts';
import type { Diagnosis } from './diagnosis';
import { diagnosePath, diagnoseTooLarge } from './diagnosis';
import { diagnoseUnauthorized } from './signatureDiagnosis';
import { MAX_JOURNAL_TEXT_BYTES } from '../../../src/shared/requestJournal';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The headers a refused signature is diagnosed from (signatureDiagnosis.ts). */
interface Signed {
  readonly signature: string | undefined;
  readonly headerNames: readonly string[];
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class SandboxServer {
  private readonly server: http.Server;
  /** Every open connection, oldest first. */
  private readonly connections: ConnectionPool;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The control requests' nonces seen (a replayed control body is refused). */
  private readonly controlNonces = new ControlNonces();
  private stopping: Promise<void> | undefined;

  constructor(private readonly parts: ServerParts) {
    const { bounds } = parts;
    this.connections = new ConnectionPool(bounds);
    this.server = http.createServer(
      {
        headersTimeout: bounds.headersTimeoutMs,
        requestTimeout: bounds.requestTimeoutMs,
        keepAliveTimeout: bounds.keepAliveTimeoutMs,
        connectionsCheckingInterval: checkingIntervalMs(bounds),
      },
      (req, res) => this.receive(req, res),
    );
    // Idle connections are destroyed (the idle timeout is lifted while an answer is held back on
    // purpose, see finish()); the bound on connections is kept by the pool's admit().
    this.server.timeout = bounds.idleTimeoutMs;
    // A client that asks before sending its body (`Expect: 100-continue`) is told to go on only
    // when the body it announces is within the limit.
    this.server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) =>
      this.receive(req, res, true),
    );
    this.server.on('connection', (socket: Socket) => this.connections.admit(socket));
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
      for (const socket of this.connections.sockets()) socket.destroy();
      this.server.closeAllConnections();
    });
    return this.stopping;
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse, expectsContinue = false): void {
    // From its whole body in until its answer is out (or the connection closes), the request keeps
    // its connection from being closed for a newcomer; while its body is still arriving it does not
    // (a slow sender is cut at `requestTimeoutMs` anyway, and must not hold a place meanwhile).
    const connection = this.connections.get(req.socket);
    const busy = (): void => {
      if (!connection) return;
      connection.inProgress++;
      res.once('close', () => connection.inProgress--);
    };
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const control = req.method === 'POST' && (path === SANDBOX_CONTROL_PATH || path === `${SANDBOX_CONTROL_PATH}/`);
    const found = control || (req.method === 'POST' && (path === '/v2' || path === '/v2/'));
    const chunks: Buffer[] = [];
    let size = 0;
    /** Bytes kept: the whole body of a request the sandbox reads, the journal's share of any other. */
    let kept = 0;
    const draft = (): Draft => ({
      at: performance.now(),
      ledgerTime: this.parts.state.clock.now(),
      httpMethod: req.method ?? '',
      path,
      apiKey: header(req, 'x-api-key'),
      client: header(req, 'user-agent'),
      id: null,
      method: undefined,
      params: undefined,
      bodyBytes: size,
      raw: Buffer.concat(chunks),
    });
    if (Number(header(req, 'content-length') ?? 0) > MAX_BODY_BYTES) {
      busy();
      this.refuseTooLarge(req, res, draft());
      return;
    }
    if (expectsContinue) res.writeContinue();
    const signed: Signed = { signature: header(req, 'x-api-signature'), headerNames: Object.keys(req.headers) };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      const room = found && size <= MAX_BODY_BYTES ? chunk.length : MAX_JOURNAL_TEXT_BYTES - kept;
      if (room > 0) {
        chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk);
        kept += Math.min(room, chunk.length);
      }
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        this.refuseTooLarge(req, res, draft());
      }
    };
    const onEnd = (): void => {
      busy();
      const seen = draft();
      try {
        if (!found)
          this.finish(res, seen, 'not-found', textAnswer(404, 'Not Found'), {
            diagnosis: diagnosePath(seen.httpMethod, path),
          });
        else if (control) this.handleControl(res, seen, seen.raw, signed, connection);
        else this.handle(res, seen, seen.raw, signed, connection);
      } catch {
        this.finish(res, seen, 'error', jsonAnswer(errorBody(null, INTERNAL_ERROR, 'Internal Error')), {
          errorCode: INTERNAL_ERROR,
          errorMessage: 'Internal Error',
        });
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => res.destroy());
  }

  /**
   * Answers 413 at once and reads no more: the request stops being read (its socket paused), the
   * answer says `Connection: close`, and the socket is destroyed once the answer is flushed, so an
   * endless upload is cut. A client still sending may see the connection reset instead of the 413.
   */
  private refuseTooLarge(req: http.IncomingMessage, res: http.ServerResponse, draft: Draft): void {
    const socket = req.socket;
    req.pause();
    res.once('finish', () => socket.destroy());
    this.finish(
      res,
      draft,
      'too-large',
      { ...textAnswer(413, 'Payload Too Large'), headers: { connection: 'close' } },
      { diagnosis: diagnoseTooLarge(draft.bodyBytes) },
    );
  }

  /**
   * `POST /sandbox/control`: the same signature check as `/v2` (401 `Unauthorized`), then the
   * nonce and time (a replayed or stale body is refused), then the control action (controlEndpoint/httpAnswer.ts). No rate limit (it is not the service's) and no faults (the
   * control must work while the service is "down").
   */
  private handleControl(
    res: http.ServerResponse,
    draft: Draft,
    raw: Buffer,
    signed: Signed,
    connection: Connection | undefined,
  ): void {
    if (!this.verified(res, draft, raw, signed, connection)) return;
    const outcome = answerControl(this.parts.state, raw, this.controlNonces);
    const seen: Draft = { ...draft, method: outcome.action };
    this.finish(
      res,
      seen,
      outcome.ok ? 'ok' : 'error',
      outcome.answer,
      outcome.ok ? {} : { errorMessage: outcome.message },
    );
  }

  private handle(
    res: http.ServerResponse,
    draft: Draft,
    raw: Buffer,
    signed: Signed,
    connection: Connection | undefined,
  ): void {
    if (!this.verified(res, draft, raw, signed, connection)) return;
    const decided = answerRpc(this.parts, draft, raw);
    this.finish(res, decided.seen, decided.outcome, decided.answer, decided.details, decided.delayMs);
  }

  /**
   * Whether the request's signature is good; if not, it is answered 401 with the diagnosis. A
   * signed connection is kept before others (connectionPool.ts), and onSignature is told.
   */
  private verified(
    res: http.ServerResponse,
    draft: Draft,
    raw: Buffer,
    signed: Signed,
    connection: Connection | undefined,
  ): boolean {
    const { keys } = this.parts;
    if (!keys.verify(draft.apiKey, signed.signature, raw)) {
      let diagnosis: Diagnosis | undefined;
      try {
        diagnosis = diagnoseUnauthorized({ apiKey: draft.apiKey, body: raw, ...signed }, keys);
      } catch {
        // The answer stays 401 whatever the diagnosis makes of a hostile request.
      }
      this.finish(res, draft, 'unauthorized', textAnswer(401, 'Unauthorized'), diagnosis ? { diagnosis } : {});
      return false;
    }
    if (connection) connection.signed = true;
    if (signed.signature) this.parts.onSignature?.(signed.signature);
    return true;
  }

  /** Logs the request and sends `answer` after `delayMs`; a null answer is never sent (hang). */
  private finish(
    res: http.ServerResponse,
    draft: Draft,
    outcome: RequestOutcome,
    answer: HttpAnswer | null,
    details: Details = {},
    delayMs = 0,
  ): void {
    this.parts.log.add({
      ...draft,
      outcome,
      httpStatus: answer?.status,
      ...details,
      delayMs,
      answerBody: answer?.body ?? null,
    });
    if (this.stopping) return;
    // The request is in; the wait is ours (latency, a slow or hanging fault), not the client's.
    if (answer === null || delayMs > 0) res.socket?.setTimeout(0);
    if (answer === null) return;
    const send = (): void => {
      if (res.destroyed || res.writableEnded) return;
      res.socket?.setTimeout(this.parts.bounds.idleTimeoutMs);
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
