/**
 * The sandbox's own status-change events: once a hook is set (control action `setHook`), every
 * move of a transaction (its schedule as the clock reaches each step, a payment, a move, a skip of
 * the clock, a transaction created) is POSTed at once as the same signed event the forwarder sends
 * (src/shared/statusEvents.ts), with the same signatures, through the same delivery queue
 * (src/forward/delivery.ts): in order per transaction, retried with backoff while the receiver is
 * down, at most HOOK_MAX_PER_SECOND attempts a second (a replay loop cannot make the sandbox flood a
 * local port), off the request path (a request's answer never waits for a delivery). Loopback
 * hooks only. An event's id is derived from the transaction, the change and how many changes of
 * it came before (account "sandbox"), as the forwarder's are.
 *
 * With `persistTo(file)` (the CLI's --state-file, FILE.hook.json beside it) the hook, the statuses
 * it knows, the counts and the events not delivered are written (atomically, owner-only) before an
 * event is sent, and taken back at the next start: moves made while the sandbox was down are sent
 * then, the hook stays set.
 *
 * How a move is seen: after every control action and every `/v2` request, and on a timer set for
 * the next step of any schedule (at most a second away), each transaction's schedule is read from
 * the last check to now, so a skip of the clock gives every step it passed, each with its own time.
 * When the hook is set, the current statuses are learnt without events; a new ledger (reset,
 * restore) is learnt the same way. The last MAX_KEPT_EVENTS events are kept for `replay`.
 */
import * as fs from 'fs';
import type { StatusEvent } from '../../../src/shared/statusEvents';
import { makeStatusEvent } from '../../../src/shared/statusEvents';
import type { HookEventSummary, HookState } from '../../../src/shared/controlProtocol';
import { DeliveryQueue } from '../../../src/forward/delivery';
import type { DeliveryOptions, QueueEntry } from '../../../src/forward/deliveryTypes';
import { checkHookUrl, HookTargetError } from '../../../src/forward/target';
import { writeFileAtomicSync } from '../../../src/forward/atomicFile';
import type { Clock } from './clock';
import type { Ledger } from './ledger';
import type { WireRecord } from './records';
import { errorText } from '../../../src/shared/errorText';

export const MAX_KEPT_EVENTS = 200;
/** Delivery attempts a second, at most (ours: a local receiver is not flooded). */
export const HOOK_MAX_PER_SECOND = 20;
/** Events waiting at most; past it a replay is refused. */
export const HOOK_MAX_STORED = 10_000;
/** The account part of the sandbox's event ids. */
export const HOOK_ACCOUNT = 'sandbox';

