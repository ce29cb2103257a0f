/** A hard time bound for synchronous work (a backtracking pattern), in a reused `node:vm` context. */
import * as vm from 'node:vm';

/** How long one bounded call may run. */
export const TIME_BOUND_MS = 5;
/** How long a second try of a call stopped by the bound may run (a pause of the process is not a runaway). */
export const RETRY_BOUND_MS = 10 * TIME_BOUND_MS;

export type Bounded<T> = { readonly timedOut: false; readonly value: T } | { readonly timedOut: true };

/** The one context and script every call reuses; the script only calls what is put in `job`. */
let runner: { readonly context: vm.Context; readonly script: vm.Script } | undefined;

function getRunner(): { readonly context: vm.Context; readonly script: vm.Script } {
  runner ??= {
    context: vm.createContext(Object.create(null) as object),
    script: new vm.Script('job()', { filename: 'exchange-tx-time-bound' }),
  };
  return runner;
}

function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT'
  );
}

/** Runs `work` and gives its result, or `{ timedOut: true }` past `timeoutMs`. */
export function runBounded<T>(work: () => T, timeoutMs: number = TIME_BOUND_MS): Bounded<T> {
  const { context, script } = getRunner();
  let result: Bounded<T> = { timedOut: true };
  context.job = () => {
    result = { timedOut: false, value: work() };
  };
  try {
    script.runInContext(context, { timeout: timeoutMs });
  } catch (error) {
    if (isTimeout(error)) return { timedOut: true };
    throw error;
  } finally {
    context.job = undefined;
  }
  return result;
}
