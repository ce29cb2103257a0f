/**
 * How the pair lists are stored (the panel's pairs and the pairs used before): entries
 * `{ "from": "btc", "to": "eth" }` in a versioned list (see src/shared/storedState.ts). What is read
 * back is checked like any outside input: an entry with string tickers that do not make a valid
 * pair is dropped; an entry of another shape is kept for whoever wrote it, unused. Pure: no `vscode`.
 */
import { normalizeTicker, pairKey } from '../../shared/currencyPairs';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import { listValues, readStoredList } from '../../shared/storedState';
import type { ListCodec } from '../../shared/storedState';
import { isRecord } from '../../shared/isRecord';

export const pairCodec: ListCodec<CurrencyPairKey> = {
  read(entry) {
    if (!isRecord(entry) || typeof entry.from !== 'string' || typeof entry.to !== 'string') return 'unknown';
    const a = normalizeTicker(entry.from);
    const b = normalizeTicker(entry.to);
    if (!('ticker' in a) || !('ticker' in b) || a.ticker === b.ticker) return 'invalid';
    return { value: { from: a.ticker, to: b.ticker } };
  },
  key: pairKey,
  // Exactly the two fields, whatever the pair object carries; other fields of a stored entry stay.
  write: (pair, stored) => ({ ...(isRecord(stored) ? stored : {}), from: pair.from, to: pair.to }),
};

/** Valid, distinct, normalized pairs from whatever was stored, at most `max` entries read. */
export function readPairs(stored: unknown, max: number): CurrencyPairKey[] {
  return listValues(readStoredList(stored, pairCodec, max));
}
