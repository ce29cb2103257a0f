/**
 * Every operation a request document (`*.exchange.json`) may name, as docs/service/methods.md
 * describes them: a one-line description,
 * whether it is deprecated, whether its parameters are a closed set, whether the built-in sandbox
 * answers it today, and a template of its `params` with a hint per parameter, for "New Request…".
 *
 * Pure data and functions, no `vscode`: the extension, the schema tests and the unknown-method
 * check all read this one table. `schemas/exchange-request.schema.json` is kept by hand beside
 * it; test/unit/requests/ checks that both name the same operations with the same descriptions
 * and that every template passes the schema.
 *
 * Templates hold example values that work in the built-in sandbox (seed 1): the transaction ID of
 * `getStatus` is one of its seeded transactions and the tickers are currencies it enables.
 * Addresses are well-formed examples that belong to no one the user knows: the hints ask for the
 * user's own before anything is created.
 */

import { echo } from '../../shared/echo';

/** A JSON value, as a request document holds it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * Which group of the service's methods an operation belongs to (all in docs/service/methods.md):
 * `base`, the three base methods; `exchange`, the seven estimate, create and catalogue methods;
 * `further`, the other methods of the public documentation (getCurrencies, getMinAmount,
 * getFixRate, createSubaccount) and those found in it since (src/sandbox/RULES.md).
 */
export type OperationSource = 'base' | 'exchange' | 'further';

export interface Operation {
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
  /** Whether the built-in sandbox answers this operation today. */
  readonly inSandbox: boolean;
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
}

/** A transaction of the built-in sandbox (seed 1), settled: `getStatus` answers it at any time. */
export const SANDBOX_TRANSACTION_ID = 'ysc46l0nu7aawf';

/** Well-formed example addresses (no one's wallet that we know of). */
const EXAMPLE_ETH_ADDRESS = '0x0123456789abcdef0123456789abcdef01234567';
const EXAMPLE_BTC_ADDRESS = 'bc1qexampleexampleexampleexampleexampleace';

const TICKER_FROM = 'Payin ticker, lowercase.';
const TICKER_TO = 'Payout ticker, lowercase.';
const USER_METADATA = 'Optional: escaped JSON, honoured only after an arrangement with the service.';
const ONE_AMOUNT = 'Give amountFrom or amountTo, not both.';

