/**
 * `withLateProgress` (src/shared/lateProgress.ts) on VS Code's progress: the status bar's spinner
 * at once, a cancellable notification only for work that runs past a second.
 */
import * as vscode from 'vscode';
import { withLateProgress } from '../shared/lateProgress';
import type { LateProgressOptions, LateProgressShell } from '../shared/lateProgress';

const shell: LateProgressShell = {
  quiet: (title, work) => vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => work),
  notify: (title, until, onCancel) => {
    void vscode.window.withProgress<void>(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token): Promise<void> => {
        const subscription = token.onCancellationRequested(onCancel);
        return until.finally(() => {
          subscription.dispose();
        });
      },
    );
  },
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Runs interactive work with a quiet sign at once and a cancellable notification only when it is slow. */
export function withInteractiveProgress<T>(
  title: string,
  work: (signal: AbortSignal) => Promise<T>,
  options?: LateProgressOptions,
): Promise<T> {
  return withLateProgress(shell, title, work, options);
}
