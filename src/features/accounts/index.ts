/** The account commands, and the status bar item naming where requests go, with Switch Account, Explore the Sandbox and Show Log. */
import type * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { registerAccountCommands } from './accountCommands';
import { registerEnvironment } from './environmentStatus';

export interface AccountsHandle {
  /** The status bar item naming the sandbox or the account in use. */
  readonly environmentItem: vscode.StatusBarItem;
}

export function register(context: vscode.ExtensionContext, services: Services): AccountsHandle {
  registerAccountCommands(context, { environment: services.environment, log: tagged(services.log, 'accounts') });
  return { environmentItem: registerEnvironment(context, services) };
}
