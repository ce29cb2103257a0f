/**
 * Builds an AgentTool from its description, schema and work, with the rules every tool keeps in
 * one place: a state-changing tool refuses any target but the sandbox before anything else; the
 * input is checked against the schema (and the tool's own cross-field rules) before anything is
 * sent; whatever fails becomes an error result, never a thrown error.
 */
import type { SandboxControlClient } from '../api/sandboxControl';
import { failure, targetData, targetLine } from './results';
import type { AgentTool, AgentToolContext, AgentToolResult, JsonObjectSchema } from './types';
import { validateInput } from './validation';

/** The context of a state-changing tool: the sandbox, with its control client. */
export interface SandboxToolContext extends AgentToolContext {
  readonly control: SandboxControlClient;
}

interface ToolSpec<I> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonObjectSchema;
  /** What the tool does, for "… failed" (e.g. "Looking the transactions up"). */
  readonly doing: string;
  /** The checked input in the tool's own terms; throws an AgentInputError for a cross-field rule. */
  parse(input: Record<string, unknown>): I;
}

interface ReadSpec<I> extends ToolSpec<I> {
  execute(context: AgentToolContext, input: I): Promise<AgentToolResult>;
}

interface ChangeSpec<I> extends ToolSpec<I> {
  /** What will happen, named for the user's confirmation (input as given, possibly invalid). */
  confirmation(input: Record<string, unknown>): { readonly title: string; readonly message: string };
  execute(context: SandboxToolContext, input: I): Promise<AgentToolResult>;
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** The refusal of a state-changing tool on an account: nothing is sent. */
export function sandboxOnlyRefusal(context: Pick<AgentToolContext, 'target'>, tool: string): AgentToolResult {
  const message = `${tool} works on the sandbox only: it changes state, and nothing is created or moved on an account. Switch to the sandbox to use it.`;
  return {
    text: [targetLine(context.target), message, 'Nothing was sent.'].join('\n'),
    data: { target: targetData(context.target), error: { kind: 'sandbox-only', message, sent: false } },
    isError: true,
  };
}

async function guarded<I>(spec: ToolSpec<I>, context: AgentToolContext, input: unknown, execute: (input: I) => Promise<AgentToolResult>): Promise<AgentToolResult> {
  let parsed: I;
  try {
    parsed = spec.parse(validateInput(spec.inputSchema, input));
  } catch (error) {
    return failure(context, spec.doing, error);
  }
  try {
    return await execute(parsed);
  } catch (error) {
    return failure(context, spec.doing, error);
  }
}

/** A tool that only reads (or reads nothing): any target. */
export function readTool<I>(spec: ReadSpec<I>): AgentTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    changesState: false,
    run: (context, input) => guarded(spec, context, input, (parsed) => spec.execute(context, parsed)),
  };
}

/** A tool that creates or moves: the sandbox only, refused on an account before anything is checked or sent. */
export function sandboxTool<I>(spec: ChangeSpec<I>): AgentTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    changesState: true,
    confirmation: (input) => spec.confirmation(asRecord(input)),
    run: (context, input) => {
      const control = context.control;
      if (context.target.kind !== 'sandbox' || control === undefined) return Promise.resolve(sandboxOnlyRefusal(context, spec.title));
      return guarded(spec, context, input, (parsed) => spec.execute({ ...context, control }, parsed));
    },
  };
}
