/** The tools for coding agents: the language-model tools, and the MCP server definition provider. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { agentToolsByName } from './languageModelTools';
import type { McpProviderHandle } from './mcpProvider';
import { registerMcpProvider } from './mcpProvider';

export interface AgentRegistrationHandle {
  readonly agentTools: { readonly implementations: ReadonlyMap<string, vscode.LanguageModelTool<unknown>> };
  /** The MCP server definition provider (undefined where the host has no MCP API). */
  readonly mcp: McpProviderHandle | undefined;
}

export function register(context: vscode.ExtensionContext, services: Services): AgentRegistrationHandle {
  const implementations = agentToolsByName(services);
  for (const [name, tool] of implementations) context.subscriptions.push(vscode.lm.registerTool(name, tool));
  return { agentTools: { implementations }, mcp: registerMcpProvider(context, services) };
}
