/**
 * The command line and environment of the MCP server (`node dist/mcp.js`), parsed into what it
 * serves: the sandbox (a running one given by "Copy Sandbox Connection"'s variables, or one started
 * in this process) or, with `--account`, an account whose key comes from the environment. Kept
 * apart from cli.ts so it is tested without starting anything. No message repeats a key.
 */
import { parseArgs } from 'util';
import { checkEndpoint, isLoopbackHost } from '../api/endpoint';
import { ACCOUNT_ENV, DEFAULT_BASE_URL, SANDBOX_ENV } from '../shared/connectionNames';
import { errorText } from '../shared/errorText';

export const MCP_USAGE = `Usage: node dist/mcp.js [--account [--url URL] [--name NAME]] [--tools NAMES] [--read-only]

An MCP server (stdio) serving the Exchange Tx agent tools: diagnose a transaction ("why is it
stuck?"), look transactions up, list them (stuck ones too), explain error answers, pair limits,
estimates, fixed-rate quotes, address checks and, on the sandbox only, create (with a quote's rate
id too), pay, move and advance transactions; a status guide and transactions as resources, and
prompts. stdout carries the protocol only; the log goes to stderr.

Sandbox (default):
  With ${SANDBOX_ENV.url}, ${SANDBOX_ENV.apiKey} and ${SANDBOX_ENV.privateKey} set
  (the lines "Exchange Tx: Copy Sandbox Connection" copies), it uses that running sandbox;
  without them it starts a sandbox of its own on 127.0.0.1 for as long as it runs.

Account (--account):
  Reads the private key from ${ACCOUNT_ENV.privateKey} (hex DER PKCS#8 or PEM) and, if set,
  checks it against the API key in ${ACCOUNT_ENV.apiKey}. Only the tools that read are served:
  nothing is created, paid or moved on an account by this server (use VS Code, which asks first).
  --url URL     the service's address (default ${DEFAULT_BASE_URL}); https, or http to this machine only
  --name NAME   the account's name in the tools' results (default "account")

Tool selection (sandbox and account):
  --tools NAMES  serve only these tools: names separated by commas, with or without the
                 "exchangeTx_" prefix, any case (e.g. --tools diagnoseTransaction,listTransactions)
  --read-only    serve only the tools that read (no create, pay, move or advance on the sandbox either)

  --help        show this text
`;

/** Which tools are served: the names given with --tools (undefined: all), and --read-only. */
export interface ToolSelection {
  readonly tools: readonly string[] | undefined;
  readonly readOnly: boolean;
}

export type McpCliSettings =
  | { readonly mode: 'help' }
  /** `running` undefined: start a sandbox in this process. */
  | ({
      readonly mode: 'sandbox';
      readonly running:
        { readonly url: string; readonly privateKey: string; readonly apiKey: string | undefined } | undefined;
    } & ToolSelection)
  | ({
      readonly mode: 'account';
      readonly baseUrl: string;
      readonly name: string;
      readonly privateKey: string;
      readonly apiKey: string | undefined;
    } & ToolSelection);

const TOOL_PREFIX = 'exchangetx_';

export class McpCliError extends Error {}

/**
 * The tools a selection serves, in their order; a McpCliError names an unknown name (bounded).
 * `available` are the tool names (`exchangeTx_…`).
 */
export function selectTools(
  available: readonly string[],
  selection: ToolSelection,
  changesState: (name: string) => boolean,
): string[] {
  let names = [...available];
  if (selection.tools !== undefined) {
    const wanted = new Set<string>();
    for (const given of selection.tools) {
      const key = given.trim().toLowerCase();
      const match = available.find(
        (name) => name.toLowerCase() === key || name.toLowerCase() === `${TOOL_PREFIX}${key}`,
      );
      if (!match)
        throw new McpCliError(
          `--tools: there is no tool ${JSON.stringify(given.slice(0, 64))}; the tools are ${available.map((n) => n.slice(TOOL_PREFIX.length)).join(', ')}.`,
        );
      wanted.add(match);
    }
    names = names.filter((name) => wanted.has(name));
  }
  if (selection.readOnly) names = names.filter((name) => !changesState(name));
  return names;
}

type Environment = Readonly<Record<string, string | undefined>>;

/** A variable's value, undefined when it is unset or blank. */
function variable(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** The address, checked as the client checks it (https, or plain http to this machine only); the message never repeats it. */
function checkedUrl(text: string, what: string): URL {
  try {
    return checkEndpoint(text);
  } catch (error) {
    throw new McpCliError(`${what}: ${errorText(error)}`);
  }
}

function sandboxSettings(env: Environment, selection: ToolSelection): McpCliSettings {
  const url = variable(env, SANDBOX_ENV.url);
  const privateKey = variable(env, SANDBOX_ENV.privateKey);
  const apiKey = variable(env, SANDBOX_ENV.apiKey);
  if (url === undefined) {
    if (privateKey !== undefined || apiKey !== undefined)
      throw new McpCliError(
        `${SANDBOX_ENV.url} is not set, but a sandbox key is: set all three of "Copy Sandbox Connection"'s variables, or none to start a sandbox here.`,
      );
    return { mode: 'sandbox', running: undefined, ...selection };
  }
  const parsed = checkedUrl(url, SANDBOX_ENV.url);
  if (!isLoopbackHost(parsed.hostname))
    throw new McpCliError(
      `${SANDBOX_ENV.url} must be on this machine (127.0.0.1 or localhost), not ${parsed.host}: the sandbox runs locally.`,
    );
  if (privateKey === undefined)
    throw new McpCliError(
      `${SANDBOX_ENV.url} is set, but ${SANDBOX_ENV.privateKey} is not: the sandbox's requests are signed with its key.`,
    );
  return { mode: 'sandbox', running: { url: parsed.origin, privateKey, apiKey }, ...selection };
}

/** Parses the arguments and reads the environment; throws a McpCliError saying what is wrong. */
export function parseMcpCli(argv: readonly string[], env: Environment = {}): McpCliSettings {
  let values: { account?: boolean; url?: string; name?: string; help?: boolean; tools?: string; 'read-only'?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        account: { type: 'boolean' },
        url: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean' },
        tools: { type: 'string' },
        'read-only': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new McpCliError(errorText(error));
  }
  if (values.help === true) return { mode: 'help' };
  const tools = values.tools
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tools !== undefined && tools.length === 0)
    throw new McpCliError('--tools takes one or more tool names separated by commas.');
  const selection: ToolSelection = { tools, readOnly: values['read-only'] === true };
  if (values.account !== true) {
    if (values.url !== undefined || values.name !== undefined)
      throw new McpCliError(
        '--url and --name are for --account: the sandbox comes from its variables, or is started here.',
      );
    return sandboxSettings(env, selection);
  }
  const baseUrl = checkedUrl(values.url ?? DEFAULT_BASE_URL, '--url').href;
  const name = (values.name ?? 'account').trim();
  if (name === '' || name.length > 60) throw new McpCliError('--name takes 1 to 60 characters.');
  const privateKey = variable(env, ACCOUNT_ENV.privateKey);
  if (privateKey === undefined)
    throw new McpCliError(
      `--account reads the account's private key from ${ACCOUNT_ENV.privateKey}, which is not set.`,
    );
  return { mode: 'account', baseUrl, name, privateKey, apiKey: variable(env, ACCOUNT_ENV.apiKey), ...selection };
}
