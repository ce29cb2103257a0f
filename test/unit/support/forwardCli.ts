/** The forwarder's command line in the tests: a sandbox's variables, and a refusal's words. */
import { ForwardCliError, parseForwardCli } from '../../../src/forward/cliArgs';
import { SANDBOX_ENV } from '../../../src/shared/connectionNames';

/** The variables of Copy Sandbox Connection, for a sandbox that need not run. */
export const SANDBOX = { [SANDBOX_ENV.url]: 'http://127.0.0.1:8710', [SANDBOX_ENV.privateKey]: 'abcd' };

/** The words `parseForwardCli` refuses `argv` with, or `accepted`. */
export function refusal(argv: string[], env: NodeJS.ProcessEnv = SANDBOX): string {
  try {
    parseForwardCli(argv, env);
  } catch (error) {
    if (error instanceof ForwardCliError) return error.message;
    throw error;
  }
  return 'accepted';
}
