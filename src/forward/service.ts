/**
 * One forwarding, durable: the forwarder (forwarder.ts), its delivery queue (delivery.ts) and its
 * state file (stateFile.ts) put together the same way for the CLI and the extension.
 *
 * What is written, and when:
 *  - after every poll that changed anything, before any of its events is sent: the statuses, the
 *    new events, the cursor (so an event is never sent that a crash could make the forwarder
 *    forget, and a change is never recorded without its event);
 *  - after deliveries, parkings and resends: within SAVE_DELAY_MS (a crash before that sends those
 *    events again, with the same ids: a receiver that handles each id once sees them once);
 *  - at `stop`, at once.
 * A state file that could not be read is set aside and a gap event tells the receiver to resynchronise.
 * Entries of the file that no signing secret authenticates (queueAuth.ts) are dropped unsent, named
 * in `dropped`, and a gap event tells the receiver too.
 */
import { makeGapEvent as makeGap } from '../shared/statusEvents';
import { terminalText } from '../shared/safeText';
import type { SchedulerTimers } from '../shared/timers';
import { systemTimers } from '../shared/timers';
import type { DeliveryAttempt, DeliveryOptions, QueueEntry } from './deliveryTypes';
import { DeliveryQueue } from './delivery';
import type { PollOutcome, TransactionSource } from './forwarder';
import { StatusForwarder } from './forwarder';
import type { SecretSet, StateFile, StoredState } from './stateFile';
import { encodeTracked, forwarderStateOf, secretId, signingSecrets, STATE_VERSION } from './stateFile';

/** The longest a delivered mark waits before it is written. */
export const SAVE_DELAY_MS = 200;

export class ForwardStateError extends Error {}

/** What the CLI and the extension say of the events dropped at the start (ids escaped: the file may be anyone's). */
export function droppedText(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map((id) => terminalText(id, 40));
  return `the state file held ${ids.length} events no signing secret authenticates (${shown.join(', ')}${ids.length > shown.length ? ', …' : ''}); they were dropped, not sent, and a gap event tells the receiver`;
}

export interface ForwardServiceOptions {
  readonly source: TransactionSource;
  /** Who the changes belong to (part of every event id); the state file must be this account's. */
  readonly account: string;
  readonly url: URL;
  readonly stateFile: StateFile;
  /** The secrets to sign with, or how to choose them from those the state file keeps (the CLI's). */
  readonly secrets: SecretSet | ((kept: SecretSet | undefined) => SecretSet);
  /** Whether the state file keeps the secrets (the CLI without --secret-env). */
  readonly keepSecretsInFile?: boolean;
  readonly intervalMs?: number;
  readonly lookbackMs?: number;
  readonly maxRps?: number;
  readonly emitInitial?: boolean;
  /** Only changes to these statuses are sent (default: every change). */
  readonly statuses?: ReadonlySet<string>;
  /** Delivery tuning (tests: a short backoff, a clock). */
  readonly delivery?: Partial<Omit<DeliveryOptions, 'url' | 'secrets' | 'onAttempt' | 'onChange'>>;
  readonly timers?: SchedulerTimers;
  readonly now?: () => number;
  readonly onAttempt?: (attempt: DeliveryAttempt) => void;
  readonly onPoll?: (outcome: PollOutcome) => void;
  readonly onGap?: (reason: string) => void;
  /** Any change of the counts or the entries. */
  readonly onChange?: () => void;
}

export class ForwardService {
  readonly queue: DeliveryQueue;
  readonly forwarder: StatusForwarder;
  /** Why the state file could not be used, when it could not (it was set aside). */
  readonly stateProblem: string | undefined;
  /** The ids of the events the state file held that no signing secret authenticates: dropped, never sent. */
  readonly dropped: readonly string[];
  private readonly timers: SchedulerTimers;
  private saveTimer: unknown;
  private ended = false;
  private secretSet: SecretSet;
  /** Writes done (tests, bench). */
  saves = 0;

