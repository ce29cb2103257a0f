/**
 * Waits until a condition holds, checking it every few milliseconds: a test synchronises on what
 * happened, never on a guess of how long it takes (the test's own timeout bounds the wait).
 */
export async function until(condition: () => boolean, everyMs = 5): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/** Whether `promise` has settled once the pending callbacks ran (no timer involved). */
export async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
