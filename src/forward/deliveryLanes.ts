/**
 * The delivery queue's entries (delivery.ts), lane by lane: a lane per transaction, its events in
 * the order they came, a failed one holding back those behind it; how many wait and how many are
 * parked as failed; and the delivered ones kept for the events list (the newest
 * `keepDelivered`).
 */
import type { ParkReason, QueueEntry } from './deliveryTypes';

export class DeliveryLanes implements Iterable<[string, QueueEntry[]]> {
  private readonly lanes = new Map<string, QueueEntry[]>();
  private readonly recent: QueueEntry[] = [];
  private waitingCount = 0;
  private failedCount = 0;

  /** `keepDelivered`: how many delivered entries are kept, read at each one kept. */
  constructor(private readonly keepDelivered: () => number) {}

  /** Entries waiting (the ones being attempted included). */
  get waiting(): number {
    return this.waitingCount;
  }

  /** Entries parked as failed (and those of their lanes behind them). */
  get failed(): number {
    return this.failedCount;
  }

  /** The undelivered entries of a lane, in order; undefined when it has none. */
  get(lane: string): QueueEntry[] | undefined {
    return this.lanes.get(lane);
  }

  /** Every lane's undelivered entries. */
  values(): IterableIterator<QueueEntry[]> {
    return this.lanes.values();
  }

  [Symbol.iterator](): IterableIterator<[string, QueueEntry[]]> {
    return this.lanes[Symbol.iterator]();
  }

  /** A delivered entry kept, by its event's id. */
  delivered(eventId: string): QueueEntry | undefined {
    return this.recent.find((e) => e.event.id === eventId);
  }

  /** Every entry (plain data, for the state file): the undelivered ones in order, then the kept delivered ones. */
  snapshot(): QueueEntry[] {
    const open = [...this.lanes.values()].flat().sort((a, b) => a.seq - b.seq);
    return [...open, ...this.recent].map((e) => ({ ...e }));
  }

  /** For the events list: waiting and failed first (oldest first), then the delivered ones (newest first). */
  entries(): readonly QueueEntry[] {
    const open = [...this.lanes.values()].flat().sort((a, b) => a.seq - b.seq);
    return [...open, ...[...this.recent].reverse()];
  }

  insert(entry: QueueEntry): void {
    const list = this.lanes.get(entry.lane);
    if (list) list.push(entry);
    else this.lanes.set(entry.lane, [entry]);
    if (entry.state === 'failed') this.failedCount++;
    else this.waitingCount++;
  }

  keep(entry: QueueEntry): void {
    this.recent.push(entry);
    const max = this.keepDelivered();
    if (this.recent.length > max) this.recent.splice(0, this.recent.length - max);
  }

  /** The head of its lane delivered: out of the lane, kept. */
  deliver(entry: QueueEntry): void {
    entry.state = 'delivered';
    this.waitingCount--;
    const list = this.lanes.get(entry.lane);
    list?.shift();
    if (list?.length === 0) this.lanes.delete(entry.lane);
    this.keep(entry);
  }

  /** The failed entries of a lane back to waiting, their attempts counted anew. */
  unpark(lane: string): void {
    for (const entry of this.lanes.get(lane) ?? []) {
      if (entry.state !== 'failed') continue;
      entry.state = 'waiting';
      entry.attempts = 0;
      entry.nextAtMs = 0;
      delete entry.failingSinceMs;
      delete entry.parkedBecause;
      this.failedCount--;
      this.waitingCount++;
    }
  }

  /** Every waiting entry of a lane parked as failed, and why. */
  park(lane: string, because: ParkReason): void {
    for (const entry of this.lanes.get(lane) ?? []) {
      if (entry.state !== 'waiting') continue;
      entry.state = 'failed';
      entry.parkedBecause = because;
      this.waitingCount--;
      this.failedCount++;
    }
  }
}
