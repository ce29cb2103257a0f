/** The status-bar watch: "Watch Transaction in Status Bar…", "Stop Watching Transaction…", the item's menu; saved watches restored. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import type { StatusWatch } from './statusWatch';
import { startWatch } from './watchCommands';

export function register(context: vscode.ExtensionContext, services: Services): StatusWatch {
  const { store, environment, clients, choices } = services;
  const { watch, commands } = startWatch(context, {
    store,
    environment,
    clients,
    choices,
    log: tagged(services.log, 'watch'),
    idInEditor: () => services.idInEditor(),
  });
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.watch', commands.watch),
    vscode.commands.registerCommand('exchangeTx.stopWatching', commands.stopWatching),
    vscode.commands.registerCommand('exchangeTx.watchActions', commands.watchActions),
    choices.provide('watched', () => watch.ids),
  );
  return watch;
}
