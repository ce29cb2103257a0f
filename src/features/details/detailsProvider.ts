/**
 * "Show Transaction Details": the full record as a read-only JSON-with-comments document
 * (`exchange-tx-record:/exchange-tx-records/<id>`, its tab named by the id; each time also as ISO
 * text in a comment beside it), served by a content provider from the store and refreshed
 * whenever the store sees the record change.
 */
import type { EnvironmentService } from '../accounts/environmentService';
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStore } from '../../store/transactionStore';
import type { Logger } from '../common/log';
import type { MessagePresenter, UserMessage } from '../common/userMessages';
import { actions } from '../common/userMessages';
import { describeError, notFound } from '../common/errorMessages';
import { idFromArgument } from '../../shared/transactionId';
import { noteComments, recordText } from './recordText';
import { STATUS_FACTS, statusNotes } from './statusNotes';

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

/** Under a record, as comments: what its status means, what comes next, what to do (as the agents' diagnosis says). */
export function statusComments(record: TransactionRecord | Record<string, unknown>): string {
  const status = (record as { status?: unknown }).status;
  if (typeof status !== 'string') return '';
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
  readonly environment: Pick<EnvironmentService, 'kind'>;
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
    if (cached) return `${recordJson(cached)}${statusComments(cached)}`;
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const record = await this.deps.store.lookup(id, { signal: controller.signal });
      return record
        ? `${recordJson(record)}${statusComments(record)}`
        : recordJson({ id, error: notFound({ id, environment }).text });
    } catch (error) {
      return recordJson({
        id,
        error: describeError(error, { id, environment })?.text ?? vscode.l10n.t('The lookup was cancelled.'),
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
    let record: TransactionRecord | undefined;
    try {
      record = await store.lookup(id);
    } catch (error) {
      const message = describeError(error, {
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
      const message = notFound({ id, environment: where });
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
