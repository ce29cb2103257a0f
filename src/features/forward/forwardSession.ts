/**
 * One forwarding session of the extension (loaded when "Forward Status Changes…" first runs): the
 * forwarder polling through the client of the connection in use (the same client and limiter as
 * the views, so the rate budget is shared), a delivery queue to the URL, and a line per delivery
 * attempt in the events channel. The secret lives only in this object's memory.
 */
import type { ExchangeClient } from '../../api/client';
import type { DeliveryAttempt } from '../../forward/delivery';
import { DeliveryQueue } from '../../forward/delivery';
import { StatusForwarder } from '../../forward/forwarder';
import type { Logger } from '../log';

// What the command needs once it runs, loaded with this file (activation loads none of it).
export { forwardPrompts } from './forwardPrompts';
export { checkHookUrl, HookTargetError, needsAllowance } from '../../forward/target';
export { generateEventSecret } from '../../shared/statusEvents';

export interface ForwardedEntry {
  readonly eventId: string;
  readonly transactionId: string;
  readonly from: string | null;
  readonly to: string;
  /** The receiver's HTTP status, undefined when none came. */
  readonly status: number | undefined;
  readonly error: string | undefined;
  readonly delivered: boolean;
  readonly attempt: number;
  readonly atMs: number;
}

export interface ForwardSessionOptions {
  readonly client: ExchangeClient;
  readonly url: URL;
  readonly secret: string;
  /** Where requests go, for the log (`the sandbox`, `the account "x"`). */
  readonly target: string;
  readonly log: Logger;
  readonly onChange: () => void;
}

/** The most entries kept for the events list. */
const KEPT = 500;

function transactionIdOf(attempt: DeliveryAttempt): string {
  const tx = attempt.event.transaction;
  return typeof tx === 'object' && tx !== null && typeof (tx as { id?: unknown }).id === 'string' ? (tx as { id: string }).id : '?';
}

export class ForwardSession {
  readonly url: URL;
  readonly target: string;
  readonly entries: ForwardedEntry[] = [];
  private readonly queue: DeliveryQueue;
  private readonly forwarder: StatusForwarder;
  private ended = false;

  constructor(options: ForwardSessionOptions) {
    this.url = options.url;
    this.target = options.target;
    const log = options.log;
    this.queue = new DeliveryQueue({
      url: options.url,
      secret: options.secret,
      onAttempt: (attempt) => {
        const entry: ForwardedEntry = {
          eventId: attempt.event.id,
          transactionId: transactionIdOf(attempt),
          from: attempt.event.from,
          to: attempt.event.to,
          status: attempt.status,
          error: attempt.error,
          delivered: attempt.delivered,
          attempt: attempt.attempt,
          atMs: attempt.atMs,
        };
        this.entries.push(entry);
        if (this.entries.length > KEPT) this.entries.shift();
        const answer = attempt.status === undefined ? (attempt.error ?? 'no answer') : `HTTP ${attempt.status}`;
        const change = `${entry.transactionId} ${entry.from ?? '(new)'} → ${entry.to}`;
        if (attempt.delivered) log.info(`${entry.eventId} ${change}: delivered, ${answer}${attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : ''}`);
        else log.warn(`${entry.eventId} ${change}: not delivered, ${answer}; attempt ${attempt.attempt + 1} in ${((attempt.retryInMs ?? 0) / 1000).toFixed(1)} s`);
        options.onChange();
      },
      onDropped: (event) => log.error(`${event.id}: dropped, the queue is full (the receiver has been away too long)`),
    });
    this.forwarder = new StatusForwarder({
      source: options.client,
      emit: (event) => this.queue.enqueue(event),
      onPoll: (outcome) => {
        if (outcome.error !== undefined) log.warn(`poll failed${outcome.rateLimited ? ' (rate limit)' : ''}: ${outcome.error instanceof Error ? outcome.error.message : 'unknown error'}; next in ${(outcome.nextInMs / 1000).toFixed(0)} s`);
      },
    });
    log.info(`forwarding status changes of ${options.target} to ${options.url.href}`);
    this.forwarder.start();
  }

  /** Events delivered so far. */
  get delivered(): number {
    return this.queue.delivered;
  }

  /** Events waiting for the receiver. */
  get pending(): number {
    return this.queue.pending;
  }

  /** Polls now instead of at the next interval (tests; a poll under way is shared). */
  pollNow(): Promise<void> {
    return this.forwarder.pollNow();
  }

  /** Resolves once every event so far was delivered (or the session stopped). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  get stopped(): boolean {
    return this.ended;
  }

  stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.forwarder.stop();
    this.queue.dispose();
  }
}

export function startForwardSession(options: ForwardSessionOptions): ForwardSession {
  return new ForwardSession(options);
}
