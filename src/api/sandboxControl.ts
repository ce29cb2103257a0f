/**
 * The signed client of a local sandbox's control endpoint (`POST /sandbox/control`, protocol in
 * src/shared/sandboxControl.ts). The same transport as the service's calls: the JSON body is
 * serialized once, those bytes are signed with the sandbox's key and sent, the answer is read
 * bounded; the address must be on this machine. Every call goes through a rate limiter (the
 * account's, when shared, so control calls and service calls together stay within its limit).
 * Control actions change state, so nothing is retried. Each body carries a new `nonce` and the
 * time it was made (`at`): the sandbox refuses one sent again. No sandbox code is imported here.
 */
import type { AxiosInstance } from 'axios';
import { randomUUID } from 'crypto';
import { CONTROL_ERROR_CODES, CONTROL_ERROR_STATUS } from '../shared/sandboxControl';
import type { ControlRequest, CreateAction } from '../shared/controlRequests';
import type {
  ClockState,
  ControlActionName,
  ControlErrorCode,
  ControlResults,
  ControlTransaction,
  FaultOptions,
  LedgerSnapshot,
  LedgerState,
  RestoreOutcome,
  HookEventSummary,
  HookState,
} from '../shared/sandboxControl';
import type { KnownStatus } from '../shared/status';
import { isKnownStatus } from '../shared/status';
import { lifetimeController, linkSignals } from './abort';
import { AuthenticationError, CancelledError, ProtocolError, TransportError } from './errors';
import type { Credentials } from './keys';
import { RateLimiter } from './limiter';
import { SandboxControlError } from './sandboxControlError';
import { JsonRpcTransport } from './transport';

export { SandboxControlError };

export interface SandboxControlOptions {
  /** The sandbox's base URL (`http://127.0.0.1:PORT`, with or without `/v2`). */
  readonly baseUrl: string;
  /** A key the sandbox holds. */
  readonly credentials: Credentials;
  readonly timeoutMs?: number;
  /** Answers larger than this are cut off (default 8 MiB). */
  readonly maxResponseBytes?: number;
  /** The key's limiter, shared with its service client; by default the control client has its own. */
  readonly limiter?: RateLimiter;
  /** For tests and tools: a prepared axios instance. */
  readonly http?: AxiosInstance;
}

export interface ControlCallOptions {
  readonly signal?: AbortSignal;
}

type RequestOf<A extends ControlActionName> = Extract<ControlRequest, { readonly action: A }>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(what: string, status: number): ProtocolError {
  return new ProtocolError(`The sandbox's control answer has a malformed ${what}`, status);
}

function isStep(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    isKnownStatus(value.status) &&
    typeof value.atMs === 'number' &&
    typeof value.at === 'string'
  );
}

function checkTransaction(value: unknown, status: number): ControlTransaction {
  const v = value;
  if (
    !isRecord(v) ||
    typeof v.id !== 'string' ||
    (v.type !== 'float' && v.type !== 'fixed') ||
    typeof v.status !== 'string' ||
    !isKnownStatus(v.status) ||
    typeof v.currencyFrom !== 'string' ||
    typeof v.currencyTo !== 'string' ||
    typeof v.amountExpectedFrom !== 'string' ||
    typeof v.createdAtMs !== 'number' ||
    !Array.isArray(v.schedule) ||
    !v.schedule.every(isStep) ||
    (v.next !== null && !isStep(v.next))
  ) {
    throw malformed('transaction', status);
  }
  return v as unknown as ControlTransaction;
}

function checkClock(value: unknown, status: number): ClockState {
  if (
    !isRecord(value) ||
    typeof value.nowMs !== 'number' ||
    typeof value.now !== 'string' ||
    typeof value.skippedMs !== 'number' ||
    typeof value.skippable !== 'boolean'
  ) {
    throw malformed('clock', status);
  }
  return value as unknown as ClockState;
}

function checkLedger(value: unknown, status: number): LedgerState {
  if (!isRecord(value) || typeof value.seed !== 'number' || typeof value.size !== 'number')
    throw malformed('ledger state', status);
  checkClock(value.clock, status);
  return value as unknown as LedgerState;
}

