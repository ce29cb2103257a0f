/**
 * Request documents: write a JSON-RPC request in a `*.exchange.json` document, send it signed
 * to the sandbox or an account (CodeLens, Ctrl+Alt+Enter), read the answer beside it, and find
 * it again in the History view.
 */
import * as vscode from 'vscode';
import type { EnvironmentService } from '../accounts/environmentService';
import { tagged } from '../log';
import type { Logger } from '../log';
import { MessagePresenter } from '../lookup/errorMessages';
import { idFromArgument } from '../../shared/transactionId';
import { ANSWER_SCHEME, AnswerDocuments } from './answerDocuments';
import type { HistoryEntry } from './historyModel';
import { HistoryStore } from './historyStore';
import { entryLabel, HISTORY_VIEW, HistoryTree } from './historyView';
import { isRequestDocument, REQUEST_SELECTOR, RequestLenses } from './requestLenses';
import { pickMethod, registerUnknownMethodWarnings } from './newRequest';
import { templateFor } from './operations';
import { RequestSender } from './requestSender';
import { RequestTools } from './requestTools';
import type { CopyOptions } from './requestTools';
import type { DocumentRequest } from './requestDocument';
import type { SendOptions, SendResult } from './requestSender';

export interface RequestsDependencies {
  readonly environment: EnvironmentService;
  readonly log: Logger;
}

/** What the request features hand to the test API. */
export interface RequestsApi {
  readonly sender: RequestSender;
  readonly answers: AnswerDocuments;
  readonly history: HistoryStore;
  readonly lenses: RequestLenses;
  readonly messages: MessagePresenter;
  readonly tools: RequestTools;
  /** Opens an untitled request document holding `text`. */
  openUntitled(text: string): Promise<vscode.TextEditor>;
}

/** The open request document of a command argument (a Uri), or the active editor's. */
async function documentOf(arg: unknown): Promise<vscode.TextDocument | undefined> {
  if (arg instanceof vscode.Uri) {
    if (!arg.path.endsWith('.exchange.json')) return undefined;
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === arg.toString()) ?? (await vscode.workspace.openTextDocument(arg));
  }
  const editor = vscode.window.activeTextEditor;
  return editor && isRequestDocument(editor.document) ? editor.document : undefined;
}

/** A free name for a new untitled request document, beside the workspace's first folder. */
function untitledUri(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.path ?? '';
  const taken = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const path = `${folder}/request-${n}.exchange.json`;
    if (!taken.has(path)) return vscode.Uri.from({ scheme: 'untitled', path });
  }
}

export async function openUntitledRequest(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(untitledUri());
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), text));
  return editor;
}

