/** TEMPORARY stand-in of the agent tools core (replaced when it is merged). */
import type { AgentTool } from './types';

export type * from './types';

export const AGENT_TOOLS: readonly AgentTool[] = [];

export function findAgentTool(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}
