/** Request documents: write a JSON-RPC request, send it signed, read the answer beside it, find it in the History. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { MessagePresenter } from '../common/userMessages';
import { idFromArgument } from '../../shared/transactionId';
import { localTime, timeWithUtc } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import { ANSWER_SCHEME, AnswerDocuments } from './answerDocuments';
import type { HistoryEntry } from './historyModel';
import { entryLabel, HISTORY_VIEW, HistoryStore, HistoryTree } from './historyView';
import { openUntitledRequest } from './requestFiles';
import { registerRequestDocuments } from './requestDocuments';

/** What the tests drive of request documents. */
export interface RequestsHandle {
  readonly history: HistoryStore;
  readonly messages: MessagePresenter;
}

export function register(context: vscode.ExtensionContext, services: Services): RequestsHandle {
  const log = tagged(services.log, 'requests');
  const messages = new MessagePresenter();
  const answers = new AnswerDocuments();
  const history = new HistoryStore(context.workspaceState);
  const tree = new HistoryTree(history);
  const view = vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: tree, canSelectMany: true });

  /** The history entry a command argument names (looked up by id: the argument itself is not trusted). */
  const entryOf = (arg: unknown): HistoryEntry | undefined => {
    const id =
      typeof arg === 'object' && arg !== null && 'id' in arg && typeof arg.id === 'string'
        ? arg.id
        : typeof arg === 'string'
          ? arg
          : undefined;
    return id === undefined ? (view.selection[0] ? history.find(view.selection[0].id) : undefined) : history.find(id);
  };

  registerRequestDocuments(context, { ...services, log, messages, answers, history, entryOf });

  const answerUri = (entry: HistoryEntry): vscode.Uri => {
    const uri = answers.newUri(entry.method, entry.language, `history-${entry.id}`);
    answers.put(uri, entry.answer);
    return uri;
  };

  const compare = async (arg: unknown, selected: unknown): Promise<boolean> => {
    const chosen = Array.isArray(selected)
      ? selected.map(entryOf).filter((e): e is HistoryEntry => e !== undefined)
      : [];
    let [left, right] = chosen.length >= 2 ? chosen : [entryOf(arg)];
    if (!left) return false;
    if (!right) {
      const others = history.entries.filter((e) => e.id !== left?.id);
      if (others.length === 0) {
        messages.present({
          severity: 'info',
          text: vscode.l10n.t('There is no other answer in the History to compare with.'),
          actions: [],
        });
        return false;
      }
      const pick = await vscode.window.showQuickPick(
        others.map((e) => ({
          label: entryLabel(e),
          description: `${e.outcome} · ${e.target}`,
          detail: timeWithUtc(e.at, userTimeStyle()),
          entry: e,
        })),
        { title: vscode.l10n.t('Compare with…'), matchOnDescription: true },
      );
      if (!pick) return false;
      right = pick.entry;
    }
    // Older on the left.
    if (left.at > right.at) [left, right] = [right, left];
    const title = vscode.l10n.t(
      '{0} ({1}) ↔ {2} ({3})',
      left.method,
      localTime(left.at, userTimeStyle()),
      right.method,
      localTime(right.at, userTimeStyle()),
    );
    await vscode.commands.executeCommand('vscode.diff', answerUri(left), answerUri(right), title, { preview: true });
    return true;
  };

  context.subscriptions.push(
    answers,
    history,
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.commands.registerCommand('exchangeTx.openAsRequest', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      const text = `${JSON.stringify(
        [
          { method: 'getStatus', params: { id } },
          { method: 'getTransactions', params: { id: [id], limit: 1 } },
        ],
        null,
        2,
      )}\n`;
      return (await openUntitledRequest(text)).document.uri;
    }),
    vscode.commands.registerCommand('exchangeTx.history.openAnswer', async (arg?: unknown) => {
      const entry = entryOf(arg);
      if (!entry) return undefined;
      const uri = answerUri(entry);
      await answers.show(uri, entry.language, { focus: true });
      return uri;
    }),
    vscode.commands.registerCommand('exchangeTx.history.openRequest', async (arg?: unknown) => {
      const entry = entryOf(arg);
      if (!entry) return undefined;
      let text = entry.request;
      try {
        text = JSON.stringify(JSON.parse(entry.request), null, 2);
      } catch {
        // cut: shown as kept
      }
      return (await openUntitledRequest(`${text}\n`)).document.uri;
    }),
    vscode.commands.registerCommand('exchangeTx.history.compare', (arg?: unknown, selected?: unknown) =>
      compare(arg, selected),
    ),
    vscode.commands.registerCommand('exchangeTx.history.clear', async () => {
      if (history.entries.length === 0) return true;
      // Always asked: another extension cannot wipe it silently.
      const clear = vscode.l10n.t('Clear History');
      const answer = await vscode.window.showWarningMessage(
        history.entries.length === 1
          ? vscode.l10n.t('Remove the one exchange of this workspace from the History?')
          : vscode.l10n.t('Remove the {0} exchanges of this workspace from the History?', history.entries.length),
        { modal: true },
        clear,
      );
      if (answer !== clear) return false;
      await history.clear();
      return true;
    }),
  );
  return { history, messages };
}
