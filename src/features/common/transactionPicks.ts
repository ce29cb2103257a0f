/** The pick of a known transaction, as features reach it: each adds a source and asks for one. */
import type * as vscode from 'vscode';

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

export interface TransactionPicks {
  /** Adds where ids of one kind come from (a feature's: the view's selection, the watched ones…). */
  provide(source: ChoiceSource, ids: () => readonly string[]): vscode.Disposable;
  choose(options: ChooseOptions): Promise<string | undefined>;
}