function checkHookState(value: unknown, status: number): HookState {
  if (
    !isRecord(value) ||
    (value.url !== null && typeof value.url !== 'string') ||
    typeof value.delivered !== 'number' ||
    typeof value.pending !== 'number' ||
    !Array.isArray(value.recent)
  ) {
    throw malformed('hook state', status);
  }
  return value as unknown as HookState;
}

function checkHookEvent(value: unknown, status: number): HookEventSummary {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.transactionId !== 'string' ||
    typeof value.to !== 'string'
  )
    throw malformed('event', status);
  return value as unknown as HookEventSummary;
}

function checkObject<T>(what: string) {
  return (value: unknown, status: number): T => {
    if (!isRecord(value)) throw malformed(what, status);
    return value as T;
  };
}

/** The shape check of each action's result. */
const RESULT_CHECKS: { readonly [A in ControlActionName]: (value: unknown, status: number) => ControlResults[A] } = {
  create: checkTransaction,
  pay: checkTransaction,
  move: checkTransaction,
  get: checkTransaction,
  setFaults: checkObject<FaultOptions>('fault configuration'),
  clearFaults: checkObject<FaultOptions>('fault configuration'),
  faults: checkObject<FaultOptions>('fault configuration'),
  reset: checkLedger,
  clock: checkClock,
  skip: checkClock,
  snapshot: (value, status) => {
    if (!isRecord(value) || !Array.isArray(value.transactions) || typeof value.version !== 'number')
      throw malformed('snapshot', status);
    return value as unknown as LedgerSnapshot;
  },
  restore: (value, status) => {
    if (!isRecord(value) || typeof value.restored !== 'number' || typeof value.dropped !== 'number')
      throw malformed('restore outcome', status);
    checkLedger(value.ledger, status);
    return value as unknown as RestoreOutcome;
  },
  setHook: checkHookState,
  clearHook: checkHookState,
  hook: checkHookState,
  replay: checkHookEvent,
};

function isErrorCode(value: unknown): value is ControlErrorCode {
  return typeof value === 'string' && (CONTROL_ERROR_CODES as readonly string[]).includes(value);
}

