// What the runner starts for the tests before the host, and hands to them as EXCHANGE_TX_TEST_*
// variables. The extension host inherits the environment of the host process, so a test reads
// `process.env.EXCHANGE_TX_TEST_…`. Start services here (a local sandbox of the exchange
// service, say), put their addresses into `env`, and stop them in `dispose`.
import type { HostKind } from './config';

export interface Fixtures {
  readonly env: Readonly<Record<string, string>>;
  dispose(): Promise<void>;
}

/** Prefix of the variables handed to the tests; any of them set for the runner is passed on too. */
export const TEST_ENV_PREFIX = 'EXCHANGE_TX_TEST_';

export function startFixtures(host: HostKind): Promise<Fixtures> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith(TEST_ENV_PREFIX) && value !== undefined) env[name] = value;
  }
  env[`${TEST_ENV_PREFIX}HOST`] = host;
  return Promise.resolve({ env, dispose: () => Promise.resolve() });
}
