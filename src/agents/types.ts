/**
 * TEMPORARY copy of the agent tools' interface (the agent tools core replaces this file): what a
 * tool is, the context it runs in, what it returns.
 */
import type { ExchangeClient } from '../api/client';
import type { SandboxControlClient } from '../api/sandboxControl';

/** A JSON Schema of an object, as tools declare their input. */
export interface JsonObjectSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly [keyword: string]: unknown;
}

export type AgentTarget = { readonly kind: 'sandbox'; readonly label: string } | { readonly kind: 'account'; readonly label: string; readonly host: string };

export interface AgentToolContext {
  readonly client: ExchangeClient;
  readonly target: AgentTarget;
  readonly control?: SandboxControlClient;
  readonly signal?: AbortSignal;
}

export interface AgentToolResult {
  readonly text: string;
  readonly data: unknown;
  readonly isError?: boolean;
}

export interface AgentTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonObjectSchema;
  readonly changesState: boolean;
  confirmation?(input: unknown): { readonly title: string; readonly message: string };
  run(context: AgentToolContext, input: unknown): Promise<AgentToolResult>;
}
