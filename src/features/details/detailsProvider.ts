/** "Show Transaction Details": the record as a read-only JSON-with-comments document, kept fresh. */
import type { EnvironmentService } from '../accounts/environmentService';
import * as vscode from 'vscode';
import type { TransactionRecord } from '../../api';
import type { TransactionStore } from '../../store/transactionStore';
import type { Logger } from '../common/log';
import type { MessagePresenter, UserMessage } from '../common/userMessages';
import { actions } from '../common/userMessages';
import { describeError, notFound } from '../common/errorMessages';
import { statusNotes } from '../../agents/statusGuide';
import { idFromArgument } from '../../shared/transactionId';
import { noteComments, recordText } from './recordText';
import { RECORD_FOLDER, RECORD_LANGUAGE, RECORD_SCHEME } from './recordScheme';

/** `exchange-tx-record:/exchange-tx-records/<id>` */
export function recordUri(id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: RECORD_SCHEME, path: `/${RECORD_FOLDER}/${id}` });
}

/** The id a details document is of; an editor restored from before the language (`/<id>.json`) too. */
export function idFromRecordUri(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** The record, then as comments what its status means, what comes next, what to do. */
function recordWithNotes(record: TransactionRecord): string {
  return `${recordText(record)}${noteComments(statusNotes(record.status))}`;
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
    if (cached) return recordWithNotes(cached);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const record = await this.deps.store.lookup(id, { signal: controller.signal });
      return record ? recordWithNotes(record) : recordText({ id, error: notFound({ id, environment }).text });
    } catch (error) {
      return recordText({
        id,
        error: describeError(error, { id, environment })?.text ?? vscode.l10n.t('The lookup was cancelled.'),
      });
    } finally {
      subscription.dispose();
    }
  }

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
