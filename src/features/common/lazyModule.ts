/**
 * A module loaded on first use: `lazyModule(() => import('../x'))` gives a function that loads it
 * the first time it is called and hands back the same module after (a failed load is tried again
 * on the next call).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    const started = (loading ??= load());
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
}
