/**
 * The command line of `npm run forward`, parsed with node's util.parseArgs, and where its keys and
 * secret come from (environment variables only: a command line is visible to other users). Kept
 * apart from cli.ts so it can be tested without starting anything.
 */
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { isLoopbackHost } from '../api/endpoint';
import { DEFAULT_INTERVAL_MS, DEFAULT_LOOKBACK_MS, DEFAULT_MAX_RPS, MIN_INTERVAL_MS, SERVICE_RPS } from './forwarder';
import type { HookTargetOptions } from './target';
import { checkHookUrl, DEFAULT_HOOK_URL } from './target';
import type { PayloadFormat } from '../shared/statusEvents';
import { PAYLOAD_FORMATS } from '../shared/statusEvents';

import { ACCOUNT_ENV, DEFAULT_BASE_URL, SANDBOX_ENV } from '../shared/connectionNames';
import { errorText } from '../shared/errorText';
import { terminalText } from '../shared/safeText';
import type { KnownStatus } from '../shared/status';
import { KNOWN_STATUSES } from '../shared/status';

export const FORWARD_USAGE = `Usage: npm run forward -- [options]

Polls the service for status changes of transactions and POSTs each change, as a signed JSON
event, to a URL of yours (in order per transaction; retried while your receiver is down). What it
knows and what waits is kept in a state file, so a stop, a crash or a restart loses nothing: the
next start sends what changed meanwhile, from the status last seen, with the ids the
events would have had. Ctrl+C stops it (and says how many events wait for the next start).

Where it polls (keys come from environment variables only):
  (default)         the sandbox given by ${SANDBOX_ENV.url}, ${SANDBOX_ENV.apiKey} and
                    ${SANDBOX_ENV.privateKey} (what "Copy Sandbox Connection" writes)
  --account         an account: ${ACCOUNT_ENV.privateKey} (hex DER PKCS#8 or PEM), ${ACCOUNT_ENV.apiKey}
                    (checked against the key), ${ACCOUNT_ENV.url} (default ${DEFAULT_BASE_URL})

Options:
  --to URL          where events go (default ${DEFAULT_HOOK_URL}); http or https on this machine
                    (127.0.0.1, ::1, localhost); another host only over https with --allow-host
  --allow-host HOST allow events to go to HOST (as in the URL, with its port if it has one)
  --secret-env NAME read the signing secret from the environment variable NAME (a whsec_… secret,
                    or any of at least 16 characters); without it the secret kept in the state file
                    signs (made and printed once, to stderr, at the first start)
  --rotate-secret   make a new secret (printed once); the old one also signs for 24 hours
  --state FILE      the state file (default: one per service and key under
                    ${defaultStateFolder().replace(os.homedir(), '~')}); owner-only
  --max-rps N       requests per second this forwarder may make: its share of the key's
                    ${SERVICE_RPS} (default ${DEFAULT_MAX_RPS})
  --interval MS     time between polls (default ${DEFAULT_INTERVAL_MS}; at least ${MIN_INTERVAL_MS})
  --lookback MS     how far back the first start learns settled transactions (default
                    ${DEFAULT_LOOKBACK_MS}, a day); moving ones are followed whatever their age
  --emit-initial    at the first start, send an event (from null) for every transaction found
  --status LIST     send only changes to these statuses, comma-separated (e.g.
                    finished,failed,refunded; default: every change); the others are still
                    followed, so an event's "from" is the status last seen
  --payload FORMAT  the body of each event: standard (default) or legacy
  --retry-hours N   how long a failing event is retried before it is parked (default 24, at
                    most 720); the waits go from 5 s, doubling, to an hour
  --help            show this text

Each event: POST, content-type application/json, in the Standard Webhooks envelope
{"type":"transaction.status_changed","timestamp","data":{"id","from","to","transaction","at"}} (or
{"type":"events.gap","timestamp","data":{"id","reason","at"}}: resynchronise); --payload legacy
sends the data alone ({"id","type":"gap","reason","at"} for a gap). Headers: webhook-id,
webhook-timestamp, webhook-signature (v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">) and
X-Exchange-Tx-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>.
`;

/** The statuses of `--status a,b,c`, each one the service has; a ForwardCliError names one it has not. */
export function statusList(text: string): ReadonlySet<KnownStatus> {
  const names = text.split(',').map((name) => name.trim());
  const set = new Set<KnownStatus>();
  for (const name of names) {
    const status = KNOWN_STATUSES.find((known) => known === name);
    if (status === undefined)
      throw new ForwardCliError(
        `--status: ${JSON.stringify(terminalText(name, 40))} is not a status; the statuses are ${KNOWN_STATUSES.join(', ')}.`,
      );
    set.add(status);
  }
  return set;
}

/** Where state files go by default: the user's data folder (XDG_DATA_HOME, Application Support, LOCALAPPDATA). */
export function defaultStateFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (platform === 'win32')
    return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'exchange-tx', 'forward');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'exchange-tx', 'forward');
  return path.join(env.XDG_DATA_HOME?.trim() || path.join(home, '.local', 'share'), 'exchange-tx', 'forward');
}

