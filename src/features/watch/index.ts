/** The status-bar watch: "Watch Transaction in Status Bar…", "Stop Watching Transaction…", the item's menu; saved watches restored. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import type { Logger } from '../common/log';
import { shortId } from '../../shared/format';
import { idFromArgument, isPlausibleId } from '../../shared/transactionId';
import { revealTransaction } from '../common/revealTransaction';
import { readSetting } from '../common/settings';
import { errorText } from '../../shared/errorText';
import { StatusWatch } from './statusWatch';
import type { StatusWatchDeps } from './watchTypes';
import { MAX_WATCHED } from './watchIds';

/** The polling interval from the settings, in ms (a wrong value gives the default, said in the log). */
function intervalSetting(): number {
  return readSetting('exchangeTx.watch.intervalSeconds') * 1000;
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

export function register(context: vscode.ExtensionContext, services: Services): StatusWatch {
  const log = tagged(services.log, 'watch');
  const watch = new StatusWatch({
    store: services.store,
    environment: watchEnvironment(services),
    memento: context.workspaceState,
    log,
    intervalMs: intervalSetting(),
  });
  context.subscriptions.push(
    watch,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('exchangeTx.watch.intervalSeconds')) watch.setIntervalMs(intervalSetting());
    }),
    vscode.commands.registerCommand('exchangeTx.watch', async (arg?: unknown) => {
      const given = idFromArgument(arg);
      if (given !== undefined && !isPlausibleId(given)) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('That is not a transaction ID: an ID is 4–64 letters, digits, "-" or "_".'),
        );
        return undefined;
      }
      const inEditor = services.idInEditor();
      const id =
        given ??
        (await services.choices.choose({
          title: vscode.l10n.t('Watch Transaction in Status Bar'),
          offered: inEditor !== undefined ? [{ id: inEditor, source: 'editor' }] : [],
          value: inEditor,
        }));
      if (!id) return undefined;
      const result = await watch.watch(id);
      if (result === 'full') {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('At most {0} transactions can be watched at once. Stop watching one first.', MAX_WATCHED),
        );
        return undefined;
      }
      // Watching: the Transactions view selects it if it is loaded there.
      if (result === 'added' || result === 'already') revealTransaction(id, log);
      return id;
    }),
    vscode.commands.registerCommand('exchangeTx.stopWatching', async (arg?: unknown) => {
      const given = idFromArgument(arg);
      const ids = given !== undefined ? [given] : await pickWatched(watch);
      for (const id of ids ?? []) watch.stop(id);
      return ids ?? [];
    }),
    vscode.commands.registerCommand('exchangeTx.watchActions', (arg?: unknown) => {
      const id = idFromArgument(arg);
      return id === undefined ? undefined : showActions(watch, id, log);
    }),
    services.choices.provide('watched', () => watch.ids),
  );
  watch.restore();
  return watch;
}

/** The watch's view of the environment: what a poll fetches on a target not in use passes the store too. */
function watchEnvironment({ environment, clients, store }: Services): StatusWatchDeps['environment'] {
  return {
    get target() {
      return environment.target;
    },
    // "Sandbox" or the account's name (a removed account says so).
    targetLabel: (target) =>
      target === 'sandbox'
        ? vscode.l10n.t('Sandbox')
        : (environment.accounts.get(target)?.name ?? vscode.l10n.t('a removed account')),
    recordsOn: async (target, ids, options) => {
      // An account is used only when its host was allowed before: a poll asks the user nothing.
      const client =
        target === 'sandbox'
          ? await clients.sandboxClient()
          : (await environment.accountConnection(target, { ask: false })).client;
      const found = await client.getTransactionsByIds(ids, options);
      store.upsert([...found.values()], target);
      return found;
    },
    onDidReset: environment.onDidReset,
  };
}
