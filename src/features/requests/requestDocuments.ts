/** Request documents: their lenses and warnings, sending, the tools and resending from the History. */
import * as vscode from 'vscode';
import { isRecord } from '../../shared/isRecord';
import { hostOf } from '../common/accounts';
import type { Services } from '../common/services';
import type { Connection } from '../common/environmentDeps';
import type { Logger } from '../common/log';
import type { MessagePresenter } from '../common/userMessages';
import type { AnswerDocuments } from './answerDocuments';
import type { HistoryEntry } from './historyModel';
import type { HistoryStore } from './historyView';
import { diagnoseKeys } from './keyDiagnosis';
import { pickMethod, registerUnknownMethodWarnings } from './newRequest';
import { templateFor } from '../../documents/operations';
import type { DocumentRequest } from '../../documents/document';
import { isRequestDocument, openUntitledRequest, REQUEST_SELECTOR } from './requestFiles';
import { RequestLenses } from './requestLenses';
import { RequestSender } from './requestSender';
import type { SendOptions, SendResult } from './requestSender';
import { RequestTools } from './requestTools';

/** What request documents use: the services and the History's parts. */
export interface RequestDocumentParts extends Pick<Services, 'environment' | 'clients' | 'sandboxHost' | 'questions'> {
  readonly log: Logger;
  readonly messages: MessagePresenter;
  readonly answers: AnswerDocuments;
  readonly history: HistoryStore;
  /** The history entry a command argument names, or the one selected in the History. */
  readonly entryOf: (arg: unknown) => HistoryEntry | undefined;
}

/** `options.silent === true` of a command's options argument. */
const silentOf = (options: unknown): boolean => isRecord(options) && options.silent === true;

/** The open request document of a command argument (a Uri), or the active editor's. */
async function documentOf(arg: unknown): Promise<vscode.TextDocument | undefined> {
  if (arg instanceof vscode.Uri) {
    if (!arg.path.endsWith('.exchange.json')) return undefined;
    return (
      vscode.workspace.textDocuments.find((d) => d.uri.toString() === arg.toString()) ??
      (await vscode.workspace.openTextDocument(arg))
    );
  }
  const editor = vscode.window.activeTextEditor;
  return editor && isRequestDocument(editor.document) ? editor.document : undefined;
}

