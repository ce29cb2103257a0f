/** "Copy Sandbox Connection" as text: URL, API key and private key as `.env` lines or JSON. */
import { SANDBOX_ENV } from '../../shared/connectionNames';

export type ConnectionFormat = 'env' | 'json';

/** The names of the `.env` lines are `SANDBOX_ENV`'s (the JSON members are `url`, `apiKey`, `privateKey`): the variables the sandbox's "Copy as…" snippets read. */
export interface SandboxConnection {
  /** Base URL, `http://127.0.0.1:PORT`; JSON-RPC calls go to `${url}/v2`. */
  readonly url: string;
  readonly apiKey: string;
  /** Hex of the DER PKCS#8 private key, as the service's samples print keys. */
  readonly privateKey: string;
}

export function connectionText(connection: SandboxConnection, format: ConnectionFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({ url: connection.url, endpoint: `${connection.url}/v2`, apiKey: connection.apiKey, privateKey: connection.privateKey }, null, 2)}\n`;
  }
  return [
    "# The Exchange Tx built-in sandbox on this machine (its own key, not an account's).",
    `# JSON-RPC: POST \${${SANDBOX_ENV.url}}/v2, headers X-Api-Key and X-Api-Signature (base64 RSA-SHA256 of the body).`,
    `${SANDBOX_ENV.url}=${connection.url}`,
    `${SANDBOX_ENV.apiKey}=${connection.apiKey}`,
    `${SANDBOX_ENV.privateKey}=${connection.privateKey}`,
    '',
  ].join('\n');
}

/** What decides how long a copied connection stays valid. */
export interface ConnectionFacts {
  readonly port: number;
  /** The port setting now: 0 (any free port) or a fixed port. */
  readonly fixedPort: number;
  /** The fixed port that was taken when this window's sandbox took its port (it then took another). */
  readonly portTaken: number | undefined;
  /** Whether the running key is the one kept for the next starts (and the stable-key setting is on). */
  readonly keyKept: boolean;
}

/** How long a copy stays valid: across reloads on the fixed port with the kept key, else for the window. */
export type ConnectionLife =
  | { readonly kind: 'reloads'; readonly port: number }
  | { readonly kind: 'port-taken'; readonly port: number; readonly taken: number }
  | { readonly kind: 'port-differs'; readonly port: number; readonly fixedPort: number }
  | { readonly kind: 'window'; readonly port: number; readonly fixedPort: boolean; readonly keyKept: boolean };

export function connectionLife(facts: ConnectionFacts): ConnectionLife {
  const { port, fixedPort, portTaken, keyKept } = facts;
  if (fixedPort !== 0 && port === fixedPort)
    return keyKept ? { kind: 'reloads', port } : { kind: 'window', port, fixedPort: true, keyKept };
  if (portTaken !== undefined && port !== portTaken) return { kind: 'port-taken', port, taken: portTaken };
  if (fixedPort !== 0) return { kind: 'port-differs', port, fixedPort };
  return { kind: 'window', port, fixedPort: false, keyKept };
}
