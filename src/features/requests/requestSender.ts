/** Sends a document's request: checked, serialized once, signed and sent as those bytes; the answer opens beside. */
import type { EnvironmentService } from '../accounts/environmentService';
import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import type { RawExchange } from '../../api';
import type { AccountQuestions } from '../common/accountQuestions';
import type { Connection } from '../common/environmentDeps';
import { hostOf } from '../common/accounts';
import { targetName } from '../common/environmentNames';
import { classifyError } from '../common/errorKind';
import { errorDetail } from '../common/errorMessages';
import { actions, plainText } from '../common/userMessages';
import type { MessageAction, MessagePresenter } from '../common/userMessages';
import type { Logger } from '../common/log';
import type { AnswerDocuments } from './answerDocuments';
import { renderAnswerOrRaw } from './answerText';
import type { AnswerText } from './answerText';
import type { HistoryEntry } from './historyModel';
import type { HistoryStore } from './historyView';
import { localProblem } from './localChecks';
import { createsOnAccount, movesMoney, readSent } from '../../documents/moneyMoving';
import { DIAGNOSTIC_SOURCE, unreadDocumentMessage } from './newRequest';
import { parseRequests, prepareRequest, requestAt } from '../../documents/document';
import type { DocumentRequest, PreparedRequest } from '../../documents/document';
import { userTimeStyle } from '../common/timeStyle';
import { echo } from '../../shared/echo';
import { isRecord } from '../../shared/isRecord';
import { errorText } from '../../shared/errorText';
import { withInteractiveProgress } from '../common/lateProgress';

/** The JSON language service's code of a deprecation (vscode-json-languageservice's ErrorCode.Deprecated). */
const JSON_DEPRECATED = 2;

export interface SendOptions {
  /** Skip the local checks: the service gets the request as written and says what it thinks. */
  readonly asWritten?: boolean;
  /** No notification for a problem (tests read `messages.lastMessage`). */
  readonly silent?: boolean;
}

export interface SendResult {
  readonly sent: boolean;
  readonly uri?: vscode.Uri;
  readonly text?: string;
  readonly outcome?: string;
  readonly entry?: HistoryEntry;
  /** Why nothing was sent: a problem of the document or the local checks, or "cancelled". */
  readonly problem?: string;
}

export interface SenderDeps {
  readonly environment: Pick<EnvironmentService, 'connection' | 'state'>;
  readonly questions: AccountQuestions;
  readonly answers: AnswerDocuments;
  readonly history: HistoryStore;
  readonly messages: MessagePresenter;
  readonly log: Logger;
}

export class RequestSender {
  constructor(private readonly deps: SenderDeps) {}

  /** The request of `document` at `index` (its array position), or under `offset`. */
  requestOf(
    document: vscode.TextDocument,
    at: { readonly index?: number; readonly offset?: number },
  ): DocumentRequest | string {
    const parsed = parseRequests(document.getText());
    // A document past a bound was not parsed: nothing in it is sent, and the words say why.
    if (parsed.unread !== undefined) return unreadDocumentMessage(parsed.unread);
    const request =
      at.index !== undefined
        ? parsed.requests.find((r) => r.index === at.index)
        : requestAt(parsed.requests, at.offset ?? 0);
    if (request) return request;
    return (
      parsed.problem ??
      (parsed.requests.length > 1
        ? vscode.l10n.t('Put the cursor in the request to send.')
        : vscode.l10n.t('The document holds no request.'))
    );
  }

  /** Why this request is not sent as it stands: its own error, else the schema's problems, else the client's checks. */
  problemsOf(document: vscode.TextDocument, request: DocumentRequest): string[] {
    if (request.problem !== undefined || request.method === undefined)
      return request.problem !== undefined ? [request.problem] : [];
    const range = new vscode.Range(document.positionAt(request.start), document.positionAt(request.end));
    // The schema's problems as the JSON language service marks them, but no deprecation and no unknown method.
    const marked = vscode.languages
      .getDiagnostics(document.uri)
      .filter(
        (d) =>
          d.severity <= vscode.DiagnosticSeverity.Warning &&
          d.source !== DIAGNOSTIC_SOURCE &&
          d.code !== JSON_DEPRECATED &&
          range.contains(d.range),
      )
      .sort((a, b) => a.range.start.compareTo(b.range.start))
      // Named by its line and what it says there (`"limit": 1000`): the service's words lack the property.
      .map((d) =>
        vscode.l10n.t(
          'line {0} ({1}): {2}',
          d.range.start.line + 1,
          plainText(document.lineAt(d.range.start.line).text.trim().replace(/,$/, ''), 60),
          plainText(d.message),
        ),
      );
    if (marked.length > 0) return marked;
    const local = localProblem(request.method, isRecord(request.value) ? request.value.params : undefined);
    return local !== undefined ? [local] : [];
  }

  async send(document: vscode.TextDocument, request: DocumentRequest, options: SendOptions = {}): Promise<SendResult> {
    const problems = options.asWritten
      ? request.problem !== undefined
        ? [request.problem]
        : []
      : this.problemsOf(document, request);
    const [first] = problems;
    if (first !== undefined) {
      // One line: the first problem, how many more, and where to see them all (the Problems view).
      const actions: MessageAction[] = [];
      if (problems.length > 1)
        actions.push({
          title: vscode.l10n.t('Show All Problems'),
          command: 'workbench.actions.view.problems',
          args: [],
        });
      if (request.problem === undefined) {
        const args = [document.uri, request.index];
        actions.push({ title: vscode.l10n.t('Send as Written'), command: 'exchangeTx.sendRequestAsWritten', args });
      }
      const more = problems.length - 1;
      const text =
        more === 0
          ? vscode.l10n.t('Not sent: {0}', plainText(first, 200))
          : more === 1
            ? vscode.l10n.t('Not sent: {0} (and 1 more problem)', plainText(first, 200))
            : vscode.l10n.t('Not sent: {0} (and {1} more problems)', plainText(first, 200), more);
      this.deps.messages.present({ severity: 'error', text, actions }, options);
      return { sent: false, problem: problems.join(' · ') };
    }
    return this.sendPrepared(prepareRequest(request), options);
  }