export const OPERATIONS: readonly Operation[] = [
  {
    name: 'getStatus',
    description: 'Returns the current status of one transaction.',
    source: 'base',
    closedParams: true,
    inSandbox: true,
    params: { id: SANDBOX_TRANSACTION_ID },
    hints: { id: 'Transaction ID, from a create operation or getTransactions (this one exists in the built-in sandbox).' },
  },
  {
    name: 'getTransactions',
    description: 'Returns transaction records that match optional filters.',
    source: 'base',
    closedParams: true,
    inSandbox: true,
    params: { currency: 'btc', status: ['finished', 'refunded'], limit: 10, offset: 0 },
    hints: {
      id: 'Optional: a transaction ID, or up to 10.',
      status: 'Optional: a status, or a list of them.',
      currency: 'Optional: payin ticker (lowercase), or up to 10.',
      address: 'Optional: payin address, or up to 10.',
      payoutAddress: 'Optional: payout address, or up to 10.',
      extraId: 'Optional: extra ID of the payin address.',
      subaccountId: 'Optional: a subaccount ID from createSubaccount, or up to 10.',
      since: 'Optional: created at or after, Unix microseconds (16 digits).',
      limit: '1 to 100 records (default 10).',
      offset: 'How many matching records to skip.',
    },
  },
  {
    name: 'getPairsParams',
    description: 'Returns minimum and maximum exchangeable amounts for currency pairs. Deprecated.',
    source: 'base',
    deprecated: 'getExchangeAmount / getFixRateForAmount',
    closedParams: true,
    inSandbox: true,
    params: [
      { from: 'btc', to: 'eth' },
      { from: 'eth', to: 'usdt' },
    ],
    hints: { from: TICKER_FROM, to: TICKER_TO },
  },
  {
    name: 'getExchangeAmount',
    description: "Estimates the payout of a floating-rate exchange and reports the pair's current limits.",
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    params: { from: 'btc', to: 'eth', amountFrom: '0.1' },
    hints: {
      from: TICKER_FROM,
      to: TICKER_TO,
      amountFrom: 'Amount to send, a decimal string. An array of such objects asks for several pairs.',
      userMetadata: USER_METADATA,
    },
  },
  {
    name: 'getFixRateForAmount',
    description: 'Quotes a fixed-rate exchange for a payin or payout amount and issues a rate ID for createFixTransaction.',
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    params: { from: 'btc', to: 'eth', amountFrom: '0.1' },
    hints: {
      from: TICKER_FROM,
      to: TICKER_TO,
      amountFrom: `Amount to send, a decimal string. ${ONE_AMOUNT}`,
      amountTo: `Amount to receive, a decimal string. ${ONE_AMOUNT}`,
      userMetadata: USER_METADATA,
    },
  },
  {
    name: 'createTransaction',
    description: 'Creates a floating-rate transaction; returns its ID and the payin address to fund.',
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    movesMoney: true,
    creates: true,
    params: { from: 'btc', to: 'eth', amountFrom: '0.1', address: EXAMPLE_ETH_ADDRESS, refundAddress: EXAMPLE_BTC_ADDRESS },
    hints: {
      from: TICKER_FROM,
      to: TICKER_TO,
      amountFrom: 'Amount to send, a decimal string.',
      address: 'Your payout address in the "to" currency: replace the example, coins are paid out to it.',
      refundAddress: 'Optional: your refund address in the "from" currency (replace the example).',
      extraId: 'Optional: extra ID (memo, tag) of the payout address.',
      userMetadata: USER_METADATA,
    },
  },
  {
    name: 'createFixTransaction',
    description: 'Creates a fixed-rate transaction at the rate of an unexpired rate ID.',
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    movesMoney: true,
    creates: true,
    params: {
      from: 'btc',
      to: 'eth',
      rateId: 'paste the id of a getFixRateForAmount answer',
      amountFrom: '0.1',
      address: EXAMPLE_ETH_ADDRESS,
      refundAddress: EXAMPLE_BTC_ADDRESS,
    },
    hints: {
      from: 'Payin ticker, lowercase; as in the quote.',
      to: 'Payout ticker, lowercase; as in the quote.',
      rateId: 'The id of a getFixRateForAmount answer (single use, valid 30 s), or of the deprecated getFixRate (1 min).',
      amountFrom: `Amount to send, a decimal string. ${ONE_AMOUNT}`,
      amountTo: `Amount to receive, a decimal string. ${ONE_AMOUNT}`,
      address: 'Your payout address in the "to" currency: replace the example, coins are paid out to it.',
      refundAddress: 'Your refund address in the "from" currency (required for fixed rate): replace the example.',
      userMetadata: USER_METADATA,
    },
  },
  {
    name: 'getCurrenciesFull',
    description: 'Lists every currency with its state and display data, disabled ones included.',
    source: 'exchange',
    closedParams: false,
    inSandbox: true,
    params: {},
    hints: {},
  },
  {
    name: 'getPairs',
    description: 'Lists the enabled currency pairs, optionally filtered.',
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    params: { from: 'btc', txType: 'float' },
    hints: {
      from: 'Optional: only pairs with this payin ticker.',
      to: 'Optional: only pairs with this payout ticker.',
      txType: 'Optional: "float" or "fixed"; both when absent.',
    },
  },
  {
    name: 'validateAddress',
    description: 'Tells whether a wallet address (and its extra ID) is valid for a currency.',
    source: 'exchange',
    closedParams: true,
    inSandbox: true,
    params: { currency: 'eth', address: EXAMPLE_ETH_ADDRESS },
    hints: {
      currency: 'Ticker, lowercase.',
      address: 'The address to check; an invalid one is a normal answer, not an error.',
      extraId: 'Optional: extra ID to check too (EOS, IOST, STEEM, STX, XLM, XRP only).',
    },
  },
  {
    name: 'getCurrencies',
    description: 'Lists the tickers of the enabled currencies.',
    source: 'further',
    closedParams: false,
    inSandbox: true,
    params: {},
    hints: {},
  },
  {
    name: 'getMinAmount',
    description: 'Returns the minimum floating-rate payin amount of a pair. Deprecated.',
    source: 'further',
    deprecated: 'getExchangeAmount',
    closedParams: true,
    inSandbox: true,
    params: { from: 'btc', to: 'eth' },
    hints: { from: TICKER_FROM, to: TICKER_TO },
  },
  {
    name: 'getFixRate',
    description: 'Quotes the fixed rate and limits of a pair with a rate ID valid for 1 minute. Deprecated.',
    source: 'further',
    deprecated: 'getFixRateForAmount',
    closedParams: true,
    inSandbox: true,
    params: { from: 'btc', to: 'eth' },
    hints: {
      from: TICKER_FROM,
      to: `${TICKER_TO} An array of {from, to} objects asks for several pairs.`,
      userMetadata: USER_METADATA,
    },
  },
  {
    name: 'createSubaccount',
    description: 'Creates a subaccount; its ID goes to the create operations and filters getTransactions.',
    source: 'further',
    closedParams: true,
    inSandbox: true,
    creates: true,
    params: { email: 'user@example.com' },
    hints: { email: 'Optional: the e-mail address of the subaccount\'s user (replace the example).' },
  },
  {
    name: 'updateSubaccount',
    description: "Changes the e-mail address of a subaccount (unique among the partner's subaccounts).",
    source: 'further',
    closedParams: true,
    inSandbox: true,
    creates: true,
    params: { subaccountId: 'paste the subaccountId of a createSubaccount answer', email: 'new-address@example.com' },
    hints: {
      subaccountId: 'The subaccountId of a createSubaccount answer.',
      email: "The new e-mail address of the subaccount's user; no other subaccount may have it (replace the example).",
    },
  },
  {
    name: 'getFixRateBulk',
    description: 'Quotes the fixed rate and limits of every available pair, each with a rate ID.',
    source: 'further',
    closedParams: false,
    inSandbox: true,
    params: {},
    hints: {},
  },
];

