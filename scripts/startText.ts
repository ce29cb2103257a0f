/**
 * What `npm start` prints: its progress lines (`npm start: …`, not the integration runner's
 * `[integration +0.1s]`) and, once VS Code is up, what runs, the address to open and how to stop.
 * The commands it names are named as the Command Palette shows them, read from the manifest
 * (package.json and package.nls.json), so the text cannot drift from the titles. Also what the
 * server host is opened with: the Welcome page is not skipped, so the walkthrough is there.
 */
import * as fs from 'fs';
import * as path from 'path';

/** The start of each progress line. */
export const START_PREFIX = 'npm start: ';

/** The repository's root (scripts/ and out/scripts/ both find it). */
function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.nls.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('package.nls.json not found above the start script');
  }
}

interface ManifestCommand {
  readonly command: string;
  readonly title: string;
  readonly category?: string;
}

function manifestText(value: string, root: string): string {
  if (!/^%.+%$/.test(value)) return value;
  const strings = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return strings[value.slice(1, -1)] ?? value;
}

/** The title of the extension's walkthrough, as the Welcome page shows it. */
export function walkthroughTitle(root: string = repoRoot()): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { walkthroughs: { title: string }[] };
  };
  return manifestText(manifest.contributes.walkthroughs[0]?.title ?? '', root);
}

/** `Exchange Tx: Copy Sandbox Connection`: a command as the Command Palette shows it, from the manifest. */
export function paletteName(command: string, root: string = repoRoot()): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { commands: ManifestCommand[] };
  };
  const entry = manifest.contributes.commands.find((c) => c.command === command);
  if (!entry) throw new Error(`no command ${command} in package.json`);
  const text = (value: string) => manifestText(value, root);
  return entry.category ? `${text(entry.category)}: ${text(entry.title)}` : text(entry.title);
}

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
    `The Welcome page lists the walkthrough "${walkthroughTitle()}" ("${paletteName('exchangeTx.exploreSandbox')}" opens the Transactions view).`,
    `The sandbox runs inside the extension: "${paletteName('exchangeTx.sandbox.copyConnection')}" gives its address and keys.`,
    'Stop with Ctrl+C.',
  ];
}

/** The line printed when desktop VS Code is opened instead. */
export function desktopLine(): string {
  return `${START_PREFIX}opening desktop VS Code with the extension in development mode and its built-in sandbox; close the window to stop.`;
}

/**
 * The payload of the server host's address: the extension in development mode. The Welcome page
 * is not skipped: it lists the extension's walkthrough, which a new user would not find otherwise.
 */
export function startPayload(extensionUri: string): [string, string][] {
  return [['extensionDevelopmentPath', extensionUri]];
}

/** The user settings of the profile `npm start` keeps between starts (written once). */
export function startSettings(): Record<string, unknown> {
  // The playground lives inside this repository: do not offer to open the repository. The Welcome
  // page opens at start, with the walkthrough in it.
  return { 'git.openRepositoryInParentFolders': 'never', 'workbench.startupEditor': 'welcomePage' };
}
