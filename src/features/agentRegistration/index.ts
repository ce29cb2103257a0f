/**
 * The tools for coding agents at activation: the language-model tools, registered by the names the
 * manifest contributes, each loading the tools' code (languageModelTools.ts with src/agents, its
 * own file of the bundle) on the first call of any, so activation stays small and does no work for
 * them; and the MCP server definition provider (mcpProvider.ts), which starts nothing until VS Code
 * starts the server.
 */
import * as vscode from 'vscode';
import type { AgentToolsDeps, LanguageModelAgentTool } from './languageModelTools';
import type { McpProviderHandle } from './mcpProvider';
import { registerMcpProvider } from './mcpProvider';

/** What the tools and the MCP provider use; `log` is the extension's (the tools say `[agents]`, the provider `[mcp]`). */
export type AgentRegistrationDeps = AgentToolsDeps;

/** What the test API gets: the tools' registered implementations, the MCP provider. */
export interface AgentRegistrationHandle {
  /** The registered implementations by tool name. */
  readonly agentTools: { readonly implementations: ReadonlyMap<string, vscode.LanguageModelTool<unknown>> };
  /** The MCP server definition provider (VS Code 1.101+; undefined where the host has no MCP API). */
  readonly mcp: McpProviderHandle | undefined;
}

/** The tool names of the manifest's `languageModelTools`. */
export function contributedToolNames(packageJson: unknown): string[] {
  const contributes = (packageJson as { contributes?: { languageModelTools?: unknown } } | undefined)?.contributes;
  const tools = contributes?.languageModelTools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((entry: unknown) => {
    const name = (entry as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? [name] : [];
  });
}

/** One contributed tool, its implementation loaded on first use. */
class LazyAgentTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly name: string,
    private readonly load: () => Promise<ReadonlyMap<string, LanguageModelAgentTool>>,
  ) {}

  private async tool(): Promise<LanguageModelAgentTool> {
    const tool = (await this.load()).get(this.name);
    if (!tool) throw new Error(`No implementation of the tool ${this.name}.`);
    return tool;
  }

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>,
  ): Promise<vscode.PreparedToolInvocation> {
    return (await this.tool()).prepareInvocation(options);
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    return (await this.tool()).invoke(options, token);
  }
}

export function register(context: vscode.ExtensionContext, deps: AgentRegistrationDeps): AgentRegistrationHandle {
  let loading: Promise<ReadonlyMap<string, LanguageModelAgentTool>> | undefined;
  const load = (): Promise<ReadonlyMap<string, LanguageModelAgentTool>> => {
    const started = (loading ??= import('./languageModelTools').then((code) => code.agentToolsByName(deps)));
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
  const implementations = new Map<string, vscode.LanguageModelTool<unknown>>();
  for (const name of contributedToolNames(context.extension.packageJSON)) {
    const implementation = new LazyAgentTool(name, load);
    implementations.set(name, implementation);
    context.subscriptions.push(vscode.lm.registerTool(name, implementation));
  }
  return {
    agentTools: { implementations },
    mcp: registerMcpProvider(context, deps),
  };
}
