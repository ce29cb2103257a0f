/**
 * What the manifest, package.nls.json and the README say of each setting, written once: the
 * generator (`npm run generate`) joins it with the setting's rule in settingValues.ts. Kept apart
 * from the rules so the extension, which reads only the rules, does not load these words at
 * activation. The type requires one entry for every setting and no other.
 */
import { SETTING_RULES } from './settingValues';
import type { SettingKey, SettingRule } from './settingValues';

/** What the manifest, package.nls.json and the README say of a setting. */
export interface SettingTexts {
  /** The Settings editor's text (English; package.nls.json `config.<name>`). */
  readonly description: string;
  /** The description is Markdown (`markdownDescription`). */
  readonly markdown?: true;
  /** The Settings editor's words for a value that breaks `pattern` (package.nls.json `config.<name>.pattern`). */
  readonly patternMessage?: string;
  /** The README's "what it does" cell. */
  readonly readme: string;
  /** The README's "default" cell, where the default itself says too little. */
  readonly readmeDefault?: string;
}

/** A setting of the table: its rule and its texts. */
export type SettingEntry = SettingRule & SettingTexts;

export const SETTING_TEXTS: { readonly [K in SettingKey]: SettingTexts } = {
  'exchangeTx.baseUrl': {
    description:
      'The address a new account starts with (with or without a trailing `/v2`). Only your user settings count: requests go only to the addresses of the accounts you add with **Exchange Tx: Add Account…**, never to an address a workspace sets.',
    markdown: true,
    patternMessage: 'The address must start with http:// or https://',
    readme: 'the address a new account starts with (user settings only)',
  },
  'exchangeTx.requestTimeoutSeconds': {
    description:
      'Seconds to wait for an answer from the service before giving up (retried a few times for read-only calls).',
    readme: 'seconds to wait for an answer before giving up',
  },
  'exchangeTx.watch.intervalSeconds': {
    description: 'Seconds between two status checks of the transactions watched in the status bar.',
    readme: 'seconds between two checks of the watched transactions',
  },
  'exchangeTx.hover.enabled': {
    description: 'Show the status of a transaction when hovering its ID in an editor.',
    readme: "show a transaction's status when hovering its id",
  },
  'exchangeTx.hover.languages': {
    description:
      'Language IDs (for example `log`, `json`, `typescript`) in which hovering a transaction ID shows its status. Empty: every language.',
    markdown: true,
    readme: 'languages in which the hover works (empty: all)',
  },
  'exchangeTx.hover.answerMissesIn': {
    description:
      'Where a hover also answers for an ID-like text that is no transaction, or whose lookup failed ("No transaction … in the sandbox", "The sandbox answered HTTP 500"): language IDs (for example `log`) and file name patterns starting with `*` (for example `*.exchange.json`). Everywhere else such a hover stays silent and only a transaction that was found is shown, so hash-like words in code show nothing.',
    markdown: true,
    readme:
      'where the hover also says that an id-like word is no transaction, or that its lookup failed; elsewhere (code) it shows only transactions it found',
  },
  'exchangeTx.hover.idPattern': {
    description:
      'Regular expression (JavaScript syntax, without slashes) of what looks like a transaction ID, matched near the hovered position only. The default matches 8–32 lowercase letters and digits, with at least one of each. A pattern that does not compile, matches empty text or repeats a repeated group is refused and the default used. Only your user settings count.',
    markdown: true,
    readmeDefault: '8–32 lowercase letters and digits',
    readme: 'what looks like a transaction id (user settings only; each search is stopped after 5 ms)',
  },
  'exchangeTx.transactions.pageSize': {
    description: 'Transactions the Transactions view loads at a time (1–100; "Load more…" loads the next ones).',
    readme: 'transactions the view loads at a time (1–100)',
  },
  'exchangeTx.transactions.refreshSeconds': {
    description:
      'Seconds between automatic refreshes of the Transactions view while it is visible. `0` turns them off.',
    markdown: true,
    readme: 'seconds between refreshes of the visible view (0: off)',
  },
  'exchangeTx.sandbox.port': {
    description:
      'The port of the built-in sandbox on 127.0.0.1. 0 (the default) takes any free port in each window (the sandbox keeps it while the window runs); a fixed port lets a program of yours keep the URL that **Copy Sandbox Connection** gave it across reloads. When the port is taken, the sandbox takes a free one and says so in the log.',
    markdown: true,
    readme: "the built-in sandbox's port (0: any free one; user settings only)",
  },
  'exchangeTx.sandbox.stableKey': {
    description:
      "Keep the built-in sandbox's key pair across reloads (in VS Code's secret storage), so the API key and private key that **Copy Sandbox Connection** gave a program of yours stay valid. Off: a new key pair in each window (kept while the window runs).",
    markdown: true,
    readme: "keep the sandbox's key pair across reloads (user settings only)",
  },
  'exchangeTx.forward.maxRequestsPerSecond': {
    description:
      "Requests per second **Forward Status Changes…** may make: its share of the key's 10 (the rest stays for the views and for your own programs using the same key).",
    markdown: true,
    readme:
      "requests per second **Forward Status Changes…** may make, its share of the key's 10 (1–10; user settings only)",
  },
  'exchangeTx.forward.statuses': {
    description:
      "The statuses whose changes **Forward Status Changes…** sends, such as `finished`, `failed` and `refunded`. Empty (the default): every change. The others are still followed, so an event's `from` is the status last seen.",
    markdown: true,
    readme: 'the statuses whose changes are forwarded (empty: every change; user settings only)',
  },
  'exchangeTx.forward.payload': {
    description:
      'The body of each event **Forward Status Changes…** sends: `standard`, the Standard Webhooks envelope `{"type", "timestamp", "data"}`; `legacy`, the bare event `{"id", "from", "to", "transaction", "at"}` of older receivers.',
    markdown: true,
    readme: 'the body of each forwarded event: `standard` (Standard Webhooks) or `legacy` (user settings only)',
  },
  'exchangeTx.sandbox.trafficPerHour': {
    description:
      "New transactions arriving in the built-in sandbox per hour of its clock, each going through its lifecycle at its currencies' pace, so every status that is not final always has some and the sandbox never goes still. The oldest settled ones are retired past 1000 transactions, never the ones you created. 0: a still ledger, where only your own transactions and the ones already moving change.",
    markdown: true,
    readme: 'new transactions arriving in the sandbox per hour of its clock (0: a still ledger)',
  },
  'exchangeTx.sandbox.journalSize': {
    description:
      'Requests the built-in sandbox keeps for the Sandbox Requests view, the oldest dropped first (1–10000). It takes effect when the sandbox next starts.',
    readme: 'requests the Sandbox Requests view keeps (1–10000)',
  },
};

/** Each setting's rule joined with its texts, in the table's order (what the generator writes from). */
export function settingEntries(): [SettingKey, SettingEntry][] {
  return (Object.keys(SETTING_RULES) as SettingKey[]).map((key) => [
    key,
    { ...SETTING_RULES[key], ...SETTING_TEXTS[key] },
  ]);
}
