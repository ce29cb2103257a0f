/**
 * When a transaction was first seen in its status, kept per account: an account's service tells
 * the status but not since when, so the first time this client saw a transaction in its current
 * status is the best lower bound there is ("at least since"). A status change starts a new
 * sighting. The extension notes every record its store sees; the MCP server, which has no store,
 * notes what its tools read. Bounded (the newest entries are kept) and stored through a small
 * key-value interface (VS Code's Memento, or memory). Pure.
 */
import type { TransactionStatus } from '../shared/status';

/** Where sightings are kept: VS Code's globalState fits, so does a Map. */
export interface SightingStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void> | void;
}

interface Entry {
  readonly status: string;
  /** First seen in this status, Unix ms. */
  readonly atMs: number;
}

/** Most transactions remembered per account. */
export const MAX_SIGHTINGS = 5000;

function isEntry(value: unknown): value is Entry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Entry).status === 'string' &&
    Number.isFinite((value as Entry).atMs)
  );
}

/** What since-times are read from; `note` where the tool's own look is the sighting (the MCP server). */
export type SinceSource = Pick<Sightings, 'since'> & Partial<Pick<Sightings, 'note'>>;

export class Sightings {
  private readonly entries = new Map<string, Entry>();

  /** `key`: the account's own key in the storage (one per account). */
  constructor(
    private readonly storage?: SightingStorage,
    private readonly key = 'exchangeTx.sightings',
    private readonly max = MAX_SIGHTINGS,
  ) {
    const stored = storage?.get(key);
    if (Array.isArray(stored)) {
      for (const item of stored as unknown[]) {
        if (Array.isArray(item) && typeof item[0] === 'string' && isEntry(item[1])) this.entries.set(item[0], item[1]);
      }
    }
  }

  /** Notes records seen at `nowMs`: a new status (or a new id) starts a sighting; the same status keeps the first. */
  note(records: readonly { readonly id: string; readonly status: TransactionStatus }[], nowMs: number): void {
    let changed = false;
    for (const { id, status } of records) {
      const entry = this.entries.get(id);
      if (entry?.status === status) continue;
      this.entries.delete(id);
      this.entries.set(id, { status, atMs: nowMs });
      changed = true;
    }
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    if (changed && this.storage) void this.storage.update(this.key, [...this.entries]);
  }

  /** When `id` was first seen in `status`, or undefined (never seen in it). */
  since(id: string, status: TransactionStatus): number | undefined {
    const entry = this.entries.get(id);
    return entry?.status === status ? entry.atMs : undefined;
  }

  get size(): number {
    return this.entries.size;
  }
}
