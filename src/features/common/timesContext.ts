/** What since-times are read with on the target in use. */
import type { AgentToolContext } from '../../agents/types';
import type { AccountSightings } from './accountSightings';
import type { CurrentConnection, SandboxStarter } from './environmentDeps';

/** The sandbox's control endpoint, or on an account its sightings. */
export async function timesContext(
  environment: CurrentConnection,
  sandbox: SandboxStarter,
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