/** What the hook file keeps. */
interface HookFile {
  readonly version: 1;
  readonly url: string;
  readonly secret: string;
  readonly lastCheckMs: number;
  readonly emitted: number;
  /** id → [status, changes so far] */
  readonly statuses: Record<string, [string, number]>;
  readonly kept: StatusEvent<WireRecord>[];
  readonly entries: QueueEntry[];
}
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
  /** Changes of each transaction so far (part of each event's id). */
  private changes = new Map<string, number>();
  private secret = '';
  private file: string | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
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
      throw new HookRefusal(`url: ${errorText(error)} The sandbox sends events to this machine only.`, 'url');
    }
    if (secret.length < 16 || secret.length > 256)
      throw new HookRefusal('secret must be 16 to 256 characters.', 'secret');
    this.clear();
    this.open(url, secret);
    this.learn();
    this.save();
    this.arm();
    return this.state();
  }

  clear(): void {
    this.queue?.dispose();
    this.queue = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.save();
  }

  /**
   * Keeps the hook in `file` from now on, and takes it back from there first when it exists (after
   * the ledger was restored): the hook is set again, what waited is sent, and moves made meanwhile
   * follow. Returns a line for the CLI's start-up text, or undefined when there was no hook.
   */
  persistTo(file: string): string | undefined {
    this.file = file;
    let kept: HookFile;
    let url: URL;
    try {
      if (!fs.existsSync(file)) return undefined;
      kept = JSON.parse(fs.readFileSync(file, 'utf8')) as HookFile;
      if (
        kept?.version !== 1 ||
        typeof kept.url !== 'string' ||
        typeof kept.secret !== 'string' ||
        typeof kept.statuses !== 'object' ||
        !Array.isArray(kept.entries)
      )
        throw new Error('malformed');
      url = checkHookUrl(kept.url);
    } catch (error) {
      // Left as it is: its waiting events are not dropped for a file someone else wrote.
      const why = error instanceof HookTargetError ? ` (${error.message})` : '';
      return `Hook:         ${file} could not be read${why}; no hook is set.`;
    }
    this.clear();
    this.open(url, kept.secret);
    this.ledger = this.ledgerNow();
    this.statuses = new Map(Object.entries(kept.statuses).map(([id, [status]]) => [id, status]));
    this.changes = new Map(Object.entries(kept.statuses).map(([id, [, n]]) => [id, n]));
    this.lastCheckMs = kept.lastCheckMs;
    this.emitted = kept.emitted;
    this.kept.splice(0, this.kept.length, ...kept.kept.slice(-MAX_KEPT_EVENTS));
    this.queue?.restore(kept.entries);
    this.check();
    this.queue?.kick();
    this.arm();
    return `Hook:         events go to ${url.href} again (${this.queue?.pending ?? 0} waiting)`;
  }

  state(): HookState {
    const queue = this.queue;
    return {
      url: queue?.url.href ?? null,
      emitted: this.emitted,
      delivered: queue?.delivered ?? 0,
      pending: queue?.pending ?? 0,
      failedAttempts: queue?.failedAttempts ?? 0,
      dropped: queue?.refused ?? 0,
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
    if (!event)
      throw new HookRefusal(
        which.eventId !== undefined ? 'No kept event has that id.' : 'No kept event is of that transaction.',
        which.eventId !== undefined ? 'eventId' : 'transactionId',
      );
    if (!queue.add(event, event.transaction.id))
      throw new HookRefusal(`${HOOK_MAX_STORED} events wait already: replay once they are delivered.`, 'action');
    this.save();
    queue.kick();
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
      // Moves are never refused (replays are): the sandbox's own changes are bounded by its ledger.
      this.queue.add(event, event.transaction.id, true);
    }
    if (pending.length > 0) {
      this.save();
      this.queue.kick();
    }
  }

  /** Resolves once every queued event was delivered (tests). */
  idle(): Promise<void> {
    return this.queue?.idle() ?? Promise.resolve();
  }

  dispose(): void {
    this.save();
    this.disposed = true;
    this.queue?.dispose();
    this.queue = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.saveTimer) clearTimeout(this.saveTimer);
  }

  private open(url: URL, secret: string): void {
    this.secret = secret;
    this.queue = new DeliveryQueue({
      maxPerSecond: HOOK_MAX_PER_SECOND,
      maxStored: HOOK_MAX_STORED,
      ...this.delivery,
      url,
      secrets: [secret],
      onChange: () => this.saveSoon(),
    });
  }

  private change(ledger: Ledger, id: string, from: string | null, to: string, atMs: number): Pending {
    const record = ledger.record(id, atMs) ?? ({ id } as WireRecord);
    const earlierChanges = this.changes.get(id) ?? 0;
    this.changes.set(id, earlierChanges + 1);
    return { atMs, event: makeStatusEvent({ account: HOOK_ACCOUNT, earlierChanges }, id, from, to, record, atMs) };
  }

  /** Writes the hook file now (atomically, owner-only); without a file, or once disposed, nothing. */
  private save(): void {
    if (this.file === undefined || this.disposed) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const queue = this.queue;
    if (!queue) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const statuses: Record<string, [string, number]> = {};
    for (const [id, status] of this.statuses) statuses[id] = [status, this.changes.get(id) ?? 0];
    const data: HookFile = {
      version: 1,
      url: queue.url.href,
      secret: this.secret,
      lastCheckMs: this.lastCheckMs,
      emitted: this.emitted,
      statuses,
      kept: this.kept,
      entries: queue.snapshot(),
    };
    writeFileAtomicSync(this.file, JSON.stringify(data));
  }

  /** Deliveries are written shortly after (a crash before sends them again, with their ids). */
  private saveSoon(): void {
    if (this.file === undefined || this.saveTimer !== undefined || this.disposed) return;
    this.saveTimer = setTimeout(() => this.save(), 200);
    this.saveTimer.unref();
  }

  private learn(): void {
    const ledger = this.ledgerNow();
    const now = this.clock.now();
    this.ledger = ledger;
    this.statuses = new Map();
    this.changes = new Map();
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
