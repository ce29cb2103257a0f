/**
 * The hover over a transaction id in any text document: the id is recognized by the
 * `exchangeTx.hover.idPattern` setting, its record comes from the store (cached for a short time,
 * one request shared by concurrent hovers, ids the service did not know not asked again for a
 * while), and a hover that goes away cancels its wait. Failures show as one line in the hover,
 * never as a notification. A miss (no such transaction, or a failed lookup) is said only where
 * `exchangeTx.hover.answerMissesIn` names the document (logs and request documents by default);
 * elsewhere, in code, it stays silent. A transaction that is not final shows its diagnosis, short:
 * since when, what comes next, what to do (src/agents/diagnosis.ts, as the tool and the details).
 */
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import { recordClockNow } from '../common/recordClock';
import type { Logger } from '../common/log';
import { isFinalStatus } from '../../shared/status';
import type { AccountSightings } from '../common/accountSightings';
import { describeError, notFound } from '../common/errorMessages';
import { errorHover, hoverFacts, notFoundHover, recordHover } from './hoverContent';
import type { IdPatternSetting } from './hoverSettings';
import { answersMissesIn, hoverEnabledFor } from './hoverSettings';
import { errorText } from '../../shared/errorText';

/** The text documents hovers are offered in (files, unsaved files, remote and virtual files, logs). */
export const HOVER_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file' },
  { scheme: 'untitled' },
  { scheme: 'vscode-remote' },
  { scheme: 'vscode-userdata' },
  { scheme: 'vscode-vfs' },
  { scheme: 'vscode-notebook-cell' },
  { scheme: 'output' },
  { scheme: 'git' },
];

export interface HoverDeps {
  readonly store: TransactionStore;
  readonly environment: Pick<EnvironmentService, 'kind' | 'connection'>;
  readonly sandboxHost: Pick<SandboxHost, 'start' | 'clock'>;
  readonly pattern: IdPatternSetting;
  readonly log: Logger;
  /** The first sightings per account: since when a transaction of an account is in its status. */
  readonly sightings?: Pick<AccountSightings, 'of'>;
}

export class IdHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: HoverDeps) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!hoverEnabledFor(document)) return undefined;
    const line = document.lineAt(position.line).text;
    const match = this.deps.pattern.find(line, position.character);
    if (!match || token.isCancellationRequested) return undefined;
    const range = new vscode.Range(position.line, match.start, position.line, match.end);
    const environment = this.deps.environment.kind;
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const record = await this.deps.store.lookup(match.id, { signal: controller.signal });
      if (!record && !answersMissesIn(document)) return undefined;
      if (!record) return new vscode.Hover(notFoundHover(notFound({ id: match.id, environment }).short), range);
      const facts = isFinalStatus(record.status)
        ? undefined
        : await hoverFacts(
            record,
            { environment: this.deps.environment, sandbox: this.deps.sandboxHost },
            this.deps.sightings,
            controller.signal,
            this.deps.log,
          );
      return new vscode.Hover(
        recordHover(
          record,
          environment,
          recordClockNow(this.deps.environment, this.deps.sandboxHost),
          undefined,
          facts,
        ),
        range,
      );
    } catch (error) {
      const description = describeError(error, { id: match.id, environment });
      if (!description) return undefined;
      this.deps.log.debug(`hover of ${match.id} failed (${description.kind}): ${errorText(error)}`);
      if (!answersMissesIn(document)) return undefined;
      return new vscode.Hover(errorHover(description.short), range);
    } finally {
      subscription.dispose();
    }
  }
}
