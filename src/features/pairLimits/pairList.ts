/**
 * The pairs of the panel and the pairs used before (the suggestions), kept in the global state
 * as plain JSON arrays of `{from, to}`. What is read back is checked like any outside input: an
 * entry that is not a valid pair is dropped, so a hand-edited or older state cannot break the panel.
 */
import type * as vscode from 'vscode';
import { MAX_PAIRS, normalizeTicker, pairKey } from '../../shared/pairLimitsProtocol';
import type { CurrencyPairKey } from '../../shared/pairLimitsProtocol';

export const PAIRS_KEY = 'exchangeTx.pairLimits.pairs';
export const RECENT_KEY = 'exchangeTx.pairLimits.recent';
/** Pairs remembered as used before. */
export const MAX_RECENT = 12;

/** Valid, distinct pairs from whatever was stored, at most `max`. */
export function readPairs(stored: unknown, max: number): CurrencyPairKey[] {
  if (!Array.isArray(stored)) return [];
  const pairs: CurrencyPairKey[] = [];
  const seen = new Set<string>();
  for (const item of stored as unknown[]) {
    if (pairs.length >= max) break;
    if (typeof item !== 'object' || item === null) continue;
    const { from, to } = item as Record<string, unknown>;
    if (typeof from !== 'string' || typeof to !== 'string') continue;
    const a = normalizeTicker(from);
    const b = normalizeTicker(to);
    if (!('ticker' in a) || !('ticker' in b) || a.ticker === b.ticker) continue;
    const pair = { from: a.ticker, to: b.ticker };
    if (seen.has(pairKey(pair))) continue;
    seen.add(pairKey(pair));
    pairs.push(pair);
  }
  return pairs;
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
    const pairs = this.pairs.filter((p) => pairKey(p) !== pairKey(pair));
    await this.memento.update(PAIRS_KEY, toJson([...pairs, pair]));
    const used = this.used.filter((p) => pairKey(p) !== pairKey(pair));
    await this.memento.update(RECENT_KEY, toJson([pair, ...used].slice(0, MAX_RECENT)));
  }

  async remove(pair: CurrencyPairKey): Promise<boolean> {
    const pairs = this.pairs;
    const rest = pairs.filter((p) => pairKey(p) !== pairKey(pair));
    if (rest.length === pairs.length) return false;
    await this.memento.update(PAIRS_KEY, toJson(rest));
    return true;
  }

  /** Empties the list and forgets the pairs used before. */
  async clear(): Promise<void> {
    await this.memento.update(PAIRS_KEY, undefined);
    await this.memento.update(RECENT_KEY, undefined);
  }
}

/** Plain objects with exactly the two fields, whatever the pairs were. */
function toJson(pairs: readonly CurrencyPairKey[]): { from: string; to: string }[] {
  return pairs.map((p) => ({ from: p.from, to: p.to }));
}
