/**
 * The sandbox commands, registered at activation; their work (sandboxCommands.ts, with New
 * Transaction…, Simulate Payment, Move to Status…, Faults… and Copy Sandbox Connection) is loaded
 * when one of them first runs, from its own file of the bundle.
 */
import * as vscode from 'vscode';
import type { SandboxApi, BuiltInSandboxDeps, SandboxCommandHandlers } from './sandboxCommands';
import { readSetting } from '../common/settings';
import { SANDBOX_COMMANDS } from './sandboxCommandNames';

export type { BuiltInSandboxDeps };

/** What the test API gets: the commands' objects, loaded on demand. */
export interface BuiltInSandboxHandle {
  load(): Promise<SandboxApi>;
}

export function register(context: vscode.ExtensionContext, deps: BuiltInSandboxDeps): BuiltInSandboxHandle {
  let loading: Promise<{ readonly handlers: SandboxCommandHandlers; readonly api: SandboxApi }> | undefined;
  const load = () => {
    const started = (loading ??= import('./sandboxCommands').then((code) =>
      code.sandboxCommandHandlers(context, deps),
    ));
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
  context.subscriptions.push(
    ...SANDBOX_COMMANDS.map((command) =>
      vscode.commands.registerCommand(command, async (arg?: unknown, second?: unknown) =>
        (await load()).handlers[command](arg, second),
      ),
    ),
    // The running sandbox follows its traffic setting (a new start reads it anyway).
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('exchangeTx.sandbox.trafficPerHour'))
        deps.sandboxHost.sandbox?.setTraffic(readSetting('exchangeTx.sandbox.trafficPerHour'));
    }),
  );
  return { load: async () => (await load()).api };
}