export function registerRequests(context: vscode.ExtensionContext, deps: RequestsDependencies): RequestsApi {
  const log = tagged(deps.log, 'requests');
  const messages = new MessagePresenter();
  const answers = new AnswerDocuments();
  const history = new HistoryStore(context.workspaceState);
  const lenses = new RequestLenses(deps.environment);
  const sender = new RequestSender({ environment: deps.environment, answers, history, messages, log });
  const tools = new RequestTools({ environment: deps.environment, answers, messages, log });
  const tree = new HistoryTree(history);
  const view = vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: tree, canSelectMany: true });
  registerUnknownMethodWarnings(context);

  /** The history entry a command argument names (looked up by id: the argument itself is not trusted). */
  const entryOf = (arg: unknown): HistoryEntry | undefined => {
    const id = typeof arg === 'object' && arg !== null && 'id' in arg && typeof arg.id === 'string' ? arg.id : typeof arg === 'string' ? arg : undefined;
    return id === undefined ? (view.selection[0] ? history.find(view.selection[0].id) : undefined) : history.find(id);
  };

  /** The request a command is about: of the document given (or the active one), at the index given (or under the cursor). */
  const resolve = async (uriArg: unknown, indexArg: unknown, options: { readonly silent?: boolean }): Promise<{ document: vscode.TextDocument; request: DocumentRequest } | { problem: string }> => {
    const document = await documentOf(uriArg);
    if (!document) {
      messages.present({ severity: 'warning', text: vscode.l10n.t('Open a request document (*.exchange.json) first.'), actions: [{ title: vscode.l10n.t('New Request…'), command: 'exchangeTx.newRequest', args: [] }] }, options);
      return { problem: 'no-document' };
    }
    const editor = vscode.window.activeTextEditor;
    const at =
      typeof indexArg === 'number' && Number.isSafeInteger(indexArg)
        ? { index: indexArg }
        : { offset: editor && editor.document === document ? document.offsetAt(editor.selection.active) : 0 };
    const request = sender.requestOf(document, at);
    if (typeof request === 'string') {
      messages.present({ severity: 'warning', text: request, actions: [] }, options);
      return { problem: request };
    }
    return { document, request };
  };

  const send = async (uriArg: unknown, indexArg: unknown, options: SendOptions): Promise<SendResult> => {
    const found = await resolve(uriArg, indexArg, options);
    if ('problem' in found) return { sent: false, problem: found.problem };
    return sender.send(found.document, found.request, options);
  };

  /** Runs a tool on a sendable request (its own problem, if any, is said instead). */
  const withRequest = async <T>(uriArg: unknown, indexArg: unknown, options: { readonly silent?: boolean }, run: (request: DocumentRequest) => Promise<T>): Promise<T | undefined> => {
    const found = await resolve(uriArg, indexArg, options);
    if ('problem' in found) return undefined;
    if (found.request.problem !== undefined) {
      messages.present({ severity: 'warning', text: found.request.problem, actions: [] }, options);
      return undefined;
    }
    return run(found.request);
  };

  const answerUri = (entry: HistoryEntry): vscode.Uri => {
    const uri = answers.newUri(entry.method, entry.language, `history-${entry.id}`);
    answers.put(uri, entry.answer);
    return uri;
  };

  const resend = async (arg: unknown, options: SendOptions = {}): Promise<SendResult> => {
    const entry = entryOf(arg);
    if (!entry) return { sent: false, problem: 'no-entry' };
    let method = entry.method;
    let params: unknown;
    let id: string | number = '';
    try {
      const parsed = JSON.parse(entry.request) as { method?: unknown; params?: unknown; id?: unknown };
      method = typeof parsed.method === 'string' ? parsed.method : method;
      params = parsed.params;
      id = typeof parsed.id === 'string' || typeof parsed.id === 'number' ? parsed.id : id;
    } catch {
      messages.present({ severity: 'error', text: vscode.l10n.t('This request was too long to keep whole; open it from its document to send it again.'), actions: [] }, options);
      return { sent: false, problem: 'cut' };
    }
    // The same bytes as before: nothing is re-serialized.
    return sender.sendPrepared({ body: entry.request, method, params, id }, options);
  };

  const compare = async (arg: unknown, selected: unknown): Promise<boolean> => {
    const chosen = Array.isArray(selected) ? selected.map(entryOf).filter((e): e is HistoryEntry => e !== undefined) : [];
    let [left, right] = chosen.length >= 2 ? chosen : [entryOf(arg)];
    if (!left) return false;
    if (!right) {
      const others = history.entries.filter((e) => e.id !== left?.id);
      if (others.length === 0) {
        messages.present({ severity: 'info', text: vscode.l10n.t('There is no other answer in the History to compare with.'), actions: [] });
        return false;
      }
      const pick = await vscode.window.showQuickPick(
        others.map((e) => ({ label: entryLabel(e), description: `${e.outcome} · ${e.target}`, detail: new Date(e.at).toLocaleString(), entry: e })),
        { title: vscode.l10n.t('Compare with…'), matchOnDescription: true },
      );
      if (!pick) return false;
      right = pick.entry;
    }
    // Older on the left.
    if (left.at > right.at) [left, right] = [right, left];
    const title = vscode.l10n.t('{0} ({1}) ↔ {2} ({3})', left.method, new Date(left.at).toLocaleTimeString(), right.method, new Date(right.at).toLocaleTimeString());
    await vscode.commands.executeCommand('vscode.diff', answerUri(left), answerUri(right), title, { preview: true });
    return true;
  };

  context.subscriptions.push(
    answers,
    history,
    lenses,
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.languages.registerCodeLensProvider(REQUEST_SELECTOR, lenses),
    vscode.commands.registerCommand('exchangeTx.sendRequest', (uri?: unknown, index?: unknown, options?: SendOptions) => send(uri, index, { silent: options?.silent === true })),
    vscode.commands.registerCommand('exchangeTx.sendRequestAsWritten', (uri?: unknown, index?: unknown, options?: SendOptions) => send(uri, index, { asWritten: true, silent: options?.silent === true })),
    vscode.commands.registerCommand('exchangeTx.newRequest', async (arg?: unknown) => {
      const method = await pickMethod(arg);
      if (method === undefined) return undefined;
      return (await openUntitledRequest(templateFor(method).text)).document.uri;
    }),
    vscode.commands.registerCommand('exchangeTx.openAsRequest', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      const text = `${JSON.stringify([{ method: 'getStatus', params: { id } }, { method: 'getTransactions', params: { id: [id], limit: 1 } }], null, 2)}\n`;
      return (await openUntitledRequest(text)).document.uri;
    }),
    vscode.commands.registerCommand('exchangeTx.copyRequestAs', (uri?: unknown, index?: unknown, options?: CopyOptions) =>
      // Only the extension's own tests choose without the pickers.
      withRequest(uri, index, {}, (request) => tools.copyAs(request, context.extensionMode === vscode.ExtensionMode.Test ? (options ?? {}) : {})),
    ),
    vscode.commands.registerCommand('exchangeTx.explainSignature', (uri?: unknown, index?: unknown, options?: { silent?: boolean }) =>
      withRequest(uri, index, { silent: options?.silent === true }, (request) => tools.explain(request, { silent: options?.silent === true })),
    ),
    vscode.commands.registerCommand('exchangeTx.diagnoseKeys', (options?: { silent?: boolean }) => tools.diagnose({ silent: options?.silent === true })),
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
    vscode.commands.registerCommand('exchangeTx.history.resend', (arg?: unknown) => resend(arg)),
    vscode.commands.registerCommand('exchangeTx.history.compare', (arg?: unknown, selected?: unknown) => compare(arg, selected)),
    vscode.commands.registerCommand('exchangeTx.history.clear', async (options?: { readonly confirm?: boolean }) => {
      if (history.entries.length === 0) return true;
      // Without a prompt only in the extension's own tests: another extension cannot wipe it silently.
      if (options?.confirm !== true || context.extensionMode !== vscode.ExtensionMode.Test) {
        const clear = vscode.l10n.t('Clear History');
        const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Remove the {0} exchanges of this workspace from the History?', history.entries.length), { modal: true }, clear);
        if (answer !== clear) return false;
      }
      await history.clear();
      return true;
    }),
  );
  return { sender, answers, history, lenses, messages, tools, openUntitled: openUntitledRequest };
}
