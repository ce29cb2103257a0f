/** The MCP server definition, bound to the sandbox; reached through a guard (@types/vscode 1.100 lacks it). */
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import { tagged } from '../common/log';
import type { Logger } from '../common/log';
import { SANDBOX_ENV } from '../../shared/connectionNames';
import { errorText } from '../../shared/errorText';

export const MCP_PROVIDER_ID = 'exchangeTx.sandboxMcp';

/** The part of VS Code's McpStdioServerDefinition (1.101) this provider uses. */
export interface McpStdioDefinition {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  version?: string;
}

type McpStdioDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => McpStdioDefinition;

/** The part of VS Code's McpServerDefinitionProvider (1.101) this provider implements. */
export interface McpDefinitionProvider {
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioDefinition[]>;
  resolveMcpServerDefinition(
    server: McpStdioDefinition,
    token: vscode.CancellationToken,
  ): vscode.ProviderResult<McpStdioDefinition>;
}

interface McpLanguageModelApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpDefinitionProvider): vscode.Disposable;
}

export interface McpProviderHandle {
  readonly id: string;
  readonly provider: McpDefinitionProvider;
}

/** Whether a VS Code version (`1.101.0`, `1.102.0-insider`) has the finalized API (1.101 on). */
export function hasFinalMcpApi(version: string): boolean {
  const [major = 0, minor = 0] = version.split(/[.-]/).map(Number);
  return major > 1 || (major === 1 && minor >= 101);
}

function hasMcpApi(lm: typeof vscode.lm): lm is typeof vscode.lm & McpLanguageModelApi {
  return typeof (lm as Partial<McpLanguageModelApi>).registerMcpServerDefinitionProvider === 'function';
}

function definitionClass(): McpStdioDefinitionClass | undefined {
  const value: unknown = (vscode as unknown as { readonly McpStdioServerDefinition?: unknown })
    .McpStdioServerDefinition;
  return typeof value === 'function' ? (value as McpStdioDefinitionClass) : undefined;
}

/** The provider: resolving it starts the sandbox and adds its connection to the environment. */
export function createMcpProvider(options: {
  readonly sandboxHost: Pick<SandboxHost, 'start'>;
  readonly extensionUri: vscode.Uri;
  readonly version: string;
  readonly Definition: McpStdioDefinitionClass;
}): McpDefinitionProvider {
  const { sandboxHost, Definition } = options;
  const script = vscode.Uri.joinPath(options.extensionUri, 'dist', 'mcp.js').fsPath;
  // The extension host's Node: on desktop an Electron binary, which runs as Node with ELECTRON_RUN_AS_NODE.
  const baseEnv = { ELECTRON_RUN_AS_NODE: '1' };
  return {
    provideMcpServerDefinitions: () => [
      new Definition(vscode.l10n.t('Exchange Tx Sandbox'), process.execPath, [script], { ...baseEnv }, options.version),
    ],
    resolveMcpServerDefinition: async (server) => {
      const { sandbox, credentials, keyText } = await sandboxHost.start();
      server.env = {
        ...server.env,
        ...baseEnv,
        [SANDBOX_ENV.url]: sandbox.url,
        [SANDBOX_ENV.apiKey]: credentials.apiKey,
        [SANDBOX_ENV.privateKey]: keyText,
      };
      return server;
    },
  };
}

/** Registers the provider where the host has the MCP API (VS Code 1.101+); undefined elsewhere. */

export function registerMcpProvider(
  context: vscode.ExtensionContext,
  { sandboxHost, log }: { readonly sandboxHost: Pick<SandboxHost, 'start'>; readonly log: Logger },
): McpProviderHandle | undefined {
  const lm = vscode.lm;
  const Definition = definitionClass();
  if (!hasFinalMcpApi(vscode.version) || !hasMcpApi(lm) || !Definition) return undefined;
  const version = (context.extension.packageJSON as { readonly version?: unknown }).version;
  const provider = createMcpProvider({
    sandboxHost,
    extensionUri: context.extensionUri,
    version: typeof version === 'string' ? version : '0.0.0',
    Definition,
  });
  try {
    context.subscriptions.push(lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider));
  } catch (error) {
    tagged(log, 'mcp').warn(`the MCP server is not offered: ${errorText(error)}`);
    return undefined;
  }
  return { id: MCP_PROVIDER_ID, provider };
}
