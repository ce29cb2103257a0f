/**
 * What `npm start` prints: its progress lines (`npm start: …`, not the integration runner's
 * `[integration +0.1s]`) and, once VS Code is up, what runs, the address to open and how to stop.
 */

/** The start of each progress line. */
export const START_PREFIX = 'npm start: ';

export interface StartedServer {
  readonly codeServerVersion: string;
  readonly vscodeVersion: string;
  /** The address to open in a browser. */
  readonly url: string;
}

/** The lines printed once the server host is listening. */
export function startedLines(server: StartedServer): string[] {
  return [
    '',
    `Exchange Tx is running in VS Code ${server.vscodeVersion} (code-server ${server.codeServerVersion}), in development mode, with its built-in sandbox.`,
    'Open this address in a browser on this machine:',
    '',
    `  ${server.url}`,
    '',
    'The sandbox runs inside the extension: "Exchange Tx: Sandbox: Copy Connection…" gives its address and keys.',
    'Stop with Ctrl+C.',
  ];
}

/** The line printed when desktop VS Code is opened instead. */
export function desktopLine(): string {
  return `${START_PREFIX}opening desktop VS Code with the extension in development mode and its built-in sandbox; close the window to stop.`;
}
