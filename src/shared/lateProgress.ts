/**
 * Progress for interactive work that is usually quick (send a request, look an id up): a quiet
 * sign at once (the status bar's spinner, which VS Code shows only past 150 ms), a cancellable
 * notification only when the work still runs after `notifyAfterMs`. VS Code keeps a notification
 * progress up for at least 800 ms once it opened, so one opened at once for a 10 ms answer stayed
 * over the answer it had already brought. The work gets one signal: aborted by the notification's
 * Cancel or by the caller's own signal; and a `report` for the step it is at, shown by both signs
 * (a notification opened late starts with the latest step). Pure: the two ways of showing
 * progress are given.
 */

/** How long quick work runs before it earns a notification (below a second reads as instant). */
export const NOTIFY_AFTER_MS = 1000;

/** Shows the step the work is at. */
export type StepReport = (message: string) => void;
/** Hands a sign's way of showing a step to the work's reports (the latest one at once). */
export type FollowSteps = (show: StepReport) => void;

export interface LateProgressShell {
  /** Shows quiet progress while `work` runs (VS Code: ProgressLocation.Window). */
  readonly quiet: <T>(title: string, work: Promise<T>, follow: FollowSteps) => PromiseLike<T>;
  /** Shows a notification until `until` settles; when `onCancel` is given, with Cancel, which calls it. */
  readonly notify: (
    title: string,
    until: Promise<void>,
    onCancel: (() => void) | undefined,
    follow: FollowSteps,
  ) => void;
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
}

export interface LateProgressOptions {
  /** The caller's own signal (a tool call's, say): aborts the work too. */
  readonly signal?: AbortSignal;
  readonly notifyAfterMs?: number;
  /** Whether the notification offers Cancel (default: yes; no for work that cannot stop). */
  readonly cancellable?: boolean;
}

export async function withLateProgress<T>(
  shell: LateProgressShell,
  title: string,
  work: (signal: AbortSignal, report: StepReport) => Promise<T>,
  options: LateProgressOptions = {},
): Promise<T> {
  let latest: string | undefined;
  const shows = new Set<StepReport>();
  const follow: FollowSteps = (show) => {
    shows.add(show);
    if (latest !== undefined) show(latest);
  };
  const report: StepReport = (message) => {
    latest = message;
    for (const show of shows) show(message);
  };
  const controller = new AbortController();
  const abort = () => controller.abort();
  const { signal } = options;
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const running = work(controller.signal, report);
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  let done = false;
  void settled.then(() => {
    done = true;
  });
  const timer = shell.setTimer(() => {
    if (!done) shell.notify(title, settled, options.cancellable === false ? undefined : abort, follow);
  }, options.notifyAfterMs ?? NOTIFY_AFTER_MS);
  try {
    return await shell.quiet(title, running, follow);
  } finally {
    shell.clearTimer(timer);
    signal?.removeEventListener('abort', abort);
  }
}
