/** The History in the workspace's Memento (historyModel.ts holds the format); fires when it changes. */
import * as vscode from 'vscode';
import { HISTORY_KEY, historyEntries, withEntry } from './historyModel';
import type { HistoryEntry } from './historyModel';

export class HistoryStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Writes one after another, so that two sends finishing together both land. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly memento: vscode.Memento) {}

  get entries(): HistoryEntry[] {
    return historyEntries(this.memento.get<unknown>(HISTORY_KEY));
  }

  find(id: string): HistoryEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  add(entry: HistoryEntry): Promise<void> {
    return this.write(() => withEntry(this.memento.get<unknown>(HISTORY_KEY), entry));
  }

  clear(): Promise<void> {
    return this.write(() => undefined);
  }

  private write(next: () => unknown): Promise<void> {
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.memento.update(HISTORY_KEY, next());
        this.changed.fire();
      });
    return this.writing;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
