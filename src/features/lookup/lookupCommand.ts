/** "Get Transaction Status…": a fresh record behind cancellable progress, then its status or failure. */
import * as vscode from 'vscode';
import { isFinalStatus } from '../../shared/status';
import type { TransactionRecord } from '../../api';
import type { TransactionStatus } from '../../shared/status';
import { pairLabel, relativeTime } from '../../shared/format';
import { userTimeStyle } from '../common/timeStyle';
import { recordClockNow } from '../common/recordClock';
import type { Logger } from '../common/log';
import type { Services } from '../common/services';
import { statusLook } from '../common/statusPresentation';
import type { ErrorKind } from '../common/errorKind';
import type { MessageSeverity, UserMessage } from '../common/userMessages';
import { actions, plainText } from '../common/userMessages';
import { describeError, notFound } from '../common/errorMessages';
import { idFromArgument, idProblem } from '../../shared/transactionId';
import { idInEditor } from './editorId';
import { errorText } from '../../shared/errorText';
import { problemText } from './transactionChoices';
import { withInteractiveProgress } from '../common/lateProgress';

export interface LookupCommandOptions {
  /** Show no notifications (the message is still kept as `lastMessage`) and never prompt. */
  readonly silent?: boolean;
  /** Cancels the lookup, like the progress notification's Cancel button. */
  readonly signal?: AbortSignal;
}

export interface LookupResult {
  /** The id looked up (absent when none was given or chosen). */
  readonly id?: string;
  readonly status?: TransactionStatus;
  readonly record?: TransactionRecord;
  /** Why there is no record: the kind of failure, `no-id` or `invalid-id`. */
  readonly error?: ErrorKind | 'no-id' | 'invalid-id';
  /** The message shown (or that would have been shown when silent). */
  readonly message?: UserMessage;
}

export type LookupDeps = Pick<
  Services,
  'store' | 'environment' | 'sandboxHost' | 'idPattern' | 'messages' | 'choices' | 'chooseId'
> & { readonly log: Logger };

/** The status as a notification: label, pair, age, and what can be done with it. */
export function statusMessage(id: string, record: TransactionRecord, nowMs: number = Date.now()): UserMessage {
  const look = statusLook(record.status, record.rawStatus);
  const severity: MessageSeverity = look.severity === 'none' ? 'info' : look.severity;
  return {
    severity,
    text: vscode.l10n.t(
      'Transaction {0}: {1} ({2}, created {3})',
      id,
      plainText(look.label),
      plainText(pairLabel(record)),
      relativeTime(record.createdAt, nowMs, userTimeStyle().locale),
    ),
    // Watching makes sense while it moves: a settled one offers its details first, and no Watch.
    actions: isFinalStatus(record.status)
      ? [actions.detailsShort(id), actions.more(id)]
      : [actions.watchShort(id), actions.detailsShort(id), actions.more(id)],
  };
}

export class LookupCommand {
  constructor(private readonly deps: LookupDeps) {}

  get lastMessage(): UserMessage | undefined {
    return this.deps.messages.lastMessage;
  }

  async run(arg?: unknown, options: LookupCommandOptions = {}): Promise<LookupResult> {
    const silent = options.silent === true;
    const given = idFromArgument(arg);
    if (given !== undefined && idProblem(given) !== undefined) {
      const message: UserMessage = {
        severity: 'error',
        text: vscode.l10n.t(
          '"{0}" is not a transaction ID. {1}',
          plainText(given, 80),
          problemText(idProblem(given) ?? 'empty'),
        ),
        actions: [],
      };
      this.deps.messages.present(message, { silent });
      return { error: 'invalid-id', message };
    }
    const id = given ?? (await this.deps.chooseId(silent, vscode.l10n.t('Get Transaction Status')));
    if (id === undefined) return { error: 'no-id' };
    return this.lookUp(id, silent, options.signal);
  }

  private async lookUp(id: string, silent: boolean, signal: AbortSignal | undefined): Promise<LookupResult> {
    const { store, environment, messages, log } = this.deps;
    const where = environment.kind;
    const title = vscode.l10n.t('Looking up transaction {0}…', id);
    const look = (given: AbortSignal | undefined) => store.lookup(id, { maxAgeMs: 0, signal: given });
    try {
      // Silent: the status bar only. Else a cancellable notification past a second.
      const record = silent
        ? await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => look(signal))
        : await withInteractiveProgress(title, look, signal ? { signal } : {});
      if (!record) {
        log.info(`${id}: not found in the ${where}`);
        const message = notFound({ id, environment: where });
        messages.present(message, { silent });
        return { id, error: 'not-found', message };
      }
      log.info(`${id}: ${record.status}`);
      this.deps.choices.remember(id);
      // The walkthrough step completes on this key (its onCommand misses runs from the extension).
      // Off, then on a moment later: newer VS Code folds changes made in one go into none.
      void Promise.resolve(vscode.commands.executeCommand('setContext', 'exchangeTx.lookedUp', false)).then(() => {
        setTimeout(() => void vscode.commands.executeCommand('setContext', 'exchangeTx.lookedUp', true), 300);
      });
      const message = statusMessage(id, record, recordClockNow(environment, this.deps.sandboxHost));
      messages.present(message, { silent });
      return { id, status: record.status, record, message };
    } catch (error) {
      const message = describeError(error, { id, environment: where });
      if (!message) {
        log.info(`${id}: lookup cancelled`);
        return { id, error: 'cancelled' };
      }
      log.warn(`${id}: lookup failed (${message.kind}): ${errorText(error)}`);
      messages.present(message, { silent });
      return { id, error: message.kind, message };
    }
  }
}

/** The id in the editor (selection or under the cursor), else one picked or asked for (none when silent). */
export async function chooseTransactionId(
  { idPattern, choices }: Pick<Services, 'idPattern' | 'choices'>,
  silent: boolean,
  title: string,
): Promise<string | undefined> {
  const inEditor = idInEditor(idPattern);
  if (silent || inEditor !== undefined) return inEditor;
  return choices.choose({ title });
}