  constructor(private readonly options: ForwardServiceOptions) {
    // One forwarder per state file: a second one would deliver every event twice.
    options.stateFile.lock();
    try {
      const loaded = options.stateFile.load();
      const stored = loaded.state;
      if (stored !== undefined && stored.account !== options.account) {
        throw new ForwardStateError(
          `The state file ${options.stateFile.file} belongs to another account or service; use another --state file.`,
        );
      }
      this.stateProblem = loaded.problem;
      this.secretSet = typeof options.secrets === 'function' ? options.secrets(stored?.secrets) : options.secrets;
      this.timers = options.timers ?? systemTimers;
      const now = options.now ?? Date.now;
      this.queue = new DeliveryQueue({
        ...options.delivery,
        ...(options.now ? { now: options.now } : {}),
        url: options.url,
        secrets: () => signingSecrets(this.secretSet, now()),
        onAttempt: options.onAttempt,
        onChange: () => {
          this.scheduleSave();
          options.onChange?.();
        },
      });
      this.dropped = this.queue.restore(stored?.entries ?? []).map((entry) => String(entry.event?.id));
      this.forwarder = new StatusForwarder({
        source: options.source,
        account: options.account,
        state: forwarderStateOf(stored),
        intervalMs: options.intervalMs,
        lookbackMs: options.lookbackMs,
        maxRps: options.maxRps,
        emitInitial: options.emitInitial,
        statuses: options.statuses,
        timers: options.timers,
        now: options.now,
        onPoll: options.onPoll,
        onGap: options.onGap,
        sink: {
          add: (event, lane, force) => this.queue.add(event, lane, force),
          commit: () => {
            this.save();
            this.queue.kick();
            options.onChange?.();
          },
        },
      });
      const reasons = [
        ...(loaded.problem === undefined ? [] : ['state-unreadable']),
        ...(this.dropped.length === 0 ? [] : ['unauthenticated-events']),
      ];
      for (const reason of reasons) {
        const state = this.forwarder.state;
        this.queue.add(makeGap(options.account, reason, state.gaps, now()), `gap:${state.gaps}`, true);
        state.gaps++;
        options.onGap?.(reason);
      }
      this.save();
    } catch (error) {
      options.stateFile.unlock();
      throw error;
    }
  }

  /** Starts polling and sends what waits from before. */
  start(): void {
    this.queue.kick();
    this.forwarder.start();
  }

  get stopped(): boolean {
    return this.ended;
  }

  /** Stops polling and sending (an attempt under way is cut; its event stays waiting), writes the state; what waits is kept. */
  stop(): { readonly waiting: number; readonly failed: number } {
    if (!this.ended) {
      this.ended = true;
      this.forwarder.stop();
      this.queue.dispose();
      this.timers.clear(this.saveTimer);
      this.save();
      this.options.stateFile.unlock();
    }
    return { waiting: this.queue.pending, failed: this.queue.failed };
  }

  pollNow(): Promise<void> {
    return this.forwarder.pollNow();
  }

  /** Resolves once nothing waits (failed events do not count). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  resend(eventId: string): boolean {
    return this.queue.resend(eventId);
  }

  resendAllFailed(): number {
    return this.queue.resendAllFailed();
  }

  entries(): readonly QueueEntry[] {
    return this.queue.entries();
  }

  /** The secrets signing now. */
  get secrets(): SecretSet {
    return this.secretSet;
  }

  /** Signs with these from the next attempt on (a rotation), and writes the state. */
  setSecrets(set: SecretSet): void {
    this.secretSet = set;
    this.queue.reauthenticate();
    if (!this.ended) this.save();
  }

  /** Writes the state now. */
  save(): void {
    this.timers.clear(this.saveTimer);
    this.saveTimer = undefined;
    const state = this.forwarder.state;
    const secrets = this.secretSet;
    const stored: StoredState = {
      version: STATE_VERSION,
      account: this.options.account,
      secretId: secretId(secrets.current),
      secrets: this.options.keepSecretsInFile ? secrets : undefined,
      cursor: state.cursor,
      started: state.started,
      gaps: state.gaps,
      tracked: encodeTracked(state.tracked),
      entries: this.queue.snapshot(),
    };
    this.options.stateFile.save(stored);
    this.saves++;
  }

  private scheduleSave(): void {
    if (this.ended || this.saveTimer !== undefined) return;
    this.saveTimer = this.timers.set(() => {
      this.saveTimer = undefined;
      if (!this.ended) this.save();
    }, SAVE_DELAY_MS);
  }
}
