/**
 * The sandbox's own status-change events: once a hook is set (control action `setHook`), every
 * move of a transaction (its schedule as the clock reaches each step, a payment, a move, a skip of
 * the clock, a transaction created) is POSTed at once as the same signed event the forwarder sends
 * (src/shared/statusEvents.ts), through the same delivery queue (src/forward/delivery.ts): in
 * order, retried with backoff while the receiver is down, off the request path (a request's answer
 * never waits for a delivery). Loopback hooks only.
 *
 * How a move is seen: after every control action and every `/v2` request, and on a timer set for
 * the next step of any schedule (at most a second away), each transaction's schedule is read from
 * the last check to now, so a skip of the clock gives every step it passed, each with its own time.
 * When the hook is set, the current statuses are learnt without events; a new ledger (reset,
 * restore) is learnt the same way. The last MAX_KEPT_EVENTS events are kept for `replay`.
 */
import type { StatusEvent } from '../shared/statusEvents';
import { makeStatusEvent } from '../shared/statusEvents';
import type { HookEventSummary, HookState } from '../shared/sandboxControl';
import { DeliveryQueue } from '../forward/delivery';
import type { DeliveryOptions } from '../forward/delivery';
import { checkHookUrl } from '../forward/target';
import type { Clock } from './clock';
import type { Ledger } from './ledger';
import type { WireRecord } from './records';

export const MAX_KEPT_EVENTS = 200;
/** The longest wait between two checks while a hook is set (a `/v2` create is checked at once anyway). */
const MAX_CHECK_GAP_MS = 1000;

export class HookRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

interface Pending {
  readonly atMs: number;
  readonly event: StatusEvent<WireRecord>;
}

export class HookEmitter {
  private queue: DeliveryQueue | undefined;
  private statuses = new Map<string, string>();
  private ledger: Ledger | undefined;
  private lastCheckMs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly kept: StatusEvent<WireRecord>[] = [];
  private emitted = 0;
  private disposed = false;

  constructor(
    private readonly ledgerNow: () => Ledger,
    private readonly clock: Clock,
    /** Delivery tuning for tests (backoff); the URL and secret come from `set`. */
    private readonly delivery: Partial<Omit<DeliveryOptions, 'url' | 'secret'>> = {},
  ) {}

  /** Sends events to `url` (this machine only) signed with `secret` from now on; the current statuses are learnt, not sent. */
  set(urlText: string, secret: string): HookState {
    let url: URL;
    try {
      url = checkHookUrl(urlText);
    } catch (error) {
      throw new HookRefusal(`url: ${error instanceof Error ? error.message : String(error)} The sandbox sends events to this machine only.`, 'url');
    }
    if (secret.length < 16 || secret.length > 256) throw new HookRefusal('secret must be 16 to 256 characters.', 'secret');
    this.clear();
    this.queue = new DeliveryQueue({ ...this.delivery, url, secret });
    this.learn();
    this.arm();
    return this.state();
  }

  clear(): void {
    this.queue?.dispose();
    this.queue = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  state(): HookState {
    const queue = this.queue;
    return {
      url: queue?.url.href ?? null,
      emitted: this.emitted,
      delivered: queue?.delivered ?? 0,
      pending: queue?.pending ?? 0,
      failedAttempts: queue?.failedAttempts ?? 0,
      dropped: queue?.dropped ?? 0,
      recent: this.kept.slice(-20).map(summary),
    };
  }

  /** Sends a kept event again (same id and body, signed anew), after what is queued; undefined when it is not kept. */
  replay(which: { readonly eventId?: string; readonly transactionId?: string }): HookEventSummary {
    const queue = this.queue;
    if (!queue) throw new HookRefusal('No hook is set: setHook first.', 'action');
    const event =
      which.eventId !== undefined
        ? this.kept.find((e) => e.id === which.eventId)
        : [...this.kept].reverse().find((e) => e.transaction.id === which.transactionId);
    if (!event) throw new HookRefusal(which.eventId !== undefined ? 'No kept event has that id.' : 'No kept event is of that transaction.', which.eventId !== undefined ? 'eventId' : 'transactionId');
    queue.enqueue(event);
    return summary(event);
  }

  /** Reads every schedule from the last check to now and queues the moves, oldest first. */
  check(): void {
    if (!this.queue || this.disposed) return;
    const ledger = this.ledgerNow();
    if (ledger !== this.ledger) {
      this.learn();
      return;
    }
    const now = this.clock.now();
    const since = this.lastCheckMs;
    const pending: Pending[] = [];
    for (const tx of ledger.visible(now)) {
      let current = this.statuses.get(tx.id) ?? null;
      for (const step of tx.plan) {
        if (step.atMs <= since || step.atMs > now || step.status === current) continue;
        pending.push(this.change(ledger, tx.id, current, step.status, step.atMs));
        current = step.status;
      }
      const status = ledger.statusOf(tx.id, now);
      if (status !== undefined && status !== current) {
        pending.push(this.change(ledger, tx.id, current, status, now));
        current = status;
      }
      if (current !== null) this.statuses.set(tx.id, current);
    }
    this.lastCheckMs = Math.max(since, now);
    pending.sort((a, b) => a.atMs - b.atMs || (a.event.transaction.id < b.event.transaction.id ? -1 : 1));
    for (const { event } of pending) {
      this.kept.push(event);
      if (this.kept.length > MAX_KEPT_EVENTS) this.kept.shift();
      this.emitted++;
      this.queue.enqueue(event);
    }
  }

  /** Resolves once every queued event was delivered (tests). */
  idle(): Promise<void> {
    return this.queue?.idle() ?? Promise.resolve();
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  private change(ledger: Ledger, id: string, from: string | null, to: string, atMs: number): Pending {
    const record = ledger.record(id, atMs) ?? ({ id } as WireRecord);
    return { atMs, event: makeStatusEvent(id, from, to, record, atMs) };
  }

  private learn(): void {
    const ledger = this.ledgerNow();
    const now = this.clock.now();
    this.ledger = ledger;
    this.statuses = new Map();
    for (const tx of ledger.visible(now)) {
      const status = ledger.statusOf(tx.id, now);
      if (status !== undefined) this.statuses.set(tx.id, status);
    }
    this.lastCheckMs = now;
  }

  /** The next check: at the next step of any schedule, at most MAX_CHECK_GAP_MS away. */
  private arm(): void {
    if (!this.queue || this.disposed) return;
    const now = this.clock.now();
    let next = now + MAX_CHECK_GAP_MS;
    for (const tx of this.ledgerNow().all()) {
      for (const step of tx.plan) if (step.atMs > now && step.atMs < next) next = step.atMs;
      if (tx.createdAtMs > now && tx.createdAtMs < next) next = tx.createdAtMs;
    }
    this.timer = setTimeout(
      () => {
        this.check();
        this.arm();
      },
      Math.max(5, next - now),
    );
    this.timer.unref();
  }
}

function summary(event: StatusEvent<WireRecord>): HookEventSummary {
  return { id: event.id, transactionId: event.transaction.id, from: event.from, to: event.to, at: event.at };
}
