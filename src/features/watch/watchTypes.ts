/** What the status watch is given and hands to its callers (the commands, the tests). */
import type * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStore } from '../../store/transactionStore';
import type { TransactionStatus } from '../../shared/status';
import type { Logger } from '../common/log';
import type { EnvironmentService } from '../accounts/environmentService';

/** What a test (or a user) sees of one item, read from the real StatusBarItem. */
export interface WatchItemSnapshot {
  readonly id: string;
  readonly text: string;
  readonly tooltip: string;
  readonly backgroundColor?: string;
  readonly command?: string;
  readonly polling: boolean;
  readonly status?: TransactionStatus;
  /** When it was seen in a final status (Unix ms): its item leaves the status bar FINAL_LINGER_MS later. */
  readonly settledAt?: number;
}

export interface Announcement {
  readonly id: string;
  readonly status: TransactionStatus;
}

export type WatchResult = 'added' | 'already' | 'full' | 'invalid';

export interface StatusWatchDeps {
  readonly store: Pick<TransactionStore, 'refresh' | 'peek' | 'onDidChangeRecord'>;
  readonly environment: Pick<EnvironmentService, 'target' | 'onDidReset'> & {
    targetLabel(target: string): string;
    /** The records of `ids` on `target` (not the one in use), asking the user nothing. */
    recordsOn(
      target: string,
      ids: readonly string[],
      options?: { readonly deadlineMs?: number },
    ): Promise<Map<string, TransactionRecord>>;
  };
  readonly memento: vscode.Memento;
  readonly log: Logger;
  readonly intervalMs: number;
}
