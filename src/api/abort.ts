import { setMaxListeners } from 'events';

/**
 * One signal that aborts when any of several does, with listeners removed when the caller is done
 * (a client's lifetime signal outlives thousands of calls; `AbortSignal.any` would keep them all).
 */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Detaches from the source signals. */
  unlink(): void;
}

export function linkSignals(...sources: readonly (AbortSignal | undefined)[]): LinkedSignal {
  const controller = new AbortController();
  const present = sources.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (): void => {
    unlink();
    controller.abort();
  };
  const unlink = (): void => {
    for (const source of present) source.removeEventListener('abort', onAbort);
  };
  if (present.some((s) => s.aborted)) {
    controller.abort();
    return { signal: controller.signal, unlink: () => undefined };
  }
  for (const source of present) source.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, unlink };
}

/**
 * The controller of a lifetime signal (a client's): every call in flight links to it at once, so
 * it may have any number of listeners; Node would otherwise warn of a leak past ten concurrent
 * calls. Each listener is still removed when its call ends (`unlink`).
 */
export function lifetimeController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