/** Reads a control answer: its result, or the error it carries as a SandboxControlError. */
export function interpretControlAnswer<A extends ControlActionName>(
  action: A,
  status: number,
  contentType: string,
  text: string,
): ControlResults[A] {
  const trimmed = text.trim();
  if (status === 401 || status === 403 || (trimmed === 'Unauthorized' && !contentType.includes('json')))
    throw new AuthenticationError(status);
  if (status === 404 && !contentType.includes('json')) {
    throw new TransportError(
      'This address has no sandbox control endpoint (HTTP 404): is it the sandbox of Exchange Tx?',
      status,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    throw new ProtocolError(
      `The sandbox's control endpoint answered with ${status === 413 ? 'HTTP 413: the request is too large' : 'a body that is not JSON'}`,
      status,
    );
  }
  if (!isRecord(body) || typeof body.ok !== 'boolean') throw malformed('body', status);
  if (!body.ok) {
    const error = body.error;
    if (!isRecord(error) || !isErrorCode(error.code) || typeof error.message !== 'string')
      throw malformed('error', status);
    const field = typeof error.field === 'string' ? error.field : undefined;
    throw new SandboxControlError(error.code, error.message.slice(0, 1000), status, field);
  }
  if (status !== 200) throw new TransportError(`The sandbox's control endpoint answered HTTP ${status}.`, status);
  return RESULT_CHECKS[action](body.result, status);
}

/** The HTTP status a control error code comes with (re-exported for callers' messages). */
export const controlErrorStatus = CONTROL_ERROR_STATUS;

export class SandboxControlClient {
  readonly limiter: RateLimiter;
  private readonly ownsLimiter: boolean;
  private readonly transport: JsonRpcTransport;
  private readonly lifetime = lifetimeController();

  constructor(options: SandboxControlOptions) {
    this.transport = new JsonRpcTransport({ ...options, endpoint: 'sandboxControl' });
    this.ownsLimiter = options.limiter === undefined;
    this.limiter = options.limiter ?? new RateLimiter({ limit: 10 });
  }

  /** The control endpoint's address. */
  get url(): string {
    return this.transport.url;
  }

  /** Sends one control request, signed, through the limiter; never retried (actions change state). */
  async run<A extends ControlActionName>(
    request: RequestOf<A>,
    options: ControlCallOptions = {},
  ): Promise<ControlResults[A]> {
    const linked = linkSignals(options.signal, this.lifetime.signal);
    const { signal } = linked;
    try {
      const release = await this.limiter.acquire(signal);
      try {
        // A new nonce and the time, under the signature: the sandbox takes these bytes once only.
        const body = Buffer.from(JSON.stringify({ ...request, nonce: randomUUID(), at: Date.now() }), 'utf8');
        const answer = await this.transport.post(body, { signal });
        return interpretControlAnswer(request.action, answer.status, answer.contentType, answer.text);
      } finally {
        release();
      }
    } catch (error) {
      if (signal.aborted && !(error instanceof CancelledError)) throw new CancelledError();
      throw error;
    } finally {
      linked.unlink();
    }
  }

  create(options: Omit<CreateAction, 'action'> = {}, call?: ControlCallOptions): Promise<ControlTransaction> {
    return this.run({ action: 'create', ...options }, call);
  }

  pay(id: string, amount?: string, call?: ControlCallOptions): Promise<ControlTransaction> {
    return this.run({ action: 'pay', id, ...(amount === undefined ? {} : { amount }) }, call);
  }

  move(id: string, status: KnownStatus, call?: ControlCallOptions): Promise<ControlTransaction> {
    return this.run({ action: 'move', id, status }, call);
  }

  get(id: string, call?: ControlCallOptions): Promise<ControlTransaction> {
    return this.run({ action: 'get', id }, call);
  }

  setFaults(faults: FaultOptions, call?: ControlCallOptions): Promise<FaultOptions> {
    return this.run({ action: 'setFaults', faults }, call);
  }

  clearFaults(call?: ControlCallOptions): Promise<FaultOptions> {
    return this.run({ action: 'clearFaults' }, call);
  }

  faults(call?: ControlCallOptions): Promise<FaultOptions> {
    return this.run({ action: 'faults' }, call);
  }

  /** A new ledger; `keepOwn` keeps the user's own transactions (the created ones) in it. */
  reset(seed?: number, call?: ControlCallOptions, keepOwn?: boolean): Promise<LedgerState> {
    return this.run(
      { action: 'reset', ...(seed === undefined ? {} : { seed }), ...(keepOwn === undefined ? {} : { keepOwn }) },
      call,
    );
  }

  clock(call?: ControlCallOptions): Promise<ClockState> {
    return this.run({ action: 'clock' }, call);
  }

  skip(ms: number, call?: ControlCallOptions): Promise<ClockState> {
    return this.run({ action: 'skip', ms }, call);
  }

  snapshot(call?: ControlCallOptions): Promise<LedgerSnapshot> {
    return this.run({ action: 'snapshot' }, call);
  }

  restore(snapshot: unknown, call?: ControlCallOptions): Promise<RestoreOutcome> {
    return this.run({ action: 'restore', snapshot }, call);
  }

  /** Sends the sandbox's status-change events to `url` (this machine only), signed with `secret`. */
  setHook(url: string, secret: string, call?: ControlCallOptions): Promise<HookState> {
    return this.run({ action: 'setHook', url, secret }, call);
  }

  clearHook(call?: ControlCallOptions): Promise<HookState> {
    return this.run({ action: 'clearHook' }, call);
  }

  hook(call?: ControlCallOptions): Promise<HookState> {
    return this.run({ action: 'hook' }, call);
  }

  /** Sends a kept event again: by its id, or the latest of a transaction. */
  replay(
    which: { readonly eventId: string } | { readonly transactionId: string },
    call?: ControlCallOptions,
  ): Promise<HookEventSummary> {
    return this.run({ action: 'replay', ...which }, call);
  }

  /** Ends every call of this client (they reject with a CancelledError); a shared limiter is left to its owner. */
  dispose(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    if (this.ownsLimiter) this.limiter.dispose();
  }
}

/** One control action with a client made for it and disposed afterwards. */
export async function sandboxControl<A extends ControlActionName>(
  options: SandboxControlOptions,
  request: RequestOf<A>,
  call?: ControlCallOptions,
): Promise<ControlResults[A]> {
  const client = new SandboxControlClient(options);
  try {
    return await client.run(request, call);
  } finally {
    client.dispose();
  }
}
