/**
 * What the MCP server's tools run against, made from the parsed command line: a client (with its
 * rate limiter of 10 requests per second) for a running sandbox, for a sandbox started in this
 * process, or for an account; the sandbox's control client beside it; a redactor that knows the
 * key in every form. Only the sandbox's key is read for the sandbox and only the account's for an
 * account, so a live key is never signed toward a local port.
 */
import { ExchangeClient } from '../api/client';
import type { RequestLogEntry } from '../api/clientOptions';
import type { Credentials } from '../api/keys';
import { generateKeys, loadCredentials } from '../api/keys';
import { ControlClient } from '../api/controlClient';
import { Sightings } from '../agents/sightings';
import type { AgentToolContext } from '../agents/types';
import { SkippableClock, startSandbox } from '../../packages/sandbox/src';
import type { McpCliSettings } from './cliArgs';
import { McpCliError } from './cliArgs';
import { ACCOUNT_ENV, SANDBOX_ENV } from '../shared/connectionNames';
import type { Redactor } from './redact';
import { redactorOf } from './redact';
import { errorText } from '../shared/errorText';

export interface McpBinding {
  readonly context: AgentToolContext;
  readonly redact: Redactor;
  /** Where the tools go, for the log: `the sandbox at http://127.0.0.1:PORT`… (never a key). */
  readonly description: string;
  /** Ends the clients and stops a sandbox started here. */
  close(): Promise<void>;
}

type ServeSettings = Exclude<McpCliSettings, { readonly mode: 'help' }>;

/** The credentials of a key text; an error names the variable and what is wrong, never the key. */
function credentialsOf(
  text: string,
  apiKey: string | undefined,
  names: { readonly privateKey: string; readonly apiKey: string },
): Credentials {
  try {
    return loadCredentials(text, apiKey);
  } catch (error) {
    const reason = errorText(error);
    const which =
      apiKey !== undefined && /does not match/.test(reason)
        ? `${names.apiKey} does not belong to the key in ${names.privateKey}`
        : `${names.privateKey}: ${reason}`;
    throw new McpCliError(redactorOf([], [text, apiKey ?? ''])(which));
  }
}

function requestLine(entry: RequestLogEntry): string {
  const attempt = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  return `${entry.method}${attempt}: ${entry.outcome} in ${Math.round(entry.durationMs)} ms${entry.message !== undefined ? ` (${entry.message})` : ''}`;
}

/** Makes the clients for the settings (starting a sandbox when none is given). */
export async function bind(settings: ServeSettings, log: (line: string) => void): Promise<McpBinding> {
  if (settings.mode === 'account') {
    const credentials = credentialsOf(settings.privateKey, settings.apiKey, ACCOUNT_ENV);
    const redact = redactorOf([credentials], [settings.privateKey]);
    const client = new ExchangeClient({
      baseUrl: settings.baseUrl,
      credentials,
      onRequest: (entry) => log(redact(requestLine(entry))),
    });
    const host = new URL(settings.baseUrl).host;
    return {
      // Sightings in memory: since when a transaction is in its status is known from this server's first look.
      context: { client, target: { kind: 'account', label: settings.name, host }, sightings: new Sightings() },
      redact,
      description: `the account "${settings.name}" at ${host} (read-only tools)`,
      close: () => {
        client.dispose();
        return Promise.resolve();
      },
    };
  }

  let url: string;
  let credentials: Credentials;
  let keyText: string;
  let stopSandbox: () => Promise<void> = () => Promise.resolve();
  if (settings.running) {
    ({ url } = settings.running);
    keyText = settings.running.privateKey;
    credentials = credentialsOf(keyText, settings.running.apiKey, SANDBOX_ENV);
  } else {
    keyText = generateKeys().privateKeyHex;
    credentials = loadCredentials(keyText);
    // Real time that the control endpoint can skip ahead, as `npm run sandbox` runs it.
    const sandbox = await startSandbox({ clock: new SkippableClock(), keys: [credentials] });
    url = sandbox.url;
    stopSandbox = () => sandbox.stop();
  }
  const redact = redactorOf([credentials], [keyText]);
  const client = new ExchangeClient({
    baseUrl: url,
    credentials,
    onRequest: (entry) => log(redact(requestLine(entry))),
  });
  // The control endpoint is not rate-limited by the sandbox (it is not the service's): the control
  // client has its own limiter, so a tool's control calls never wait behind the key's requests.
  const control = new ControlClient({ baseUrl: url, credentials });
  return {
    context: { client, control, target: { kind: 'sandbox', label: 'Sandbox' } },
    redact,
    description: settings.running ? `the sandbox at ${url}` : `a sandbox started here at ${url}`,
    close: async () => {
      control.dispose();
      client.dispose();
      await stopSandbox();
    },
  };
}
