/** Where the ledger's snapshot is kept, bounded to one control request's body. */
import { MAX_CONTROL_BODY_BYTES } from '../../shared/controlProtocol';
import type { LedgerSnapshot } from '../../shared/controlProtocol';

/** Where the ledger's snapshot is kept (global storage: it is the machine's sandbox, not a workspace's). */
export const LEDGER_STATE_KEY = 'exchangeTx.sandbox.ledger';

/** The snapshot within `maxBytes` of JSON: the oldest transactions (at the end) go first. */
export function fitted(snapshot: LedgerSnapshot, maxBytes: number = MAX_CONTROL_BODY_BYTES - 1024): LedgerSnapshot {
  let kept = snapshot;
  while (kept.transactions.length > 0 && Buffer.byteLength(JSON.stringify(kept), 'utf8') > maxBytes) {
    kept = { ...kept, transactions: kept.transactions.slice(0, Math.floor(kept.transactions.length * 0.9)) };
  }
  return kept;
}
