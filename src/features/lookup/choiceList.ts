/** The transactions a command offers before a free-text id, each once, at most MAX_PER_SOURCE a source. */
export type ChoiceSource = 'selected' | 'editor' | 'watched' | 'recent' | 'view';

export interface Choice {
  readonly id: string;
  readonly source: ChoiceSource;
}

export interface ChooseOptions {
  readonly title: string;
  /** Ids the command itself knows of (the one under the cursor, the last one it acted on), offered under their source. */
  readonly offered?: readonly Choice[];
  /** What "Enter an ID…" (and the box when nothing is known) starts with; else the editor's selection. */
  readonly value?: string;
}

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
