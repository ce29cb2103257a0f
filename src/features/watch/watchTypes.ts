/** What the status watch hands to its callers (the commands, the tests). */
import type { TransactionStatus } from '../../shared/status';

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
