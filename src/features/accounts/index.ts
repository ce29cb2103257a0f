/** The account commands, and the status bar item naming where requests go, with Switch Account, Explore the Sandbox and Show Log. */
import type * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { registerAccountCommands } from './accountCommands';
import { registerEnvironment } from './environmentStatus';

export function register(
  context: vscode.ExtensionContext,
  services: Services,
): { readonly environmentItem: vscode.StatusBarItem } {
  registerAccountCommands(context, { environment: services.environment, log: tagged(services.log, 'accounts') });
  return { environmentItem: registerEnvironment(context, services) };
}
