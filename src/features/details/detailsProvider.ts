/** "Show Transaction Details": the record as a read-only JSON-with-comments document, kept fresh. */
import type { EnvironmentKindSource } from '../common/environmentDeps';
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStore } from '../../store/transactionStore';
import type { Logger } from '../common/log';
import type { MessagePresenter, UserMessage } from '../common/userMessages';
import { actions } from '../common/userMessages';
import { lazyModule } from '../common/lazyModule';
import { idFromArgument } from '../../shared/transactionId';
import { noteComments, recordText } from './recordText';

/** The words of errors and misses, loaded the first time the details have one to tell. */
const errorWords = lazyModule(() => import('../common/errorMessages'));
/** What each status means (the comments under a record), loaded while the first record is looked up. */
const notesCode = lazyModule(() => import('./statusNotes'));

import { RECORD_FOLDER, RECORD_LANGUAGE, RECORD_SCHEME } from './recordScheme';

/** `exchange-tx-record:/exchange-tx-records/<id>` */
export function recordUri(id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: RECORD_SCHEME, path: `/${RECORD_FOLDER}/${id}` });
}

/** The id a details document is of; an editor restored from before the language (`/<id>.json`) too. */
export function idFromRecordUri(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** The record as pretty JSON, hostile characters made visible, times as ISO text beside (recordText). */
export function recordJson(record: TransactionRecord | Record<string, unknown>): string {
  return recordText(record);
}

/** Under a record, as comments: what its status means, what comes next, what to do. */
export async function statusComments(record: TransactionRecord | Record<string, unknown>): Promise<string> {
  const status = (record as { status?: unknown }).status;
  if (typeof status !== 'string') return '';
  const { STATUS_FACTS, statusNotes } = await notesCode();
  if (!Object.prototype.hasOwnProperty.call(STATUS_FACTS, status)) return '';
  return noteComments(statusNotes(status as keyof typeof STATUS_FACTS));
}

export interface DetailsOptions {
  /** Show no notification on failure (the message is kept as the presenter's last one) and never prompt for an id. */
  readonly silent?: boolean;
}

export interface DetailsResult {
  readonly id?: string;
  readonly uri?: vscode.Uri;
  readonly record?: TransactionRecord;
  readonly error?: string;
  readonly message?: UserMessage;
}

export interface DetailsDeps {
  readonly store: TransactionStore;
  readonly environment: EnvironmentKindSource;
  readonly messages: MessagePresenter;
  readonly log: Logger;
  /** Without an id argument: the id in the editor, else one asked for (unless silent). */
  readonly chooseId?: (silent: boolean) => Promise<string | undefined>;
}

export class RecordDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: DetailsDeps) {
    const recordChanged = deps.store.onDidChangeRecord((record) => {
      const uri = recordUri(record.id);
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) this.changed.fire(uri);
    });
    this.subscriptions = [this.changed, { dispose: () => recordChanged.dispose() }];
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const id = idFromRecordUri(uri);
    const environment = this.deps.environment.kind;
    const cached = this.deps.store.peek(id);
    if (cached) return `${recordJson(cached)}${await statusComments(cached)}`;
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const record = await this.deps.store.lookup(id, { signal: controller.signal });
      return record
        ? `${recordJson(record)}${await statusComments(record)}`
        : recordJson({ id, error: (await errorWords()).notFound({ id, environment }).text });
    } catch (error) {
      return recordJson({
        id,
        error:
          (await errorWords()).describeError(error, { id, environment })?.text ??
          vscode.l10n.t('The lookup was cancelled.'),
      });
    } finally {
      subscription.dispose();
    }
  }

  /** Opens the details of the id given (a string or an object with an `id`). */
  async show(arg: unknown, options: DetailsOptions = {}): Promise<DetailsResult> {
    const id = arg === undefined ? await this.deps.chooseId?.(options.silent === true) : idFromArgument(arg);
    if (id === undefined) return { error: 'no-id' };
    const { store, environment, messages, log } = this.deps;
    const where = environment.kind;
    // The notes' code loads during the lookup, not after it while the document opens.
    notesCode().catch(() => undefined);
    let record: TransactionRecord | undefined;
    try {
      record = await store.lookup(id);
    } catch (error) {
      const message = (await errorWords()).describeError(error, {
        id,
        environment: where,
        retry: actions.retry('exchangeTx.showDetails', [id]),
      });
      if (!message) return { id, error: 'cancelled' };
      log.warn(`${id}: details not loaded (${message.kind})`);
      messages.present(message, options);
      return { id, error: message.kind, message };
    }
    if (!record) {
      const message = (await errorWords()).notFound({ id, environment: where });
      messages.present(message, options);
      return { id, error: 'not-found', message };
    }
    const uri = recordUri(id);
    let document = await vscode.workspace.openTextDocument(uri);
    // The path gives the language; a user's files.associations could give another.
    if (document.languageId !== RECORD_LANGUAGE)
      document = await vscode.languages.setTextDocumentLanguage(document, RECORD_LANGUAGE);
    await vscode.window.showTextDocument(document, { preview: true });
    return { id, uri, record };
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
