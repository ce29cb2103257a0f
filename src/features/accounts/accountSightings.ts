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
import type { AgentToolContext } from '../../agents/types';
import type { EnvironmentService } from './environmentService';

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
    if (target === 'sandbox' || records.length === 0) return;
    this.of(target).note(records, this.now());
  }
}

/**
 * What since-times are read with on the target in use (src/agents/statusSince.ts): on the
 * sandbox its control endpoint (each schedule, its clock), on an account its sightings.
 */
export async function timesContext(environment: Pick<EnvironmentService, 'connection' | 'sandboxControl'>, sightings: Pick<AccountSightings, 'of'> | undefined, signal?: AbortSignal): Promise<AgentToolContext> {
  const connection = await environment.connection();
  const account = connection.kind === 'live' ? connection.account : undefined;
  const base = { client: connection.client, ...(signal ? { signal } : {}) };
  if (account) return { ...base, target: { kind: 'account', label: account.name, host: account.host }, ...(sightings ? { sightings: sightings.of(account.id) } : {}) };
  return { ...base, target: { kind: 'sandbox', label: 'Sandbox' }, control: await environment.sandboxControl() };
}
