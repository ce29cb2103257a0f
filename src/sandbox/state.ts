/**
 * What a running sandbox holds that its control actions change: the ledger (replaced by a reset or
 * a restore), with the clock, the fault injector and the seeding it was made with.
 */
import type { Clock } from './clock';
import type { ControlTarget } from './control';
import type { FaultInjector } from './faults';
import type { HookEmitter } from './hookEmitter';
import type { Ledger } from './ledger';

export class SandboxState implements ControlTarget {
  private current: Ledger;
  /** The status-change events (set once the sandbox is made). */
  hooks?: HookEmitter;

  constructor(
    ledger: Ledger,
    readonly clock: Clock,
    readonly faults: FaultInjector,
    readonly seed: number,
    readonly ledgerSize: number,
  ) {
    this.current = ledger;
  }

  get ledger(): Ledger {
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
