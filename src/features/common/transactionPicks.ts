/** The data of picking a known transaction (lookup's `TransactionChoices` offers the picks). */

export type ChoiceSource = 'selected' | 'editor' | 'watched' | 'recent' | 'view';

export interface Choice {
  readonly id: string;
  readonly source: ChoiceSource;
}

export interface ChooseOptions {
  readonly title: string;
  /** Ids the command itself knows of (the one under the cursor, the last one it acted on), offered under their source. */
  readonly offered?: readonly Choice[];
  /** The command's own input box, for "Enter an ID…" and when nothing is known. */
  readonly ask: () => Promise<string | undefined>;
}
