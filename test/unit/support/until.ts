/**
 * Waits until a condition holds, checking it every few milliseconds: a test synchronises on what
 * happened, never on a guess of how long it takes (the test's own timeout bounds the wait).
 */
export async function until(condition: () => boolean, everyMs = 5): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
