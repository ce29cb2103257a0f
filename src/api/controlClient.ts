/**
 * The signed client of a local sandbox's control endpoint (`POST /sandbox/control`, protocol in
 * src/shared/controlProtocol.ts). The same transport as the service's calls: the JSON body is
 * serialized once, those bytes are signed with the sandbox's key and sent, the answer is read
 * bounded; the address must be on this machine. Every call goes through a rate limiter (the
 * API key's, when shared, so control calls and service calls together stay within its limit).
 * Control actions change state, so nothing is retried. Each body carries a new `nonce` and the
 * time it was made (`at`): the sandbox refuses one sent again; its answer is read by
 * controlAnswer.ts. No sandbox code is imported here.
 */
import { randomUUID } from 'crypto';
import { CONTROL_ERROR_STATUS } from '../shared/controlProtocol';
import type { ControlRequest, CreateAction } from '../shared/controlRequests';
import type {
  ClockState,
  ControlActionName,
  ControlResults,
  ControlTransaction,
  FaultOptions,
  LedgerSnapshot,
  LedgerState,
  RestoreOutcome,
  HookEventSummary,
  HookState,
} from '../shared/controlProtocol';
import type { KnownStatus } from '../shared/status';
import { lifetimeController, linkSignals } from './abort';
import { interpretControlAnswer } from './controlAnswer';
import { CancelledError } from './exchangeErrors';
import type { Credentials } from './keys';
import { RateLimiter } from './limiter';
import { ControlError } from './controlError';
import { JsonRpcTransport } from './transport';

export { ControlError };
/**
 * Exported from here, the lazy part's entry (src/api/index.ts names it from this file): exported
 * through the index from controlAnswer.ts, the build puts the answer's checks in a file
 * activation loads (2.6 KiB more).
 */
export { interpretControlAnswer };

export interface ControlClientOptions {
  /** The sandbox's base URL (`http://127.0.0.1:PORT`, with or without `/v2`). */
  readonly baseUrl: string;
  /** A key the sandbox holds. */
  readonly credentials: Credentials;
  readonly timeoutMs?: number;
  /** Answers larger than this are cut off (default 8 MiB). */
  readonly maxResponseBytes?: number;
  /** The key's limiter, shared with its service client; by default the control client has its own. */
  readonly limiter?: RateLimiter;
}

export interface ControlCallOptions {
  readonly signal?: AbortSignal;
}

type RequestOf<A extends ControlActionName> = Extract<ControlRequest, { readonly action: A }>;

/** The HTTP status a control error code comes with (re-exported for callers' messages). */
export const controlErrorStatus = CONTROL_ERROR_STATUS;

export class ControlClient {
  readonly limiter: RateLimiter;
  private readonly ownsLimiter: boolean;
  private readonly transport: JsonRpcTransport;
  private readonly lifetime = lifetimeController();

  constructor(options: ControlClientOptions) {
    this.transport = new JsonRpcTransport({ ...options, endpoint: 'control' });
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
export async function sendControl<A extends ControlActionName>(
  options: ControlClientOptions,
  request: RequestOf<A>,
  call?: ControlCallOptions,
): Promise<ControlResults[A]> {
  const client = new ControlClient(options);
  try {
    return await client.run(request, call);
  } finally {
    client.dispose();
  }
}
