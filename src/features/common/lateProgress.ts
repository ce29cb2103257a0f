/** Progress in the status bar at once; a cancellable notification only past a second. */
import * as vscode from 'vscode';
import { withLateProgress } from '../../shared/lateProgress';
import type { LateProgressOptions, LateProgressShell, StepReport } from '../../shared/lateProgress';

const shell: LateProgressShell = {
  quiet: (title, work, follow) =>
    vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, (progress) => {
      follow((message) => progress.report({ message }));
      return work;
    }),
  notify: (title, until, onCancel, follow) => {
    void vscode.window.withProgress<void>(
      { location: vscode.ProgressLocation.Notification, title, cancellable: onCancel !== undefined },
      (progress, token): Promise<void> => {
        follow((message) => progress.report({ message }));
        const subscription = token.onCancellationRequested(() => onCancel?.());
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
  work: (signal: AbortSignal, report: StepReport) => Promise<T>,
  options?: LateProgressOptions,
): Promise<T> {
  return withLateProgress(shell, title, work, options);
}
