/**
 * The replay guard of the control endpoint (ours: the service has no control endpoint). Every
 * control request carries, under its signature, a `nonce` (16 to 64 letters, digits, `-` or `_`)
 * and `at`, the time it was made (Unix ms of this machine's clock, not the sandbox's skippable
 * one). A request whose `at` is more than CONTROL_FRESHNESS_MS away from now is stale; a nonce is
 * accepted once. Nonces are kept only while their time is fresh (an older one would be refused as
 * stale anyway), and at most `capacity` of them: past that, the oldest is forgotten and nothing
 * made at or before its time is accepted again. So a flood of nonces never locks out a request
 * made now. Pure: the time comes from `now`.
 */
import { CONTROL_FRESHNESS_MS } from '../../../../src/shared/controlProtocol';

/** The most nonces kept (the control client sends at most 10 calls a second: 1200 in the window). */
export const MAX_CONTROL_NONCES = 10_000;

export type NonceVerdict = 'ok' | 'stale' | 'replayed';

export class ControlNonces {
  /** Nonce → its request's `at`, in the order accepted. */
  private readonly seen = new Map<string, number>();
  /** The latest time of a nonce forgotten while still fresh: nothing made at or before it is taken. */
  private floor = -Infinity;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = MAX_CONTROL_NONCES,
  ) {}

  get size(): number {
    return this.seen.size;
  }

  /** Accepts `nonce` made at `at` once, if `at` is fresh and there is room. */
  accept(nonce: string, at: number): NonceVerdict {
    const now = this.now();
    if (Math.abs(now - at) > CONTROL_FRESHNESS_MS || at <= this.floor) return 'stale';
    this.forgetStale(now);
    if (this.seen.has(nonce)) return 'replayed';
    for (const [oldest, oldestAt] of this.seen) {
      if (this.seen.size < this.capacity) break;
      this.seen.delete(oldest);
      this.floor = Math.max(this.floor, oldestAt);
    }
    this.seen.set(nonce, at);
    return 'ok';
  }

  private forgetStale(now: number): void {
    for (const [nonce, at] of this.seen) if (now - at > CONTROL_FRESHNESS_MS) this.seen.delete(nonce);
  }
}
