/** The clock for records' ages: the sandbox's (tests may skip it ahead) or the wall clock. */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';

export function recordClockNow(
  environment: Pick<EnvironmentService, 'kind'>,
  sandbox: Pick<SandboxHost, 'clock'>,
): number {
  return environment.kind === 'sandbox' ? sandbox.clock.now() : Date.now();
}
