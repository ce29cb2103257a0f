/**
 * The status-bar watch at activation: its commands ("Watch Transaction in Status Bar…", "Stop
 * Watching Transaction…", the item's click menu) registered with handlers that load the watch's
 * code (watchCommands.ts) the first time one runs. When watches were saved
 * in this workspace, that code loads right after activation and restores them (their first poll
 * on a timer, as before); a workspace with no watch never loads it.
 */
import * as vscode from 'vscode';
import { lazyModule } from '../common/lazyModule';
import type { StatusWatch } from './statusWatch';
import type { WatchPart } from './watchCommands';
import { parseStoredIds, WATCHED_KEY } from './watchIds';
import { errorText } from '../../shared/errorText';
import type { WatchDeps } from './watchDeps';

export type { WatchDeps };

/** The watch as activation holds it: loaded on first use. */
export interface WatchHandle {
  /** The watch, once loaded (undefined before). */
  readonly current: StatusWatch | undefined;
  /** Loads the watch (once), restoring the saved watches. */
  load(): Promise<StatusWatch>;
}

/** Registers the watch's commands; loads the watch now if watches were saved, else on first use. */
export function register(context: vscode.ExtensionContext, deps: WatchDeps): WatchHandle {
  let current: WatchPart | undefined;
  const part = lazyModule(async () => {
    const { startWatch } = await import('./watchCommands');
    current = startWatch(context, deps);
    return current;
  });
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.watch', async (arg?: unknown) => (await part()).commands.watch(arg)),
    vscode.commands.registerCommand('exchangeTx.stopWatching', async (arg?: unknown) =>
      (await part()).commands.stopWatching(arg),
    ),
    vscode.commands.registerCommand('exchangeTx.watchActions', async (arg?: unknown) =>
      (await part()).commands.watchActions(arg),
    ),
  );
  const saved = () => parseStoredIds(context.workspaceState.get<unknown>(WATCHED_KEY));
  if (deps.choices) context.subscriptions.push(deps.choices.provide('watched', () => current?.watch.ids ?? saved()));
  const load = async () => (await part()).watch;
  if (saved().length > 0) {
    load().catch((error: unknown) => deps.log.error(`restoring the watches failed: ${errorText(error)}`));
  }
  return {
    get current() {
      return current?.watch;
    },
    load,
  };
}