  /**
   * Sends a prepared body (a document's, or one from the History) through `connect`. A request that
   * creates something is shown, as its bytes say, and asked about every time before it goes to an account.
   */
  async sendPrepared(
    prepared: PreparedRequest,
    options: SendOptions = {},
    connect: () => Promise<Connection> = () => this.deps.environment.connection(),
  ): Promise<SendResult> {
    const { environment, log } = this.deps;
    const sentAt = new Date();
    let target = targetName(environment.state);
    let host = environment.state.baseUrl ? hostOf(environment.state.baseUrl) : '';
    let kind = environment.state.kind;
    let accountId: string | undefined;
    // What the bytes ask, as the service will read them (the last of two members of one name wins).
    const sent = readSent(prepared.body);
    // The method as messages and the log name it: bounded (a document may name one of any length).
    const named = echo(prepared.method);
    if (sent.method !== prepared.method) {
      const problem = vscode.l10n.t(
        'The body sends the method {0}, not {1}: not sent.',
        sent.method === undefined ? '—' : echo(sent.method),
        named,
      );
      this.deps.messages.present({ severity: 'error', text: plainText(problem), actions: [] }, options);
      return { sent: false, problem };
    }
    // A failure to send has no answer to show; an answer that came back is shown, never as "no answer".
    let sending: { readonly exchange: RawExchange } | { readonly noAnswer: AnswerText };
    // Whether the user pressed Cancel: any other end of a send (where requests go changed) is said.
    let stoppedByUser = false;
    try {
      // What is asked and shown names the connection, not the state a switch may have changed since.
      const connection = await connect();
      const { client } = connection;
      host = hostOf(client.url);
      kind = connection.kind;
      accountId = connection.account?.id;
      target = targetName(connection);
      // The one place every request to an account passes (lens, keybinding, as written, History).
      if (connection.kind === 'live' && createsOnAccount(prepared.method)) {
        const yes = await this.deps.questions.prompts.confirmMoneyMoving({
          method: prepared.method,
          accountName: connection.account?.name ?? target,
          host,
          lines: sent.lines,
          movesMoney: movesMoney(prepared.method),
        });
        if (!yes) {
          log.info(`${named} to ${target} (${host}): not sent, the user did not confirm`);
          return { sent: false, problem: 'not-confirmed' };
        }
      }
      // A slow answer gets a cancellable notification after a second; a quick one none.
      const exchange = await withInteractiveProgress(
        vscode.l10n.t('Sending {0} to {1}…', named, target),
        (signal): Promise<RawExchange> => {
          signal.addEventListener('abort', () => (stoppedByUser = true), { once: true });
          return client.send(Buffer.from(prepared.body, 'utf8'), { signal });
        },
      );
      sending = { exchange };
    } catch (error) {
      const failure = classifyError(error);
      if (failure === 'cancelled') {
        if (!stoppedByUser) {
          const problem = vscode.l10n.t(
            '{0} to {1} was not sent: where requests go changed while it was on its way. Send it again.',
            named,
            target,
          );
          log.warn(`${named} to ${target}: not sent, its connection ended (${errorText(error)})`);
          this.deps.messages.present({ severity: 'warning', text: plainText(problem), actions: [] }, options);
        }
        return { sent: false, problem: 'cancelled' };
      }
      const message = errorDetail(error);
      log.warn(`${named} to ${target}: ${failure}: ${message}`);
      if (failure === 'access' || failure === 'insecure-endpoint') {
        this.deps.messages.present(
          {
            severity: 'error',
            text: message,
            actions: [failure === 'access' ? actions.switchEnvironment() : actions.editAccount()],
          },
          options,
        );
        return { sent: false, problem: message };
      }
      sending = {
        noAnswer: {
          text: `// ${prepared.method} → no answer · ${target} · ${host}\n// ${message}\n${prepared.body}\n`,
          language: 'jsonc',
          outcome: failure,
          ok: false,
        },
      };
    }
    let answer: AnswerText;
    let durationMs = 0;
    if ('exchange' in sending) {
      const { exchange } = sending;
      durationMs = exchange.durationMs;
      answer = renderAnswerOrRaw({
        method: prepared.method,
        target,
        host,
        sentAt,
        ...exchange,
        timeStyle: userTimeStyle(),
      });
      log.info(`${named} sent to ${target} (${host}): ${answer.outcome} in ${exchange.durationMs} ms`);
      if (answer.shownRaw !== undefined) log.warn(`${named}: the answer is shown as it arrived (${answer.shownRaw})`);
    } else {
      answer = sending.noAnswer;
    }
    const entry: HistoryEntry = {
      id: randomUUID(),
      at: sentAt.getTime(),
      method: prepared.method,
      request: prepared.body,
      environment: kind,
      ...(accountId !== undefined ? { accountId } : {}),
      target,
      host,
      outcome: answer.outcome,
      ok: answer.ok,
      durationMs,
      answer: answer.text,
      language: answer.language,
    };
    const uri = this.deps.answers.newUri(prepared.method, answer.language);
    this.deps.answers.put(uri, answer.text);
    // Kept in the History while the answer opens: the answer is not held back by the storage write.
    await Promise.all([this.deps.history.add(entry), this.deps.answers.show(uri, answer.language)]);
    return { sent: true, uri, text: answer.text, outcome: answer.outcome, entry };
  }
}
