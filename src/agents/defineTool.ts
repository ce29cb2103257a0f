/**
 * Builds an AgentTool from its description, schema and work, with the rules every tool keeps in
 * one place: a state-changing tool refuses any target but the sandbox before anything else; the
 * input is checked against the schema (and the tool's own cross-field rules) before anything is
 * sent; whatever fails becomes an error result, never a thrown error.
 */
import type { ControlClient } from '../api/controlClient';
import { failure, targetData, targetLine } from './results';
import { resultSchema } from './outputSchemas';
import type { AgentTool, AgentToolContext, AgentToolResult, JsonObjectSchema } from './types';
import { validateInput } from './validation';
import { isRecord } from '../shared/isRecord';

/** The context of a state-changing tool: the sandbox, with its control client. */
export interface SandboxToolContext extends AgentToolContext {
  readonly control: ControlClient;
}

interface ToolSpec<I> {
  readonly name: string;
  readonly title: string;
  /** What it does, what it sends, what it answers. */
  readonly description: string;
  /** When not to use it (and what to use instead). */
  readonly notFor: string;
  /** One example call, as the input JSON with a word on what it does. */
  readonly example: string;
  /** The properties of its data beside `target` and `error` (JSON Schema). */
  readonly output: Readonly<Record<string, unknown>>;
  /** Reads the sandbox's control endpoint on the sandbox (default false). */
  readonly usesControl?: boolean;
  readonly inputSchema: JsonObjectSchema;
  /** What the tool does, for "… failed" (e.g. "Looking the transactions up"). */
  readonly doing: string;
  /** The checked input in the tool's own terms; throws an AgentInputError for a cross-field rule. */
  parse(input: Record<string, unknown>): I;
}

interface ReadSpec<I> extends ToolSpec<I> {
  execute(context: AgentToolContext, input: I): Promise<AgentToolResult>;
}

interface SandboxReadSpec<I> extends ToolSpec<I> {
  /** Why it is refused on an account, after "… works on the sandbox only: ". */
  readonly whySandboxOnly: string;
  execute(context: SandboxToolContext, input: I): Promise<AgentToolResult>;
}

interface ChangeSpec<I> extends ToolSpec<I> {
  /** Overwrites state (pay, move, the clock): MCP's destructiveHint. */
  readonly destructive: boolean;
  readonly idempotent: boolean;
  /** What will happen, named for the user's confirmation (input as given, possibly invalid). */
  confirmation(input: Record<string, unknown>): { readonly title: string; readonly message: string };
  execute(context: SandboxToolContext, input: I): Promise<AgentToolResult>;
}

function asRecord(input: unknown): Record<string, unknown> {
  return isRecord(input) ? input : {};
}

const CHANGES_STATE = 'it changes state, and nothing is created or moved on an account';

/** The refusal of a sandbox-only tool on an account: nothing is sent. */
export function sandboxOnlyRefusal(
  context: Pick<AgentToolContext, 'target'>,
  tool: string,
  why = CHANGES_STATE,
): AgentToolResult {
  const message = `${tool} works on the sandbox only: ${why}. Switch to the sandbox to use it.`;
  return {
    text: [targetLine(context.target), message, 'Nothing was sent.'].join('\n'),
    data: { target: targetData(context.target), error: { kind: 'sandbox-only', message, sent: false } },
    isError: true,
  };
}

async function guarded<I>(
  spec: ToolSpec<I>,
  context: AgentToolContext,
  input: unknown,
  execute: (input: I) => Promise<AgentToolResult>,
): Promise<AgentToolResult> {
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

/** The description a model reads: what it does, when not to use it, one example. */
export function fullDescription(spec: Pick<ToolSpec<unknown>, 'description' | 'notFor' | 'example'>): string {
  return `${spec.description} Not for: ${spec.notFor} Example: ${spec.example}`;
}

function common<I>(
  spec: ToolSpec<I>,
): Pick<AgentTool, 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'usesControl'> {
  return {
    name: spec.name,
    title: spec.title,
    description: fullDescription(spec),
    inputSchema: spec.inputSchema,
    outputSchema: resultSchema(spec.output),
    usesControl: spec.usesControl ?? false,
  };
}

/** A tool that only reads (or reads nothing): any target. */
export function readTool<I>(spec: ReadSpec<I>): AgentTool {
  return {
    ...common(spec),
    changesState: false,
    sandboxOnly: false,
    destructive: false,
    idempotent: true,
    run: (context, input) => guarded(spec, context, input, (parsed) => spec.execute(context, parsed)),
  };
}

/** The run of a sandbox-only tool: refused on an account (or without a control client) before anything is checked or sent. */
function onSandboxOnly<I>(
  spec: ToolSpec<I> & { execute(context: SandboxToolContext, input: I): Promise<AgentToolResult> },
  why?: string,
): AgentTool['run'] {
  return (context, input) => {
    const control = context.control;
    if (context.target.kind !== 'sandbox' || control === undefined)
      return Promise.resolve(sandboxOnlyRefusal(context, spec.title, why));
    return guarded(spec, context, input, (parsed) => spec.execute({ ...context, control }, parsed));
  };
}

/** A tool that reads what only the sandbox has (its control endpoint): refused on an account before anything is sent. */
export function sandboxReadTool<I>(spec: SandboxReadSpec<I>): AgentTool {
  return {
    ...common(spec),
    usesControl: true,
    changesState: false,
    sandboxOnly: true,
    destructive: false,
    idempotent: true,
    run: onSandboxOnly(spec, spec.whySandboxOnly),
  };
}

/** A tool that creates or moves: the sandbox only, refused on an account before anything is checked or sent. */
export function sandboxTool<I>(spec: ChangeSpec<I>): AgentTool {
  return {
    ...common(spec),
    usesControl: true,
    changesState: true,
    sandboxOnly: true,
    destructive: spec.destructive,
    idempotent: spec.idempotent,
    confirmation: (input) => spec.confirmation(asRecord(input)),
    run: onSandboxOnly(spec),
  };
}
