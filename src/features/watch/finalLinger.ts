/** A settled watch shows its final status for FINAL_LINGER_MS, then ends, unless it comes back to life. */

export const FINAL_LINGER_MS = 60_000;

export class FinalLinger {
  private readonly settled = new Map<
    string,
    { readonly atMs: number; readonly timer: ReturnType<typeof setTimeout> }
  >();

  constructor(
    private readonly end: (id: string) => void,
    private lingerMs: number = FINAL_LINGER_MS,
  ) {}

  /** When `id` was seen settled (Unix ms), if it is lingering. */
  settledAt(id: string): number | undefined {
    return this.settled.get(id)?.atMs;
  }

  /** When the item of `id` leaves the status bar (Unix ms), if it is lingering. */
  leavesAt(id: string): number | undefined {
    const at = this.settledAt(id);
    return at === undefined ? undefined : at + this.lingerMs;
  }

  get durationMs(): number {
    return this.lingerMs;
  }

  /** `id` was seen in a final status: its watch ends FINAL_LINGER_MS from the first time it was seen so. */
  settle(id: string, nowMs: number = Date.now()): void {
    if (this.settled.has(id)) return;
    this.settled.set(id, { atMs: nowMs, timer: this.timer(id, this.lingerMs) });
  }

  /** `id` is not settled (any more), or no longer watched. */
  forget(id: string): void {
    const entry = this.settled.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.settled.delete(id);
  }

  /** A new duration (tests), counted from when each lingering one settled. */
  setDurationMs(ms: number, nowMs: number = Date.now()): void {
    this.lingerMs = ms;
    for (const [id, entry] of this.settled) {
      clearTimeout(entry.timer);
      this.settled.set(id, { atMs: entry.atMs, timer: this.timer(id, Math.max(0, entry.atMs + ms - nowMs)) });
    }
  }

  dispose(): void {
    for (const id of [...this.settled.keys()]) this.forget(id);
  }

  private timer(id: string, ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      this.settled.delete(id);
      this.end(id);
    }, ms);
  }
}
