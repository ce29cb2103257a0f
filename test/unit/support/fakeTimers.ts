/**
 * Timers that fire only when told, on a clock of their own, for the schedulers' tests (the
 * watch's poll scheduler, the Transactions view's refresh scheduler): both take `set`/`clear`.
 */
export class FakeTimers {
  now = 0;
  private nextHandle = 1;
  readonly pending = new Map<number, { at: number; callback: () => void }>();
  readonly delays: number[] = [];

  set(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.pending.set(handle, { at: this.now + ms, callback });
    this.delays.push(ms);
    return handle;
  }

  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Moves the clock on, firing what falls due in order, letting each callback's work settle. */
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
      await settle();
    }
    this.now = until;
  }
}

/** Lets pending promise callbacks run. */
export const settle = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise resolved from outside. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
