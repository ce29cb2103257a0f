/**
 * The clock that dates the records of the environment in use, for measuring their ages: the
 * built-in sandbox's (real time that tests and Skip Time move ahead) for sandbox records, the wall
 * clock for an account's.
 */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';

export function recordClockNow(
  environment: Pick<EnvironmentService, 'kind'>,
  sandbox: Pick<SandboxHost, 'clock'>,
): number {
  return environment.kind === 'sandbox' ? sandbox.clock.now() : Date.now();
}
