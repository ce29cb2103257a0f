/**
 * The hover over a transaction id in any document, its record from the store. Failures are one
 * line; a miss is said only where `exchangeTx.hover.answerMissesIn` names the document.
 */
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type {
  CurrentConnection,
  EnvironmentKindSource,
  SandboxClockSource,
  SandboxStarter,
} from '../common/environmentDeps';
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
  readonly environment: EnvironmentKindSource & CurrentConnection;
  readonly sandboxHost: SandboxStarter & SandboxClockSource;
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
