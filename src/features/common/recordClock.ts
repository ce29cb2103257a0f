/** The clock for records' ages: the sandbox's (tests may skip it ahead) or the wall clock. */
import type { EnvironmentKindSource, SandboxClockSource } from './environmentDeps';

export function recordClockNow(environment: EnvironmentKindSource, sandbox: SandboxClockSource): number {
  return environment.kind === 'sandbox' ? sandbox.clock.now() : Date.now();
}
