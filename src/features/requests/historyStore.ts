/**
 * The History of request documents in the workspace's Memento (historyModel.ts holds the format
 * and its bounds); fires when it changes.
 */
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
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.memento.update(HISTORY_KEY, withEntry(this.memento.get<unknown>(HISTORY_KEY), entry));
        this.changed.fire();
      });
    return this.writing;
  }

  clear(): Promise<void> {
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.memento.update(HISTORY_KEY, undefined);
        this.changed.fire();
      });
    return this.writing;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