const BY_NAME: ReadonlyMap<string, Operation> = new Map(OPERATIONS.map((op) => [op.name, op]));

/** Whether `name` is an operation of the specification (compared exactly: the service is case-sensitive). */
export function isKnownMethod(name: string): boolean {
  return BY_NAME.has(name);
}

export function findOperation(name: string): Operation | undefined {
  return BY_NAME.get(name);
}

/** An untitled request document for "New Request…". */
export interface RequestTemplate {
  readonly method: string;
  /** The document: pretty-printed JSON, no comments, ending with a newline. */
  readonly text: string;
  /** Notes shown beside it (a quick pick's detail): the deprecation first, then one per parameter of the template. */
  readonly hints: readonly string[];
}

function isObject(value: JsonValue | undefined): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parameter names of a template: its keys, or those of its first element when it is an array. */
function paramNames(params: JsonValue): string[] {
  const first: JsonValue | undefined = isObject(params) ? params : Array.isArray(params) ? (params as readonly JsonValue[])[0] : undefined;
  return isObject(first) ? Object.keys(first) : [];
}

/**
 * The request document of an operation: `method` and `params` (jsonrpc and id may be left out of
 * a request document). An unknown name gets empty params: the service may know it.
 */
export function templateFor(method: string): RequestTemplate {
  const op = BY_NAME.get(method);
  const params: JsonValue = op ? op.params : {};
  const hints: string[] = [];
  if (op?.deprecated) hints.push(`Deprecated: use ${op.deprecated}.`);
  if (!op) hints.push(`"${echo(method)}" is not an operation of the specification; it is sent as written.`);
  for (const name of paramNames(params)) {
    const hint = op?.hints[name];
    if (hint !== undefined) hints.push(`${name}: ${hint}`);
  }
  return { method, text: `${JSON.stringify({ method, params }, null, 2)}\n`, hints };
}
