/** What the status-bar watch is given at activation, and what its watches (statusWatch.ts) are given. */
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStore } from '../../store/transactionStore';
import type {
  AccountConnections,
  CurrentTarget,
  EnvironmentChoice,
  EnvironmentResets,
  SandboxClients,
} from '../common/environmentDeps';
import type { Logger } from '../common/log';
import type { TransactionPicks } from '../common/transactionPicks';

export interface WatchDeps {
  readonly store: TransactionStore;
  readonly environment: CurrentTarget & AccountConnections & EnvironmentResets & Pick<EnvironmentChoice, 'accounts'>;
  /** The sandbox's client, whatever the environment (a watch made on the sandbox polls there). */
  readonly clients: SandboxClients;
  readonly log: Logger;
  /** The transaction id selected or under the cursor in the editor, if any (offered when asking). */
  readonly idInEditor?: () => string | undefined;
  /** The known transactions offered before the input box; the watched ones are added to it. */
  readonly choices?: TransactionPicks;
}

export interface StatusWatchDeps {
  readonly store: Pick<TransactionStore, 'refresh' | 'peek' | 'onDidChangeRecord'>;
  readonly environment: {
    /** Where requests go now: `sandbox` or the account's id. */
    readonly target: string;
    targetLabel(target: string): string;
    /** The records of `ids` on `target` (not the one in use), asking the user nothing. */
    recordsOn(
      target: string,
      ids: readonly string[],
      options?: { readonly deadlineMs?: number },
    ): Promise<Map<string, TransactionRecord>>;
    readonly onDidReset: vscode.Event<unknown>;
  };
  readonly memento: vscode.Memento;
  readonly log: Logger;
  readonly intervalMs: number;
  readonly restoreDelayMs?: number;
}

/** The watch's view of the environment: what a poll fetches on a target not in use passes the store too. */
export function watchEnvironment(deps: WatchDeps): StatusWatchDeps['environment'] {
  const { environment, clients, store } = deps;
  return {
    get target() {
      return environment.target;
    },
    // "Sandbox" or the account's name (a removed account says so).
    targetLabel: (target) =>
      target === 'sandbox'
        ? vscode.l10n.t('Sandbox')
        : (environment.accounts.get(target)?.name ?? vscode.l10n.t('a removed account')),
    recordsOn: async (target, ids, options) => {
      // An account is used only when its host was allowed before: a poll asks the user nothing.
      const client =
        target === 'sandbox'
          ? await clients.sandboxClient()
          : (await environment.accountConnection(target, { ask: false })).client;
      const found = await client.getTransactionsByIds(ids, options);
      store.upsert([...found.values()], target);
      return found;
    },
    onDidReset: environment.onDidReset,
  };
}
