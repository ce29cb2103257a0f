/** The sandbox ledger kept in global storage; one that cannot be restored is set aside, never deleted. */
import type * as vscode from 'vscode';
import { MAX_CONTROL_BODY_BYTES } from '../../shared/controlProtocol';
import type { LedgerSnapshot, RestoreOutcome } from '../../shared/controlProtocol';
import { listValues, readStoredList, storedListJson } from '../../shared/storedState';
import type { ListCodec } from '../../shared/storedState';
import type { Logger } from '../common/log';
import { errorText } from '../../shared/errorText';
import { isRecord } from '../../shared/isRecord';

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

/** Where kept ledgers that could not be restored are set aside, newest first. */
export const SET_ASIDE_LEDGERS_KEY = 'exchangeTx.sandbox.ledger.setAside';
/** How many set-aside ledgers are kept (each bounded like the kept one). */
export const MAX_SET_ASIDE = 3;

export interface SetAsideLedger {
  readonly setAsideAt: string;
  readonly reason: string;
  readonly snapshot: unknown;
}

const codec: ListCodec<SetAsideLedger> = {
  read(entry) {
    if (!isRecord(entry) || !('snapshot' in entry)) return 'unknown';
    const { setAsideAt, reason, snapshot } = entry;
    if (typeof setAsideAt !== 'string' || typeof reason !== 'string' || snapshot === undefined) return 'invalid';
    return { value: { setAsideAt, reason, snapshot } };
  },
  key: (value) => `${value.setAsideAt}|${value.reason}`,
  write: (value, stored) => ({
    ...(isRecord(stored) ? stored : {}),
    setAsideAt: value.setAsideAt,
    reason: value.reason,
    snapshot: value.snapshot,
  }),
};

export function setAsideLedgers(state: vscode.Memento): SetAsideLedger[] {
  return listValues(readStoredList(state.get<unknown>(SET_ASIDE_LEDGERS_KEY), codec, MAX_SET_ASIDE));
}

export interface RestoreKeptDeps {
  readonly state: vscode.Memento;
  readonly log: Logger;
  readonly restore: (snapshot: unknown) => Promise<RestoreOutcome>;
  readonly now?: () => Date;
}

export type RestoreResult = 'nothing-kept' | 'restored' | 'set-aside' | 'not-set-aside';

/** Restores the kept ledger; on failure it leaves its key only once it is set aside. */
export async function restoreKeptLedger({
  state,
  log,
  restore,
  now = () => new Date(),
}: RestoreKeptDeps): Promise<RestoreResult> {
  const kept = state.get<unknown>(LEDGER_STATE_KEY);
  if (kept === undefined) return 'nothing-kept';
  let reason: string;
  try {
    const outcome = await restore(kept);
    log.info(
      `sandbox ledger restored: ${outcome.restored} created or changed transactions${outcome.dropped > 0 ? `, ${outcome.dropped} dropped` : ''}`,
    );
    return 'restored';
  } catch (error) {
    reason = errorText(error);
  }
  const setAsideAt = now().toISOString();
  try {
    const list = readStoredList(state.get<unknown>(SET_ASIDE_LEDGERS_KEY), codec, MAX_SET_ASIDE);
    const values = [{ setAsideAt, reason, snapshot: kept }, ...listValues(list)];
    await state.update(SET_ASIDE_LEDGERS_KEY, storedListJson(list, values, codec, MAX_SET_ASIDE));
    await state.update(LEDGER_STATE_KEY, undefined);
  } catch (error) {
    log.warn(
      `the kept sandbox ledger could not be restored (${reason}) nor set aside (${errorText(error)}): it stays under ${LEDGER_STATE_KEY} until the new ledger is kept; this sandbox starts with a new ledger`,
    );
    return 'not-set-aside';
  }
  log.warn(
    `the kept sandbox ledger could not be restored (${reason}): it is set aside, not deleted (global state ${SET_ASIDE_LEDGERS_KEY}, ${setAsideAt}); this sandbox starts with a new ledger`,
  );
  return 'set-aside';
}
