/**
 * Progress for interactive work that is usually quick (send a request, look an id up): a quiet
 * sign at once (the status bar's spinner, which VS Code shows only past 150 ms), a cancellable
 * notification only when the work still runs after `notifyAfterMs`. VS Code keeps a notification
 * progress up for at least 800 ms once it opened, so one opened at once for a 10 ms answer stayed
 * over the answer it had already brought. The work gets one signal: aborted by the notification's
 * Cancel or by the caller's own signal. Pure: the two ways of showing progress are given.
 */

/** How long quick work runs before it earns a notification (below a second reads as instant). */
export const NOTIFY_AFTER_MS = 1000;

export interface LateProgressShell {
  /** Shows quiet progress while `work` runs (VS Code: ProgressLocation.Window). */
  readonly quiet: <T>(title: string, work: Promise<T>) => PromiseLike<T>;
  /** Shows a cancellable notification until `until` settles; `onCancel` when the user cancels. */
  readonly notify: (title: string, until: Promise<void>, onCancel: () => void) => void;
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
}

export interface LateProgressOptions {
  /** The caller's own signal (a tool call's, say): aborts the work too. */
  readonly signal?: AbortSignal;
  readonly notifyAfterMs?: number;
}

export async function withLateProgress<T>(
  shell: LateProgressShell,
  title: string,
  work: (signal: AbortSignal) => Promise<T>,
  options: LateProgressOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const { signal } = options;
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const running = work(controller.signal);
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  let done = false;
  void settled.then(() => {
    done = true;
  });
  const timer = shell.setTimer(() => {
    if (!done) shell.notify(title, settled, abort);
  }, options.notifyAfterMs ?? NOTIFY_AFTER_MS);
  try {
    return await shell.quiet(title, running);
  } finally {
    shell.clearTimer(timer);
    signal?.removeEventListener('abort', abort);
  }
}
