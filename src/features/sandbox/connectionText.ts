/**
 * "Copy Sandbox Connection" as text: the built-in sandbox's URL, API key and private key as
 * `.env` lines or JSON, for a program of the developer's on this machine. Pure: no `vscode`.
 */

export type ConnectionFormat = 'env' | 'json';

export interface SandboxConnection {
  /** Base URL, `http://127.0.0.1:PORT`; JSON-RPC calls go to `${url}/v2`. */
  readonly url: string;
  /** The `X-Api-Key` value. */
  readonly apiKey: string;
  /** Hex of the DER PKCS#8 private key, as the service's samples print keys. */
  readonly privateKey: string;
}

/** The names of the `.env` lines (and, camel-cased, of the JSON members). */
export const ENV_NAMES = {
  url: 'EXCHANGE_API_URL',
  apiKey: 'EXCHANGE_API_KEY',
  privateKey: 'EXCHANGE_API_PRIVATE_KEY',
} as const;

export function isConnectionFormat(value: unknown): value is ConnectionFormat {
  return value === 'env' || value === 'json';
}

export function connectionText(connection: SandboxConnection, format: ConnectionFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({ url: connection.url, endpoint: `${connection.url}/v2`, apiKey: connection.apiKey, privateKey: connection.privateKey }, null, 2)}\n`;
  }
  return [
    "# The Exchange Tx built-in sandbox on this machine (its own key, not an account's).",
    `# JSON-RPC: POST \${${ENV_NAMES.url}}/v2, headers X-Api-Key and X-Api-Signature (base64 RSA-SHA256 of the body).`,
    `${ENV_NAMES.url}=${connection.url}`,
    `${ENV_NAMES.apiKey}=${connection.apiKey}`,
    `${ENV_NAMES.privateKey}=${connection.privateKey}`,
    '',
  ].join('\n');
}
