/**
 * The shape of a tool for coding agents: what VS Code's language-model tools and the MCP server
 * both hand to a model (a name, a description, a JSON Schema of the input) and what runs when it
 * is called (against the sandbox or an account, through that target's client). Pure Node.
 */
import type { ExchangeClient } from '../api/client';
import type { ControlClient } from '../api/controlClient';
import type { TransactionRecord } from '../api/types';
import type { SinceSource } from './sightings';

/** Where a tool's requests go: the built-in sandbox, or an account (its name and `host[:port]`). */
export type AgentTarget =
  | { readonly kind: 'sandbox'; readonly label: string }
  | { readonly kind: 'account'; readonly label: string; readonly host: string };

export interface AgentToolContext {
  /** The target's client, with its shared rate limiter. */
  readonly client: ExchangeClient;
  readonly target: AgentTarget;
  /** The sandbox's control client: present only when `target.kind === 'sandbox'`. */
  readonly control?: ControlClient;
  readonly signal?: AbortSignal;
  /** When records were first seen in their status, kept for the account (absent: not kept). */
  readonly sightings?: SinceSource;
  /** Hears every record a tool fetched (the extension's store, which notes the sightings). */
  readonly onRecords?: (records: readonly TransactionRecord[]) => void;
  /** Reports progress of a call that pages or looks many things up (MCP progress notifications). */
  readonly progress?: (done: number, total: number | undefined, message: string) => void;
  /** The time (Unix ms) on an account; default Date.now. The sandbox's time is the sandbox's clock. */
  readonly now?: () => number;
}

/** Compact text for the model (its first line names the target) and the JSON record(s). */
export interface AgentToolResult {
  readonly text: string;
  readonly data: unknown;
  readonly isError?: boolean;
}

/** The subset of JSON Schema the tools' inputs use (and {@link validateInput} checks). */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface JsonSchema {
  /** One type; `['string', 'number']` is an amount: a decimal string, or a JSON number turned into one. */
  readonly type: JsonType | readonly ['string', 'number'];
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript regular expression the whole string must match (anchored with ^…$). */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
}

/** A tool's input schema: always an object, with no properties beyond those listed. */
export interface JsonObjectSchema extends JsonSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

/** A JSON Schema of a tool's structured result (any JSON Schema; validated by MCP clients). */
export type OutputSchema = Readonly<Record<string, unknown>>;

export interface AgentTool {
  /** `exchangeTx_…`: letters, digits, `_` and `-`, at most 64 characters. */
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /** Precise and model-facing: what it does, what it sends, what it answers. */
  readonly description: string;
  readonly inputSchema: JsonObjectSchema;
  /** The JSON Schema every result's data (success or error) fits: an object with `target`. */
  readonly outputSchema: OutputSchema;
  /** Creates or moves something: sandbox only, and needs the user's confirmation. */
  readonly changesState: boolean;
  /** Served on the sandbox only (every tool that changes state, and those that read what only the sandbox has). */
  readonly sandboxOnly: boolean;
  /** Overwrites state (pays, moves, skips the clock): MCP's destructiveHint. */
  readonly destructive: boolean;
  /** Calling it again with the same input changes nothing more: MCP's idempotentHint. */
  readonly idempotent: boolean;
  /** Reads the sandbox's control endpoint when the target is the sandbox (schedules, clock). */
  readonly usesControl: boolean;
  /** What will happen, for the confirmation of a state-changing tool (input as given, unvalidated). */
  confirmation?(input: unknown): { readonly title: string; readonly message: string };
  /** Validates the input itself; never throws: a failure is a result with `isError`. */
  run(context: AgentToolContext, input: unknown): Promise<AgentToolResult>;
}
