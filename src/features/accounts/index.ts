/**
 * The accounts at activation: the account commands (accountCommands.ts) and the status bar item
 * naming where requests go, with "Switch Account / Environment…", "Explore the Sandbox" and
 * "Show Log" (environmentStatus.ts).
 */
import type * as vscode from 'vscode';
import type { Logger } from '../common/log';
import type { SandboxRunning, SandboxStarter } from '../common/environmentDeps';
import type { AccountsEnvironment } from './accountsEnvironment';
import { registerEnvironment } from './environmentStatus';
import { registerAccountCommands } from './accountCommands';

export interface AccountsDeps {
  readonly environment: AccountsEnvironment;
  /** The built-in sandbox (Explore the Sandbox starts it; the item names its faults). */
  readonly sandboxHost: SandboxStarter & SandboxRunning;
  readonly log: Logger;
  /** Shows the extension's log ("Show Log"). */
  readonly showLog: () => void;
}

/** What the test API gets: the status bar item. */
export interface AccountsHandle {
  /** The status bar item naming the sandbox or the account in use. */
  readonly environmentItem: vscode.StatusBarItem;
}

export function register(context: vscode.ExtensionContext, deps: AccountsDeps): AccountsHandle {
  registerAccountCommands(context, deps);
  return { environmentItem: registerEnvironment(context, deps) };
}
