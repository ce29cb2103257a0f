/** The status-bar watch's commands, its item's click menu and its interval setting. */
import * as vscode from 'vscode';
import { shortId } from '../../shared/format';
import type { Logger } from '../common/log';
import { StatusWatch } from './statusWatch';
import { idFromArgument, isPlausibleId } from '../../shared/transactionId';
import { MAX_WATCHED } from './watchIds';
import { revealTransaction } from '../common/revealTransaction';
import { readSetting } from '../common/settings';
import { watchEnvironment } from './watchDeps';
import type { WatchDeps } from './watchDeps';
import { errorText } from '../../shared/errorText';

/** The polling interval from the settings, in ms (2–3600 s; a wrong value gives the default, said in the log). */
export function intervalSetting(): number {
  return readSetting('exchangeTx.watch.intervalSeconds') * 1000;
}

async function askForId(offered: string | undefined): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    value: offered ?? '',
    title: vscode.l10n.t('Watch Transaction in Status Bar'),
    prompt: vscode.l10n.t('The ID of the transaction to watch'),
    placeHolder: vscode.l10n.t('e.g. 3h1k9x0adl2b7m4q'),
    ignoreFocusOut: true,
    validateInput: (text) =>
      isPlausibleId(text.trim()) ? undefined : vscode.l10n.t('A transaction ID is 4–64 letters, digits, "-" or "_".'),
  });
  return value?.trim() || undefined;
}

interface IdPick extends vscode.QuickPickItem {
  readonly id: string | undefined;
}

async function pickWatched(watch: StatusWatch): Promise<string[] | undefined> {
  const snapshots = watch.items();
  if (snapshots.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No transaction is being watched.'));
    return undefined;
  }
  if (snapshots.length === 1) return [snapshots[0]?.id ?? ''];
  const picks: IdPick[] = snapshots.map((s) => ({
    id: s.id,
    label: s.id,
    description: s.text.replace(/\$\([^)]*\)\s*/g, ''),
  }));
  picks.push({ id: undefined, label: vscode.l10n.t('$(close-all) Stop watching all {0}', snapshots.length) });
  const choice = await vscode.window.showQuickPick(picks, {
    title: vscode.l10n.t('Stop Watching Transaction'),
    placeHolder: vscode.l10n.t('Which transaction?'),
  });
  if (!choice) return undefined;
  return choice.id === undefined ? watch.ids : [choice.id];
}

interface ActionPick extends vscode.QuickPickItem {
  readonly run: () => unknown;
}

function runCommand(log: Logger, command: string, id: string): void {
  void vscode.commands.executeCommand(command, id).then(undefined, (error: unknown) => {
    log.warn(`${command} failed: ${errorText(error)}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not run this action: {0}', errorText(error)));
  });
}

async function showActions(watch: StatusWatch, id: string, log: Logger): Promise<void> {
  const snapshot = watch.items().find((s) => s.id === id);
  if (!snapshot) return;
  const picks: ActionPick[] = [
    { label: vscode.l10n.t('$(json) Show Details'), run: () => runCommand(log, 'exchangeTx.showDetails', id) },
    { label: vscode.l10n.t('$(copy) Copy ID'), run: () => runCommand(log, 'exchangeTx.copyId', id) },
    { label: vscode.l10n.t('$(refresh) Check Now'), run: () => watch.watch(id) },
    { label: vscode.l10n.t('$(eye-closed) Stop Watching'), run: () => watch.stop(id) },
  ];
  const choice = await vscode.window.showQuickPick(picks, {
    title: vscode.l10n.t('Transaction {0}', shortId(id)),
    placeHolder: snapshot.text.replace(/\$\([^)]*\)\s*/g, ''),
  });
  await choice?.run();
}

export interface WatchCommands {
  watch(arg?: unknown): Promise<string | undefined>;
  stopWatching(arg?: unknown): Promise<string[]>;
  watchActions(arg?: unknown): Promise<void> | undefined;
}

export interface WatchPart {
  readonly watch: StatusWatch;
  readonly commands: WatchCommands;
}

export function startWatch(context: vscode.ExtensionContext, deps: WatchDeps): WatchPart {
  const watch = new StatusWatch({
    store: deps.store,
    environment: watchEnvironment(deps),
    memento: context.workspaceState,
    log: deps.log,
    intervalMs: intervalSetting(),
  });
  context.subscriptions.push(
    watch,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('exchangeTx.watch.intervalSeconds')) watch.setIntervalMs(intervalSetting());
    }),
  );
  const commands: WatchCommands = {
    watch: async (arg?: unknown) => {
      const given = idFromArgument(arg);
      if (given !== undefined && !isPlausibleId(given)) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('That is not a transaction ID: an ID is 4–64 letters, digits, "-" or "_".'),
        );
        return undefined;
      }
      const inEditor = deps.idInEditor?.();
      const choose = () =>
        deps.choices
          ? deps.choices.choose({
              title: vscode.l10n.t('Watch Transaction in Status Bar'),
              offered: inEditor !== undefined ? [{ id: inEditor, source: 'editor' }] : [],
              ask: () => askForId(inEditor),
            })
          : askForId(inEditor);
      const id = given ?? (await choose());
      if (!id) return undefined;
      const result = await watch.watch(id);
      if (result === 'full') {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('At most {0} transactions can be watched at once. Stop watching one first.', MAX_WATCHED),
        );
        return undefined;
      }
      // Watching: the Transactions view selects it if it is loaded there.
      if (result === 'added' || result === 'already') revealTransaction(id, deps.log);
      return id;
    },
    stopWatching: async (arg?: unknown) => {
      const given = idFromArgument(arg);
      const ids = given !== undefined ? [given] : await pickWatched(watch);
      for (const id of ids ?? []) watch.stop(id);
      return ids ?? [];
    },
    watchActions: (arg?: unknown) => {
      const id = idFromArgument(arg);
      return id === undefined ? undefined : showActions(watch, id, deps.log);
    },
  };
  watch.restore();
  return { watch, commands };
}
