/**
 * Names every door to the service agrees on, kept in one place so the editor's copied texts, the
 * snippets and the command-line tools (MCP server, forwarder) cannot drift apart: the live
 * service's address and the environment variables a connection is passed in.
 */

/** The live service's address, the default of a new account and of the tools' `--account`. */
export const DEFAULT_BASE_URL = 'https://api.changelly.com';

/**
 * What "Copy Sandbox Connection" writes as `.env` lines, and what the sandbox's "Copy as…"
 * snippets and the tools read for a running sandbox.
 */
export const SANDBOX_ENV = {
  url: 'EXCHANGE_TX_SANDBOX_URL',
  apiKey: 'EXCHANGE_TX_SANDBOX_API_KEY',
  privateKey: 'EXCHANGE_TX_SANDBOX_PRIVATE_KEY',
} as const;

/**
 * What an account's "Copy as…" snippets and the tools' `--account` read: another private-key
 * variable than the sandbox's, so a live key left in a shell is never sent to whatever listens on
 * the sandbox's port.
 */
export const ACCOUNT_ENV = {
  url: 'EXCHANGE_TX_BASE_URL',
  apiKey: 'EXCHANGE_TX_API_KEY',
  privateKey: 'EXCHANGE_TX_PRIVATE_KEY',
} as const;
