/** The built-in sandbox's commands, and the running sandbox following its traffic setting. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { readSetting } from '../common/settings';
import { registerSandboxCommands } from './sandboxCommands';
import type { SandboxApi } from './sandboxCommands';

export function register(context: vscode.ExtensionContext, services: Services): SandboxApi {
  const { environment, sandboxHost, clients, store, choices } = services;
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('exchangeTx.sandbox.trafficPerHour'))
        sandboxHost.sandbox?.setTraffic(readSetting('exchangeTx.sandbox.trafficPerHour'));
    }),
  );
  return registerSandboxCommands(context, {
    environment,
    sandboxHost,
    clients,
    store,
    choices,
    log: tagged(services.log, 'sandbox'),
    openRequest: (text) => services.openRequest(text),
  });
}