export function registerRequestDocuments(context: vscode.ExtensionContext, parts: RequestDocumentParts): void {
  const { environment, clients, sandboxHost, questions, log, messages, answers, history, entryOf } = parts;
  const sender = new RequestSender({ environment, questions, answers, history, messages, log });
  const lenses = new RequestLenses(environment, sender);
  const toolsDeps = { environment, sandboxHost, answers, messages, log };
  const tools = new RequestTools(toolsDeps);
  registerUnknownMethodWarnings(context);
  context.subscriptions.push(lenses, vscode.languages.registerCodeLensProvider(REQUEST_SELECTOR, lenses));

  /** The request a command is about: of the document given (or the active one), at the index given (or under the cursor). */
  const resolve = async (
    uriArg: unknown,
    indexArg: unknown,
    options: { readonly silent?: boolean },
  ): Promise<{ document: vscode.TextDocument; request: DocumentRequest } | { problem: string }> => {
    const document = await documentOf(uriArg);
    if (!document) {
      messages.present(
        {
          severity: 'warning',
          text: vscode.l10n.t('Open a request document (*.exchange.json) first.'),
          actions: [{ title: vscode.l10n.t('New Request…'), command: 'exchangeTx.newRequest', args: [] }],
        },
        options,
      );
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
  const withRequest = async <T>(
    uriArg: unknown,
    indexArg: unknown,
    options: { readonly silent?: boolean },
    run: (request: DocumentRequest, document: vscode.TextDocument) => Promise<T>,
  ): Promise<T | undefined> => {
    const found = await resolve(uriArg, indexArg, options);
    if ('problem' in found) return undefined;
    if (found.request.problem !== undefined) {
      messages.present({ severity: 'warning', text: found.request.problem, actions: [] }, options);
      return undefined;
    }
    return run(found.request, found.document);
  };

  const resend = async (arg: unknown): Promise<SendResult> => {
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
      messages.present({
        severity: 'error',
        text: vscode.l10n.t('This request was too long to keep whole; open it from its document to send it again.'),
        actions: [],
      });
      return { sent: false, problem: 'cut' };
    }
    const connect = await resendTarget(entry, method);
    if (connect === 'cancelled') return { sent: false, problem: 'cancelled' };
    // The same bytes as before: nothing is re-serialized.
    return sender.sendPrepared({ body: entry.request, method, params, id }, {}, connect);
  };

  /** Where "Send Again" goes: where the entry went if requests still go there, else where the user chooses. */
  const resendTarget = async (
    entry: HistoryEntry,
    method: string,
  ): Promise<(() => Promise<Connection>) | undefined | 'cancelled'> => {
    const state = environment.state;
    const account =
      entry.environment === 'live'
        ? environment.accounts.accounts.find((a) =>
            entry.accountId !== undefined
              ? a.id === entry.accountId
              : a.name === entry.target && hostOf(a.baseUrl) === entry.host,
          )
        : undefined;
    const same =
      entry.environment === 'sandbox'
        ? state.kind === 'sandbox'
        : state.kind === 'live' && account !== undefined && state.account?.id === account.id;
    if (same) return undefined;
    const entryTarget = entry.environment === 'sandbox' ? vscode.l10n.t('Sandbox') : `${entry.target} (${entry.host})`;
    const currentTarget =
      state.kind === 'live' && state.account
        ? `${state.account.name} (${state.account.host})`
        : vscode.l10n.t('Sandbox');
    const entryAvailable = entry.environment === 'sandbox' || account !== undefined;
    const choice = await questions.prompts.chooseResendTarget({ method, entryTarget, currentTarget, entryAvailable });
    if (choice === undefined || (choice === 'entry' && !entryAvailable)) return 'cancelled';
    if (choice === 'current') return undefined;
    if (account) return () => environment.accountConnection(account.id);
    return async () => ({ kind: 'sandbox', client: await clients.sandboxClient(), account: undefined });
  };

  const commands: Readonly<Record<string, (first?: unknown, second?: unknown, third?: unknown) => Promise<unknown>>> = {
    'exchangeTx.sendRequest': (first, second, third) => send(first, second, { silent: silentOf(third) }),
    'exchangeTx.sendRequestAsWritten': (first, second, third) =>
      send(first, second, { asWritten: true, silent: silentOf(third) }),
    'exchangeTx.newRequest': async (first) => {
      const method = await pickMethod(first);
      if (method === undefined) return undefined;
      return (await openUntitledRequest(templateFor(method).text)).document.uri;
    },
    'exchangeTx.copyRequestAs': (first, second, third) =>
      withRequest(first, second, {}, (request) => tools.copyAs(request, { silent: silentOf(third) })),
    'exchangeTx.explainSignature': (first, second, third) =>
      withRequest(first, second, { silent: silentOf(third) }, (request, document) =>
        tools.explain(request, { silent: silentOf(third) }, [document.uri, request.index]),
      ),
    'exchangeTx.explainSignatureWithKey': (first, second, third) =>
      withRequest(first, second, { silent: silentOf(third) }, (request) =>
        tools.explainWithPastedKey(request, { silent: silentOf(third) }),
      ),
    'exchangeTx.diagnoseKeys': (first) => diagnoseKeys(toolsDeps, { silent: silentOf(first) }),
    'exchangeTx.history.resend': (first) => resend(first),
  };
  for (const [command, handler] of Object.entries(commands))
    context.subscriptions.push(vscode.commands.registerCommand(command, handler));
}
