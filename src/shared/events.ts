/**
 * A minimal typed event emitter with the shape of `vscode.Event`, so layers below the features
 * (the store) fire events without importing `vscode` and stay testable in plain Node.
 */
export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => Disposable;

export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // A failing listener must not stop the others.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
