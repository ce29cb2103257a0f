/**
 * What a running sandbox holds that its control actions change: the ledger (replaced by a reset or
 * a restore), with the clock, the fault injector, the seeding it was made with and its traffic.
 */
import type { Clock } from './clock';
import type { ControlledState } from './controlEndpoint/actions';
import type { FaultInjector } from './faults';
import type { HookEmitter } from './hookEmitter';
import type { Ledger } from './ledger';
import type { RequestLog } from './requestLog';
import type { Traffic } from './traffic';

export class SandboxState implements ControlledState {
  private current: Ledger;
  /** The status-change events (set once the sandbox is made). */
  hooks?: HookEmitter;
  /** New transactions arriving (traffic.ts); none: a still ledger. */
  traffic?: Traffic;
  /** The request journal (set once the sandbox is made). */
  journal?: RequestLog;

  constructor(
    ledger: Ledger,
    readonly clock: Clock,
    readonly faults: FaultInjector,
    readonly seed: number,
    readonly ledgerSize: number,
  ) {
    this.current = ledger;
  }

  /** The ledger, brought up to the clock's time by the traffic first (its arrivals are made when it is looked at). */
  get ledger(): Ledger {
    this.traffic?.bringUp(this.current, this.clock.now());
    return this.current;
  }

  /**
   * Puts `ledger` in place of the current one; it keeps the current one's issuer (ids.ts: no id is
   * issued twice, subaccounts stay). Returns the subaccount entries of a restored snapshot dropped.
   */
  replaceLedger(ledger: Ledger): number {
    const dropped = ledger === this.current ? 0 : ledger.takeOver(this.current);
    this.current = ledger;
    return dropped;
  }
}
