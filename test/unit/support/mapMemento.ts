import type * as vscode from 'vscode';

/**
 * The global state as VS Code keeps it: values stored as JSON (a copy, never the caller's object),
 * `undefined` removing the key.
 */
export class MapMemento implements vscode.Memento {
  readonly values = new Map<string, string>();
  updates = 0;

  keys(): readonly string[] {
    return [...this.values.keys()];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const stored = this.values.get(key);
    return stored === undefined ? defaultValue : (JSON.parse(stored) as T);
  }

  update(key: string, value: unknown): Thenable<void> {
    this.updates++;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.stringify(value));
    return Promise.resolve();
  }

  raw(key: string): unknown {
    const stored = this.values.get(key);
    return stored === undefined ? undefined : JSON.parse(stored);
  }
}
