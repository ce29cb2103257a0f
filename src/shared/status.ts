/**
 * Transaction statuses as the service defines them (docs/service/interface.md#statuses), in lifecycle order, with the
 * facts every layer needs: whether a status is final and whether it needs attention.
 * Pure data: imported by the API client, the sandbox, the extension and the webview.
 */

/** The closed list of statuses the service reports, in lifecycle order. */
export const KNOWN_STATUSES = [
  'waiting',
  'confirming',
  'exchanging',
  'sending',
  'hold',
  'finished',
  'failed',
  'refunded',
  'overdue',
  'expired',
] as const;

export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** A decoded status: one of the known ones, or `unknown` (the raw text is kept beside it). */
export type TransactionStatus = KnownStatus | 'unknown';

/** Every status a client can show, lifecycle order, `unknown` last. */
export const ALL_STATUSES: readonly TransactionStatus[] = [...KNOWN_STATUSES, 'unknown'];

/** Statuses after which a transaction never changes again. */
export const FINAL_STATUSES: ReadonlySet<TransactionStatus> = new Set<TransactionStatus>([
  'finished',
  'failed',
  'refunded',
  'overdue',
  'expired',
]);

/**
 * Final statuses the service never leaves. `failed` is final but not settled: support may still
 * refund it (`canRefund`), so whatever follows a transaction follows a failed one too.
 */
export const SETTLED_STATUSES: ReadonlySet<TransactionStatus> = new Set<TransactionStatus>([
  'finished',
  'refunded',
  'overdue',
  'expired',
]);

/** Statuses a transaction can be stuck in (the others are final): where "in status longer than" looks when no status is chosen. */
export const OPEN_STATUSES: readonly KnownStatus[] = KNOWN_STATUSES.filter((s) => !FINAL_STATUSES.has(s));

/** Statuses that need the user's attention (shown with a warning or error colour). */
export const ATTENTION_STATUSES: ReadonlySet<TransactionStatus> = new Set<TransactionStatus>([
  'hold',
  'failed',
  'overdue',
  'expired',
]);

export function isKnownStatus(value: string): value is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(value);
}

/**
 * Maps a status string from the service to a status. `hold*` (the documentation's footnote mark)
 * is read as `hold`; surrounding space and case are ignored; anything else is `unknown`.
 */
export function normalizeStatus(raw: string): TransactionStatus {
  const value = raw.trim().toLowerCase().replace(/\*+$/, '');
  return isKnownStatus(value) ? value : 'unknown';
}

export function isFinalStatus(status: TransactionStatus): boolean {
  return FINAL_STATUSES.has(status);
}
