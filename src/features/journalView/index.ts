/** The Sandbox Requests view, its documents (`exchange-tx-journal:`) and its commands. */
import * as vscode from 'vscode';
import { requestDocumentText } from '../../../packages/sandbox/src';
import type { JournalEntry } from '../../shared/requestJournal';
import type { Services } from '../common/services';
import { JOURNAL_SCHEME, JournalView } from './journalView';

export function register(context: vscode.ExtensionContext, services: Services): JournalView {
  const view = new JournalView(services.sandboxHost);
  const tree = vscode.window.createTreeView('exchangeTx.sandboxRequests', { treeDataProvider: view });
  /** A command's entry: the row it was given, else the row selected. */
  const withEntry =
    <T>(action: (entry: JournalEntry) => Promise<T>) =>
    (arg?: unknown): Promise<T | undefined> => {
      const entry = view.find(arg) ?? view.find(tree.selection[0]);
      return entry ? action(entry) : Promise.resolve(undefined);
    };
  const copy = async (text: string) => {
    await vscode.env.clipboard.writeText(text);
    return text;
  };
  context.subscriptions.push(
    view,
    tree,
    vscode.workspace.registerTextDocumentContentProvider(JOURNAL_SCHEME, view),
    vscode.commands.registerCommand(
      'exchangeTx.sandboxRequests.showRequest',
      withEntry((entry) => view.open(entry)),
    ),
    vscode.commands.registerCommand(
      'exchangeTx.sandboxRequests.copyAsRequest',
      withEntry(async (entry) => {
        const text = requestDocumentText(entry);
        if (text !== undefined) return copy(text);
        void vscode.window.showWarningMessage(
          vscode.l10n.t(
            'The body kept of this request names no method to send: it is cut short, redacted or not a call.',
          ),
        );
        return undefined;
      }),
    ),
    vscode.commands.registerCommand(
      'exchangeTx.sandboxRequests.copyBody',
      withEntry((entry) => copy(entry.body)),
    ),
    vscode.commands.registerCommand('exchangeTx.sandboxRequests.toggleOwn', () => {
      view.showOwn = !view.showOwn;
      tree.description = view.showOwn ? vscode.l10n.t("with the extension's own") : undefined;
      view.redrawSoon();
      return view.showOwn;
    }),
    vscode.commands.registerCommand('exchangeTx.sandboxRequests.clear', () => {
      services.sandboxHost.sandbox?.clearRequests();
      view.redrawSoon();
    }),
  );
  return view;
}
