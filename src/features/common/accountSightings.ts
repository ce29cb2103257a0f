/** The first sightings of each account's transactions, noted from every record the store sees. */
import type * as vscode from 'vscode';
import type { TransactionRecord } from '../../api/types';
import { Sightings } from '../../agents/sightings';
import type { SinceSource } from '../../agents/sightings';

export class AccountSightings {
  private readonly byAccount = new Map<string, Sightings>();

  constructor(
    private readonly storage: vscode.Memento | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Since when the records of the account `accountId` are in their status: read only. */
  of(accountId: string): SinceSource {
    const kept = this.kept(accountId);
    return { since: (id, status) => kept.since(id, status) };
  }

  /** Notes records seen on `target` (`sandbox`, which keeps none, or an account's id) now. */
  note(target: string, records: readonly Pick<TransactionRecord, 'id' | 'status'>[]): void {
    if (target === 'sandbox') return;
    this.kept(target).note(records, this.now());
  }

  /** The sightings of the account (read from the storage on first use). */
  private kept(accountId: string): Sightings {
    let sightings = this.byAccount.get(accountId);
    if (!sightings) {
      sightings = new Sightings(this.storage, `exchangeTx.sightings.${accountId}`);
      this.byAccount.set(accountId, sightings);
    }
    return sightings;
  }
}
