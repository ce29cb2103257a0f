/**
 * The command line of `npm run forward`, parsed with node's util.parseArgs, and where its keys and
 * secret come from (environment variables only: a command line is visible to other users). Kept
 * apart from cli.ts so it can be tested without starting anything.
 */
import { parseArgs } from 'util';
import { DEFAULT_INTERVAL_MS, DEFAULT_LOOKBACK_MS, MIN_INTERVAL_MS } from './forwarder';
import type { HookTargetOptions } from './target';
import { checkHookUrl, DEFAULT_HOOK_URL } from './target';

import { ACCOUNT_ENV, DEFAULT_BASE_URL, SANDBOX_ENV } from '../shared/connectionNames';

/** What "Copy Sandbox Connection" writes, what an account's "Copy as…" snippets read, and the service's address. */
export { ACCOUNT_ENV, SANDBOX_ENV };

export const FORWARD_USAGE = `Usage: npm run forward -- [options]

Polls the service for status changes of transactions and POSTs each change, as a signed JSON
event, to a URL of yours (in order, once; retried while your receiver is down). Ctrl+C stops it.

Where it polls (keys come from environment variables only):
  (default)         the sandbox given by ${SANDBOX_ENV.url}, ${SANDBOX_ENV.apiKey} and
                    ${SANDBOX_ENV.privateKey} (what "Copy Sandbox Connection" writes)
  --account         an account: ${ACCOUNT_ENV.privateKey} (hex DER PKCS#8 or PEM), ${ACCOUNT_ENV.apiKey}
                    (checked against the key), ${ACCOUNT_ENV.url} (default ${DEFAULT_BASE_URL})

Options:
  --to URL          where events go (default ${DEFAULT_HOOK_URL}); http or https on this machine
                    (127.0.0.1, ::1, localhost); another host only over https with --allow-host
  --allow-host HOST allow events to go to HOST (as in the URL, with its port if it has one)
  --secret-env NAME read the signing secret from the environment variable NAME (at least 16
                    characters); without it a fresh secret is generated and printed once to stderr
  --interval MS     time between polls (default ${DEFAULT_INTERVAL_MS}; at least ${MIN_INTERVAL_MS})
  --lookback MS     how far back the first poll looks (default ${DEFAULT_LOOKBACK_MS}, a day)
  --emit-initial    send an event (from null) for every transaction the first poll finds
  --help            show this text

Each event: POST, content-type application/json, {"id","from","to","transaction","at"}, header
X-Exchange-Tx-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>.
`;

export class ForwardCliError extends Error {}

export interface ForwardSettings {
  readonly help: boolean;
  readonly to: URL;
  readonly target: HookTargetOptions;
  readonly mode: 'sandbox' | 'account';
  readonly baseUrl: string;
  readonly privateKey: string;
  readonly apiKey: string | undefined;
  /** undefined: generate one. */
  readonly secret: string | undefined;
  readonly intervalMs: number;
  readonly lookbackMs: number;
  readonly emitInitial: boolean;
}

function wholeNumber(text: string | undefined, name: string, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,12}$/.test(text) || Number(text) < min) throw new ForwardCliError(`--${name} must be a whole number of ms, at least ${min}.`);
  return Number(text);
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ForwardCliError(`${name} is not set: ${why}.`);
  return value;
}

export function parseForwardCli(argv: readonly string[], env: NodeJS.ProcessEnv): ForwardSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        to: { type: 'string' },
        'allow-host': { type: 'string' },
        account: { type: 'boolean' },
        'secret-env': { type: 'string' },
        interval: { type: 'string' },
        lookback: { type: 'string' },
        'emit-initial': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ForwardCliError(error instanceof Error ? error.message : String(error));
  }
  const help = values.help === true;
  const target: HookTargetOptions = values['allow-host'] === undefined ? {} : { allowedHost: values['allow-host'] };
  let to: URL;
  try {
    to = checkHookUrl(values.to ?? DEFAULT_HOOK_URL, target);
  } catch (error) {
    throw new ForwardCliError(`--to: ${error instanceof Error ? error.message : String(error)}`);
  }
  let secret: string | undefined;
  const secretEnv = values['secret-env'];
  if (secretEnv !== undefined) {
    secret = required(env, secretEnv, 'it is named by --secret-env');
    if (secret.length < 16) throw new ForwardCliError(`The secret in ${secretEnv} must be at least 16 characters.`);
  }
  const mode = values.account === true ? 'account' : 'sandbox';
  const names = mode === 'account' ? ACCOUNT_ENV : SANDBOX_ENV;
  const why = mode === 'account' ? 'the account key to poll with (--account)' : 'the sandbox to poll (run "Copy Sandbox Connection" and export its lines), or use --account';
  return {
    help,
    to,
    target,
    mode,
    baseUrl: mode === 'account' ? (env[names.url]?.trim() || DEFAULT_BASE_URL) : help ? '' : required(env, names.url, why),
    privateKey: help ? '' : required(env, names.privateKey, why),
    apiKey: env[names.apiKey]?.trim() || undefined,
    secret,
    intervalMs: wholeNumber(values.interval, 'interval', DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS),
    lookbackMs: wholeNumber(values.lookback, 'lookback', DEFAULT_LOOKBACK_MS, 1),
    emitInitial: values['emit-initial'] === true,
  };
}
