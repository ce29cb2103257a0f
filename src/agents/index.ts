/**
 * The tools for coding agents, shared by VS Code's language-model tools (src/features/agentRegistration) and
 * the MCP server: each with its name, description, input schema and implementation. Pure Node:
 * imports src/api and src/shared only.
 */
import { diagnoseTransactionTool } from './diagnoseTool';
import { explainErrorTool } from './explainErrorTool';
import { listSandboxRequestsTool } from './journalTool';
import { listTransactionsTool } from './listTool';
import { getEstimateTool, getFixedRateTool, getPairLimitsTool, validateAddressTool } from './marketTools';
import { advanceSandboxTool, createSandboxFixedTransactionTool } from './sandboxFlowTools';
import { createSandboxTransactionTool, moveSandboxTransactionTool, paySandboxTransactionTool } from './sandboxTools';
import { getTransactionsTool } from './transactionTools';
import type { AgentTool } from './types';

export type {
  AgentTarget,
  AgentTool,
  AgentToolContext,
  AgentToolResult,
  JsonObjectSchema,
  JsonSchema,
  OutputSchema,
} from './types';
export { Sightings } from './sightings';
export type { SightingStorage } from './sightings';
export { redactSecrets, safeData } from './modelText';
export { AgentInputError, validateInput } from './validation';
export { failure, failureData, targetLine } from './results';
export type { FailureData } from './results';
export { sandboxOnlyRefusal } from './defineTool';

/** Every tool, read-only ones first. */
export const AGENT_TOOLS: readonly AgentTool[] = [
  diagnoseTransactionTool,
  getTransactionsTool,
  listTransactionsTool,
  explainErrorTool,
  getPairLimitsTool,
  getEstimateTool,
  getFixedRateTool,
  validateAddressTool,
  listSandboxRequestsTool,
  createSandboxTransactionTool,
  createSandboxFixedTransactionTool,
  paySandboxTransactionTool,
  moveSandboxTransactionTool,
  advanceSandboxTool,
];

export function findAgentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}

/** The target of the sandbox, as results name it. */
export const SANDBOX_TARGET = { kind: 'sandbox', label: 'Sandbox' } as const;
