/**
 * The transactions a command that takes one offers before a free-text id: the one under the cursor
 * in the editor (where the user is looking), the one selected in the Transactions view, the watched ones, the ones looked up lately and the
 * ones loaded in the view, in that order, each once (where it first appears), with at most
 * {@link MAX_PER_SOURCE} of each source. Pure: no `vscode` import.
 */
import type { Choice, ChoiceSource } from '../common/transactionPicks';

/** The order the sources are offered in. */
export const SOURCE_ORDER: readonly ChoiceSource[] = ['editor', 'selected', 'watched', 'recent', 'view'];

export const MAX_PER_SOURCE = 25;

/** The ids of each source, deduplicated across sources in {@link SOURCE_ORDER}. */
export function choiceList(ids: Partial<Record<ChoiceSource, readonly string[]>>): Choice[] {
  const seen = new Set<string>();
  const list: Choice[] = [];
  for (const source of SOURCE_ORDER) {
    let taken = 0;
    for (const id of ids[source] ?? []) {
      if (seen.has(id) || taken >= MAX_PER_SOURCE) continue;
      seen.add(id);
      taken++;
      list.push({ id, source });
    }
  }
  return list;
}
