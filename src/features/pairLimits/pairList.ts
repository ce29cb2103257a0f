/** The panel's pairs and those used before: versioned global-state lists that keep entries this version cannot read. */

import type * as vscode from 'vscode';
import { MAX_PAIRS, normalizeTicker, pairKey } from '../../shared/currencyPairs';
import type { CurrencyPairKey } from '../../shared/currencyPairs';
import { listValues, readStoredList, storedListJson } from '../../shared/storedState';
import type { ListCodec } from '../../shared/storedState';
import { isRecord } from '../../shared/isRecord';

export const PAIRS_KEY = 'exchangeTx.pairLimits.pairs';
export const RECENT_KEY = 'exchangeTx.pairLimits.recent';
export const MAX_RECENT = 12;

/** A stored entry `{ "from": "btc", "to": "eth" }`: one of another shape is kept unused, an invalid pair dropped. */
const pairCodec: ListCodec<CurrencyPairKey> = {
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

export function readPairs(stored: unknown, max: number): CurrencyPairKey[] {
  return listValues(readStoredList(stored, pairCodec, max));
}

export class PairList {
  constructor(private readonly memento: vscode.Memento) {}

  get pairs(): CurrencyPairKey[] {
    return readPairs(this.memento.get<unknown>(PAIRS_KEY), MAX_PAIRS);
  }

  /** Pairs used before, most recent first, including those still in the list. */
  get used(): CurrencyPairKey[] {
    return readPairs(this.memento.get<unknown>(RECENT_KEY), MAX_RECENT);
  }

  /** Suggestions: pairs used before that are not in the list now. */
  get suggestions(): CurrencyPairKey[] {
    const current = new Set(this.pairs.map(pairKey));
    return this.used.filter((p) => !current.has(pairKey(p)));
  }

  async add(pair: CurrencyPairKey): Promise<void> {
    const others = (pairs: CurrencyPairKey[]) => pairs.filter((p) => pairKey(p) !== pairKey(pair));
    await this.change(PAIRS_KEY, MAX_PAIRS, (pairs) => [...others(pairs), pair]);
    await this.change(RECENT_KEY, MAX_RECENT, (used) => [pair, ...others(used)]);
  }

  /** Takes a pair out of the pairs used before (one the service refused is no suggestion); true if it was there. */
  async forgetUsed(pair: CurrencyPairKey): Promise<boolean> {
    const used = this.used;
    if (!used.some((p) => pairKey(p) === pairKey(pair))) return false;
    await this.change(RECENT_KEY, MAX_RECENT, (pairs) => pairs.filter((p) => pairKey(p) !== pairKey(pair)));
    return true;
  }

  async remove(pair: CurrencyPairKey): Promise<boolean> {
    const pairs = this.pairs;
    const rest = pairs.filter((p) => pairKey(p) !== pairKey(pair));
    if (rest.length === pairs.length) return false;
    await this.change(PAIRS_KEY, MAX_PAIRS, () => rest);
    return true;
  }

  async clear(): Promise<void> {
    await this.change(PAIRS_KEY, MAX_PAIRS, () => []);
    await this.change(RECENT_KEY, MAX_RECENT, () => []);
  }

  private async change(key: string, max: number, next: (pairs: CurrencyPairKey[]) => CurrencyPairKey[]): Promise<void> {
    const stored = readStoredList(this.memento.get<unknown>(key), pairCodec, max);
    await this.memento.update(key, storedListJson(stored, next(listValues(stored)), pairCodec, max));
  }
}
