import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Features are registered here as they arrive.
}

export function deactivate(): void {
  // Nothing to release yet.
}
