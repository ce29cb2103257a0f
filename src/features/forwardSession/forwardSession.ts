/** One forwarding session: a ForwardService on the client in use, logging to the events channel. */
import type { ExchangeClient } from '../../api/client';
import type { TransactionRecord } from '../../api/types';
import type { DeliveryAttempt, QueueEntry } from '../../forward/deliveryTypes';
import { droppedText, ForwardService } from '../../forward/service';
import type { SecretSet } from '../../forward/stateFile';
import { StateFile } from '../../forward/stateFile';
import type { PayloadFormat } from '../../shared/statusEvents';
import { isGapEvent } from '../../shared/statusEvents';
import type { Logger } from '../common/log';
import { terminalText } from '../../shared/safeText';

export interface ForwardSessionOptions {
  readonly client: ExchangeClient;
  /** Who the changes belong to (part of every event's id): `sandbox`, or `account:<id>`. */
  readonly account: string;
  readonly url: URL;
  readonly secrets: SecretSet;
  readonly stateFile: string;
  /** Where requests go, for the log (`the sandbox`, `the account "x"`). */
  readonly target: string;
  readonly maxRps: number;
  readonly payload: PayloadFormat;
  /** Only changes to these statuses are sent; empty: every change. */
  readonly statuses: ReadonlySet<string>;
  readonly log: Logger;
  readonly onChange: () => void;
  readonly onGap: (reason: string) => void;
  /** Every record a poll fetched (the extension puts them in its store). */
  readonly onRecords?: (records: readonly TransactionRecord[]) => void;
}

/** The change an entry describes, escaped: `<tx> <from> → <to>`, or the gap. */
export function describeEntry(entry: Pick<QueueEntry, 'event' | 'lane'>): string {
  const event = entry.event;
  if (isGapEvent(event)) return `gap (${terminalText(event.reason)})`;
  return `${terminalText(entry.lane)} ${event.from === null ? '(new)' : terminalText(event.from)} → ${terminalText(event.to)}`;
}

function logAttempt(log: Logger, attempt: DeliveryAttempt): void {
  const change = describeEntry(attempt);
  const answer = attempt.status === undefined ? terminalText(attempt.error ?? 'no answer') : `HTTP ${attempt.status}`;
  if (attempt.delivered)
    log.info(
      `${attempt.event.id} ${change}: delivered, ${answer}${attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : ''}`,
    );
  else if (attempt.parkedBecause === 'gone')
    log.error(`${attempt.event.id} ${change}: HTTP 410 Gone; delivery stopped, every event kept (Resend resumes)`);
  else if (attempt.parked)
    log.error(
      `${attempt.event.id} ${change}: failed after ${attempt.attempt} attempts, ${answer}; kept (Resend in the Forwarded Events view)`,
    );
  else
    log.warn(
      `${attempt.event.id} ${change}: not delivered, ${answer}; attempt ${attempt.attempt + 1} in ${((attempt.retryInMs ?? 0) / 1000).toFixed(1)} s`,
    );
}

/** Its secrets live only in memory. */
export class ForwardSession extends ForwardService {
  readonly url: URL;
  readonly target: string;

  constructor(options: ForwardSessionOptions) {
    const log = options.log;
    super({
      source: {
        getTransactions: async (query, requestOptions) => {
          const records = await options.client.getTransactions(query, requestOptions);
          options.onRecords?.(records);
          return records;
        },
      },
      account: options.account,
      url: options.url,
      stateFile: new StateFile(options.stateFile),
      secrets: options.secrets,
      maxRps: options.maxRps,
      ...(options.statuses.size > 0 ? { statuses: options.statuses } : {}),
      delivery: { payload: options.payload },
      onAttempt: (attempt) => logAttempt(log, attempt),
      onChange: options.onChange,
      onGap: options.onGap,
      onPoll: (outcome) => {
        if (outcome.error !== undefined)
          log.warn(
            `poll failed${outcome.rateLimited ? ' (rate limit)' : ''}: ${terminalText(outcome.error instanceof Error ? outcome.error.message : 'unknown error')}; next in ${(outcome.nextInMs / 1000).toFixed(0)} s`,
          );
      },
    });
    this.url = options.url;
    this.target = options.target;
    if (this.stateProblem !== undefined)
      log.error(
        `the state file could not be used (${this.stateProblem}); it was set aside, forwarding starts afresh and a gap event tells the receiver`,
      );
    if (this.dropped.length > 0) log.error(droppedText(this.dropped));
    const queue = this.queue;
    log.info(
      `forwarding status changes of ${options.target} to ${options.url.href}, at most ${this.forwarder.maxRps} requests/s${queue.stored > 0 ? `; ${queue.pending} events waiting and ${queue.failed} failed from before` : ''}`,
    );
    this.start();
  }

  get delivered(): number {
    return this.queue.delivered;
  }

  /** Events waiting for the receiver, the ones being sent included. */
  get pending(): number {
    return this.queue.pending;
  }

  get failed(): number {
    return this.queue.failed;
  }
}
