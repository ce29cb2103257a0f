/** Every operation a request document may name; `npm run generate` writes the schema and docs from it. */
import { isMethod } from '../../packages/sandbox/src/methods';

/** A JSON value, as a request document holds it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface OperationEntry {
  /** The `method` of the request. */
  readonly name: string;
  /** One line, shown in completion and in the "New Request…" pick. */
  readonly description: string;
  /** What to use instead, when the service has deprecated the operation. */
  readonly deprecated?: string;
  /** Whether it creates a transaction: the question before it goes to an account says so. */
  readonly movesMoney?: true;
  /** Whether it creates or changes something on the account: asked every time before it goes there. */
  readonly creates?: true;
  /** The `params` of a new request: a working example. */
  readonly params: JsonValue;
  /** A short note per parameter, by name; the schema refuses `params` members not named here, if any are. */
  readonly hints: Readonly<Record<string, string>>;
  /** The `params` of the schema's snippet (`$1`, `${1:btc}`… are placeholders). */
  readonly snippet: JsonValue;
  /** What `params` looks like, in Markdown (completion shows it). */
  readonly paramsShape: string;
  /** The description in Markdown, where it differs from `description`. */
  readonly markdownDescription?: string;
  /** The schema's warning on a deprecated method. */
  readonly deprecationMessage?: string;
  /** `params` may be left out. */
  readonly paramsOptional?: true;
  /** Where docs/sandbox.md says its facts come from, when not from docs/service/methods.md. */
  readonly factsFrom?: string;
}

/** An operation with whether the built-in sandbox answers it (packages/sandbox/src/methods.ts). */
export interface Operation extends OperationEntry {
  readonly inSandbox: boolean;
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

const TABLE: readonly OperationEntry[] = [
  {
    name: 'getStatus',
    description: 'Returns the current status of one transaction.',
    snippet: { id: '$1' },
    paramsShape: '`{ "id": string }`',
    params: { id: SANDBOX_TRANSACTION_ID },
    hints: {
      id: 'Transaction ID, from a create operation or getTransactions (this one exists in the built-in sandbox).',
    },
  },
  {
    name: 'getTransactions',
    description: 'Returns transaction records that match optional filters.',
    snippet: { limit: 10, offset: 0 },
    paramsShape:
      '`id`, `status`, `currency`, `address`, `payoutAddress`, `extraId`, `since`, `limit`, `offset`, all optional',
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
    deprecated: 'getExchangeAmount / getFixRateForAmount',
    snippet: [{ from: '${1:btc}', to: '${2:eth}' }],
    paramsShape: '`[{ "from": ticker, "to": ticker }, …]`',
    deprecationMessage:
      'getPairsParams is deprecated: the service designates getExchangeAmount / getFixRateForAmount for limits. It stays available for some time.',
    params: [
      { from: 'btc', to: 'eth' },
      { from: 'eth', to: 'usdt' },
    ],
    hints: { from: TICKER_FROM, to: TICKER_TO },
  },
  {
    name: 'getExchangeAmount',
    description: "Estimates the payout of a floating-rate exchange and reports the pair's current limits.",
    snippet: { from: '${1:btc}', to: '${2:eth}', amountFrom: '${3:0.1}' },
    paramsShape: '`{ from, to, amountFrom }`, or an array of them',
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
    description:
      'Quotes a fixed-rate exchange for a payin or payout amount and issues a rate ID for createFixTransaction.',
    snippet: { from: '${1:btc}', to: '${2:eth}', amountFrom: '${3:0.1}' },
    paramsShape: '`{ from, to, amountFrom | amountTo }`, or an array of them',
    markdownDescription:
      'Quotes a fixed-rate exchange for a payin or payout amount and issues a rate ID for `createFixTransaction`.',
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
    snippet: { from: '${1:btc}', to: '${2:eth}', amountFrom: '${3:0.1}', address: '$4' },
    paramsShape: '`{ from, to, amountFrom, address, … }`',
    movesMoney: true,
    creates: true,
    params: {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: EXAMPLE_ETH_ADDRESS,
      refundAddress: EXAMPLE_BTC_ADDRESS,
    },
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
    snippet: {
      from: '${1:btc}',
      to: '${2:eth}',
      rateId: '$3',
      amountFrom: '${4:0.1}',
      address: '$5',
      refundAddress: '$6',
    },
    paramsShape: '`{ from, to, rateId, address, refundAddress, amountFrom | amountTo, … }`',
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
      rateId:
        'The id of a getFixRateForAmount answer (single use, valid 30 s), or of the deprecated getFixRate (1 min).',
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
    snippet: {},
    paramsShape: '`{}` (optional)',
    paramsOptional: true,
    params: {},
    hints: {},
  },
  {
    name: 'getPairs',
    description: 'Lists the enabled currency pairs, optionally filtered.',
    snippet: { from: '${1:btc}', txType: '${2|float,fixed|}' },
    paramsShape: '`{ from?, to?, txType? }`',
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
    snippet: { currency: '${1:eth}', address: '$2' },
    paramsShape: '`{ currency, address, extraId? }`',
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
    snippet: {},
    paramsShape: '`{}` (optional)',
    paramsOptional: true,
    params: {},
    hints: {},
  },
  {
    name: 'getMinAmount',
    description: 'Returns the minimum floating-rate payin amount of a pair. Deprecated.',
    deprecated: 'getExchangeAmount',
    snippet: { from: '${1:btc}', to: '${2:eth}' },
    paramsShape: '`{ from, to }`',
    deprecationMessage:
      'getMinAmount is deprecated: the service designates getExchangeAmount for limits. It is still served.',
    params: { from: 'btc', to: 'eth' },
    hints: { from: TICKER_FROM, to: TICKER_TO },
  },
  {
    name: 'getFixRate',
    description: 'Quotes the fixed rate and limits of a pair with a rate ID valid for 1 minute. Deprecated.',
    deprecated: 'getFixRateForAmount',
    snippet: { from: '${1:btc}', to: '${2:eth}' },
    paramsShape: '`{ from, to }`, or an array of them',
    deprecationMessage: 'getFixRate is deprecated: the service designates getFixRateForAmount. It is still served.',
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
    snippet: {},
    paramsShape: '`{ email? }` (optional)',
    paramsOptional: true,
    creates: true,
    params: { email: 'user@example.com' },
    hints: { email: "Optional: the e-mail address of the subaccount's user (replace the example)." },
  },
  {
    name: 'updateSubaccount',
    description: "Changes the e-mail address of a subaccount (unique among the partner's subaccounts).",
    snippet: { subaccountId: '$1', email: '$2' },
    paramsShape: '`{ subaccountId, email }`',
    factsFrom: 'the service\'s documentation, "Update users"',
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
    snippet: {},
    paramsShape: 'none, or `{}`',
    paramsOptional: true,
    factsFrom: "the service's older README (fixed-rate chapter)",
    params: {},
    hints: {},
  },
];

/** Every operation, in the specification's order, with `inSandbox` from the sandbox's own list. */
export const OPERATIONS: readonly Operation[] = TABLE.map((op) => ({ ...op, inSandbox: isMethod(op.name) }));
