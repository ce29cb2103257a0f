/**
 * The clock that dates the records of the environment in use, for measuring their ages: the
 * built-in sandbox's (real time that tests and Skip Time move ahead) for sandbox records, the wall
 * clock for an account's.
 */
import type { EnvironmentKindSource, SandboxClockSource } from './environmentDeps';

export function recordClockNow(environment: EnvironmentKindSource, sandbox: SandboxClockSource): number {
  return environment.kind === 'sandbox' ? sandbox.clock.now() : Date.now();
}
