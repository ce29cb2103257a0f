/**
 * The agent tools (src/agents) served over the Model Context Protocol, with the official SDK's
 * low-level server: each tool's JSON schema is listed as the core declares it, and each call runs
 * the core's tool with one context (the client, its limiter, the target).
 *
 * An MCP server cannot ask the user to confirm, so tools that change state (create, pay, move)
 * are served only for the sandbox, where nothing real moves; bound to an account, they are not
 * listed and a call to one is refused. Every text that leaves goes through the redactor: no key
 * appears in a result or an error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTarget, AgentTool, AgentToolContext, AgentToolResult } from '../agents/types';
import type { Redactor } from './redact';

export const MCP_SERVER_NAME = 'exchange-tx';

export interface AgentMcpServerOptions {
  readonly tools: readonly AgentTool[];
  /** The client and target every call uses (the signal of each call is added to it). */
  readonly context: AgentToolContext;
  /** The server's version, as the client is told. */
  readonly version: string;
  /** Applied to every text of a result or an error. */
  readonly redact: Redactor;
  /** A line for the log (stderr); it is redacted first. */
  readonly log: (line: string) => void;
}

/** Where the target is, in words: `the local Exchange Tx sandbox` or `the account "label" at host`. */
export function targetText(target: AgentTarget): string {
  return target.kind === 'sandbox' ? 'the local Exchange Tx sandbox' : `the account "${target.label}" at ${target.host}`;
}

/** Whether a tool is served for the target: everything on the sandbox, only what reads on an account. */
export function isServed(tool: AgentTool, target: AgentTarget): boolean {
  return !tool.changesState || target.kind === 'sandbox';
}

/** What the client is told about the server: the target, and why state-changing tools are (not) there. */
export function serverInstructions(target: AgentTarget): string {
  const where = `Tools of the Exchange Tx extension for a cryptocurrency exchange service's signed JSON-RPC API, bound to ${targetText(target)}.`;
  return target.kind === 'sandbox'
    ? `${where} The sandbox is a local simulation: the tools that create, pay or move a transaction run there without asking for a confirmation (an MCP server cannot ask the user).`
    : `${where} Read-only: this MCP server cannot ask the user to confirm, so the tools that create, pay or move transactions are served only for the sandbox, never for an account.`;
}

/** A state-changing tool's description says it runs without confirmation, and only on the sandbox. */
function description(tool: AgentTool): string {
  if (!tool.changesState) return tool.description;
  return `${tool.description}\n\nOver MCP: served only for the sandbox (a local simulation), where it runs without asking for a confirmation (an MCP server cannot ask the user).`;
}

/** A plain-JSON copy of a schema, typed as the SDK's (the core's is deeply readonly). */
function plainSchema(schema: AgentTool['inputSchema']): Tool['inputSchema'] {
  return JSON.parse(JSON.stringify(schema)) as Tool['inputSchema'];
}

/** The tool as MCP lists it: the core's name, title and input schema as they are. */
export function toMcpTool(tool: AgentTool, target: AgentTarget): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: description(tool),
    inputSchema: plainSchema(tool.inputSchema),
    annotations: { title: tool.title, readOnlyHint: !tool.changesState, destructiveHint: false, openWorldHint: target.kind === 'account' },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A tool's result as MCP content: its text, then its JSON (compact) as a second text (for clients that read
 * only content) and, when the JSON is an object, as structuredContent. `isError` passed on.
 */
export function toCallToolResult(result: AgentToolResult, redact: Redactor): CallToolResult {
  const json = result.data === undefined ? undefined : redact(JSON.stringify(result.data));
  const content: CallToolResult['content'] = [{ type: 'text', text: redact(result.text) }];
  if (json !== undefined) content.push({ type: 'text', text: json });
  const structured: unknown = json === undefined ? undefined : JSON.parse(json);
  return {
    content,
    ...(isPlainObject(structured) ? { structuredContent: structured } : {}),
    ...(result.isError === true ? { isError: true } : {}),
  };
}

/** An error result: the model reads why, and the call is not a protocol failure. */
function errorResult(text: string, redact: Redactor): CallToolResult {
  return { content: [{ type: 'text', text: redact(text) }], isError: true };
}

/** The answer to a call of a state-changing tool on an account. */
export function refusalText(tool: AgentTool, target: AgentTarget): string {
  return (
    `${tool.name} changes state (it creates, pays or moves a transaction) and is not run on ${targetText(target)}: ` +
    'this MCP server cannot ask the user to confirm, so such tools are served only for the sandbox. ' +
    'Use the Exchange Tx extension in VS Code (it asks first) or the sandbox.'
  );
}

/** The MCP server of the tools, not yet connected to a transport. */
export function createAgentMcpServer(options: AgentMcpServerOptions): Server {
  const { tools, context, redact } = options;
  const { target } = context;
  const log = (line: string): void => options.log(redact(line));
  const server = new Server({ name: MCP_SERVER_NAME, title: 'Exchange Tx', version: options.version }, { capabilities: { tools: {} }, instructions: serverInstructions(target) });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.filter((tool) => isServed(tool, target)).map((tool) => toMcpTool(tool, target)) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool named ${JSON.stringify(redact(name))}.`);
    if (!isServed(tool, target)) {
      log(`refused ${tool.name}: it changes state and the target is an account`);
      return errorResult(refusalText(tool, target), redact);
    }
    const input: unknown = request.params.arguments ?? {};
    try {
      const result = await tool.run({ ...context, signal: extra.signal }, input);
      log(`${tool.name}: ${result.isError === true ? 'error result' : 'ok'}`);
      return toCallToolResult(result, redact);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${tool.name} failed: ${message}`);
      return errorResult(`${tool.name} failed: ${message}`, redact);
    }
  });

  return server;
}
