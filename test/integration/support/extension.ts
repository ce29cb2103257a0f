/** Shared helpers of the integration suites: the extension's API and a clean environment. */
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';

export const EXTENSION_ID = 'exchange-tx.exchange-tx';

export async function extensionApi(): Promise<ExchangeTxApi> {
  const extension = vscode.extensions.getExtension<ExchangeTxApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

/** Back to the state a new user starts in: no keys, default settings, the sandbox. */
export async function resetEnvironment(api: ExchangeTxApi): Promise<void> {
  await vscode.commands.executeCommand('exchangeTx.clearApiKeys', { confirm: true });
  await vscode.workspace.getConfiguration('exchangeTx').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  await api.environment.choose('sandbox');
  api.environment.sandbox?.setFaults({});
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
