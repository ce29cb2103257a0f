/** What since-times are read with on the target in use, for "in status longer than" and the hover's diagnosis. */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import type { AgentToolContext } from '../../agents/types';
import type { AccountSightings } from './accountSightings';

/**
 * What since-times are read with on the target in use (src/agents/statusSince.ts): on the
 * sandbox its control endpoint (each schedule, its clock), on an account its sightings.
 */
export async function timesContext(
  environment: Pick<EnvironmentService, 'connection'>,
  sandbox: Pick<SandboxHost, 'start'>,
  sightings: Pick<AccountSightings, 'of'> | undefined,
  signal?: AbortSignal,
): Promise<AgentToolContext> {
  const connection = await environment.connection();
  const account = connection.kind === 'live' ? connection.account : undefined;
  const base = { client: connection.client, ...(signal ? { signal } : {}) };
  if (account)
    return {
      ...base,
      target: { kind: 'account', label: account.name, host: account.host },
      ...(sightings ? { sightings: sightings.of(account.id) } : {}),
    };
  return { ...base, target: { kind: 'sandbox', label: 'Sandbox' }, control: (await sandbox.start()).control };
}