/** The identity of what is polled (the service's address and the key), part of every event's id: no secret in it. */
export function accountIdentity(baseUrl: string, apiKey: string): string {
  return `${baseUrl.replace(/\/+$/, '')}#${apiKey}`;
}

export class ForwardCliError extends Error {}

export interface ForwardSettings {
  readonly help: boolean;
  readonly to: URL;
  readonly target: HookTargetOptions;
  readonly mode: 'sandbox' | 'account';
  readonly baseUrl: string;
  readonly privateKey: string;
  readonly apiKey: string | undefined;
  /** From --secret-env; undefined: the state file's. */
  readonly secret: string | undefined;
  readonly rotateSecret: boolean;
  /** undefined: the default file for the account (known once the key is loaded). */
  readonly stateFile: string | undefined;
  readonly maxRps: number;
  readonly intervalMs: number;
  readonly lookbackMs: number;
  readonly emitInitial: boolean;
  readonly payload: PayloadFormat;
  /** Only changes to these statuses are sent; undefined: every change. */
  readonly statuses: ReadonlySet<KnownStatus> | undefined;
  readonly retryHours: number;
}

function wholeNumber(text: string | undefined, name: string, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,12}$/.test(text) || Number(text) < min)
    throw new ForwardCliError(`--${name} must be a whole number of ms, at least ${min}.`);
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
        'rotate-secret': { type: 'boolean' },
        state: { type: 'string' },
        'max-rps': { type: 'string' },
        payload: { type: 'string' },
        status: { type: 'string' },
        'retry-hours': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ForwardCliError(errorText(error));
  }
  const help = values.help === true;
  const target: HookTargetOptions = values['allow-host'] === undefined ? {} : { allowedHost: values['allow-host'] };
  let to: URL;
  try {
    to = checkHookUrl(values.to ?? DEFAULT_HOOK_URL, target);
  } catch (error) {
    throw new ForwardCliError(`--to: ${errorText(error)}`);
  }
  let secret: string | undefined;
  const secretEnv = values['secret-env'];
  if (secretEnv !== undefined) {
    secret = required(env, secretEnv, 'it is named by --secret-env');
    if (secret.length < 16) throw new ForwardCliError(`The secret in ${secretEnv} must be at least 16 characters.`);
  }
  if (secretEnv !== undefined && values['rotate-secret'] === true)
    throw new ForwardCliError(
      '--rotate-secret rotates the secret kept in the state file; with --secret-env, change the variable instead.',
    );
  const mode = values.account === true ? 'account' : 'sandbox';
  const names = mode === 'account' ? ACCOUNT_ENV : SANDBOX_ENV;
  const why =
    mode === 'account'
      ? 'the account key to poll with (--account)'
      : 'the sandbox to poll (run "Copy Sandbox Connection" and export its lines), or use --account';
  const baseUrl =
    mode === 'account' ? env[names.url]?.trim() || DEFAULT_BASE_URL : help ? '' : required(env, names.url, why);
  if (mode === 'sandbox' && !help) {
    // The sandbox runs on this machine: a sandbox URL elsewhere would send the signed requests of a sandbox key away.
    let host = '';
    try {
      const url = new URL(baseUrl);
      host = url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : '';
    } catch {
      host = '';
    }
    if (!isLoopbackHost(host))
      throw new ForwardCliError(
        `${names.url} must be the sandbox on this machine (http://127.0.0.1:PORT); for another service use --account.`,
      );
  }
  const maxRpsText = values['max-rps'];
  if (
    maxRpsText !== undefined &&
    (!/^\d{1,2}$/.test(maxRpsText) || Number(maxRpsText) < 1 || Number(maxRpsText) > SERVICE_RPS)
  )
    throw new ForwardCliError(`--max-rps must be a whole number from 1 to ${SERVICE_RPS}.`);
  const payload = PAYLOAD_FORMATS.find((format) => format === (values.payload ?? 'standard'));
  if (payload === undefined) throw new ForwardCliError(`--payload must be ${PAYLOAD_FORMATS.join(' or ')}.`);
  const retryHours = values['retry-hours'] ?? '24';
  if (!/^\d{1,3}$/.test(retryHours) || Number(retryHours) < 1 || Number(retryHours) > 720)
    throw new ForwardCliError('--retry-hours must be a whole number from 1 to 720.');
  const statuses = values.status === undefined ? undefined : statusList(values.status);
  const state = values.state?.trim();
  if (values.state !== undefined && !state) throw new ForwardCliError('--state needs a file name.');
  return {
    help,
    to,
    target,
    mode,
    baseUrl,
    privateKey: help ? '' : required(env, names.privateKey, why),
    apiKey: env[names.apiKey]?.trim() || undefined,
    secret,
    rotateSecret: values['rotate-secret'] === true,
    stateFile: state ? path.resolve(state) : undefined,
    maxRps: maxRpsText === undefined ? DEFAULT_MAX_RPS : Number(maxRpsText),
    intervalMs: wholeNumber(values.interval, 'interval', DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS),
    lookbackMs: wholeNumber(values.lookback, 'lookback', DEFAULT_LOOKBACK_MS, 1),
    emitInitial: values['emit-initial'] === true,
    payload,
    statuses,
    retryHours: Number(retryHours),
  };
}
