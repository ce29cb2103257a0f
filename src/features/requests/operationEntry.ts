/** What an operation of request documents holds (its entry in operationTable.ts): its method, words, template and schema parts. */

/** A JSON value, as a request document holds it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * Which group of the service's methods an operation belongs to (all in docs/service/methods.md):
 * `base`, the three base methods; `exchange`, the seven estimate, create and catalogue methods;
 * `further`, the other methods of the public documentation (getCurrencies, getMinAmount,
 * getFixRate, createSubaccount) and those found in it since (packages/sandbox/RULES.md).
 */
export type OperationSource = 'base' | 'exchange' | 'further';

export interface OperationEntry {
  /** The `method` of the request. */
  readonly name: string;
  /** One line, shown in completion and in the "New Request…" pick. */
  readonly description: string;
  readonly source: OperationSource;
  /** What to use instead, when the service has deprecated the operation. */
  readonly deprecated?: string;
  /**
   * Whether the specification lists every parameter, so the schema refuses any other (a typo such
   * as v1's `amount` for `amountFrom` is caught). The sandbox itself ignores unknown members.
   */
  readonly closedParams: boolean;
  /** Whether it creates a transaction (money moves once it is paid): the question before it goes to an account says so. */
  readonly movesMoney?: true;
  /**
   * Whether it creates or changes something on the account (a transaction, a subaccount): asked
   * every time before it goes to an account (moneyMoving.ts). Every `create…` and `update…` has it.
   */
  readonly creates?: true;
  /** The `params` of a new request: a working example. */
  readonly params: JsonValue;
  /** A short note per parameter, by name: every parameter of the template, and the useful optional ones. */
  readonly hints: Readonly<Record<string, string>>;
  /** The `params` of the schema's snippet for a new request (`$1`, `${1:btc}`… are placeholders). */
  readonly snippet: JsonValue;
  /** What `params` looks like, in Markdown (completion shows it under the description). */
  readonly paramsShape: string;
  /** The description in Markdown, where it differs from `description` (code in backticks); a deprecation is added to it. */
  readonly markdownDescription?: string;
  /** The schema's warning on a deprecated method (with `deprecated`). */
  readonly deprecationMessage?: string;
  /** `params` may be left out. */
  readonly paramsOptional?: true;
  /** Where docs/sandbox.md says its facts come from, when not from its section of docs/service/methods.md. */
  readonly factsFrom?: string;
}

/** An operation with whether the built-in sandbox answers it today (packages/sandbox/src/methods.ts says which it serves). */
export interface Operation extends OperationEntry {
  readonly inSandbox: boolean;
}
