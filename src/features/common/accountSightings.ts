/**
 * The first sightings of each account's transactions (src/agents/sightings.ts), one set per
 * account, kept in the extension's global storage: whatever the extension sees of an account's
 * records notes them here — the store (the view, the hover, lookups), the status watches (also of
 * an account not in use), the forwarding session and the language-model tools — so a diagnosis on
 * that account says since when from the earliest sighting of any of them. The sandbox needs none:
 * its schedule tells exactly.
 */
import type * as vscode from 'vscode';
import type { TransactionRecord } from '../../api/types';
import { Sightings } from '../../agents/sightings';

export class AccountSightings {
  private readonly byAccount = new Map<string, Sightings>();

  constructor(
    private readonly storage: vscode.Memento | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The sightings of the account `accountId` (read from the storage on first use). */
  of(accountId: string): Sightings {
    let sightings = this.byAccount.get(accountId);
    if (!sightings) {
      sightings = new Sightings(this.storage, `exchangeTx.sightings.${accountId}`);
      this.byAccount.set(accountId, sightings);
    }
    return sightings;
  }

  /** Notes records seen on `target` (`sandbox`, which keeps none, or an account's id) now. */
  note(target: string, records: readonly Pick<TransactionRecord, 'id' | 'status'>[]): void {
    if (target === 'sandbox') return;
    this.of(target).note(records, this.now());
  }
}
