/**
 * Real records for the pure Transactions tests: a seeded sandbox ledger on a manual clock, its
 * wire records decoded by the client's own decoder (no server needed for pure functions).
 */
import { decodeTransactions } from '../../../src/api/decode';
import type { TransactionRecord } from '../../../src/api';
import type { KnownStatus } from '../../../src/shared/status';
import { Ledger, ManualClock } from '../../../src/sandbox';

let ledger: Ledger | undefined;

/** One small seeded ledger (every status present) for the whole run. */
function sharedLedger(): Ledger {
  ledger ??= new Ledger({ clock: new ManualClock(), seed: 11, size: 40 });
  return ledger;
}

/** Every record of the shared ledger as the client decodes it, newest first. */
export function ledgerRecords(): TransactionRecord[] {
  const l = sharedLedger();
  return decodeTransactions(l.visible().map((tx) => l.record(tx.id)));
}

/** A decoded record of the shared ledger in this status. */
export function recordIn(status: KnownStatus): TransactionRecord {
  const found = ledgerRecords().find((r) => r.status === status);
  if (!found) throw new Error(`the test ledger has no ${status} record`);
  return found;
}
