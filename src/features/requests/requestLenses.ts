/**
 * The CodeLenses above each request of a request document: "Send to Sandbox" (or "Send to
 * <account>"), "Send as Written", "Copy as…" and "Explain Signature". They follow the active
 * environment.
 */
import * as vscode from 'vscode';
import type { EnvironmentService } from '../accounts/environmentService';
import { targetName } from '../accounts/environmentNames';
import { parseRequests } from './requestDocument';
import { isRequestDocument } from './requestFiles';
import { unreadDocumentMessage } from './unreadDocument';

export class RequestLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly environment: EnvironmentService) {
    this.subscription = environment.onDidChange(() => this.changed.fire());
  }

  /** Where "Send" goes now: "Sandbox" or the account's name. */
  targetName(): string {
    return targetName(this.environment.state);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRequestDocument(document)) return [];
    const target = this.targetName();
    const lenses: vscode.CodeLens[] = [];
    const parsed = parseRequests(document.getText());
    if (parsed.unread !== undefined) {
      // Past a bound nothing was parsed: one lens at the top says so, and nothing can be sent.
      const top = new vscode.Range(0, 0, 0, 0);
      return [new vscode.CodeLens(top, { title: `$(warning) ${unreadDocumentMessage(parsed.unread)}`, command: '' })];
    }
    for (const request of parsed.requests) {
      const range = new vscode.Range(document.positionAt(request.start), document.positionAt(request.start));
      if (request.problem !== undefined) {
        lenses.push(new vscode.CodeLens(range, { title: `$(warning) ${request.problem}`, command: '' }));
        continue;
      }
      const args = [document.uri, request.index];
      lenses.push(
        new vscode.CodeLens(range, { title: `$(play) ${vscode.l10n.t('Send to {0}', target)}`, command: 'exchangeTx.sendRequest', arguments: args }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Send as Written'), command: 'exchangeTx.sendRequestAsWritten', arguments: args }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Copy as…'), command: 'exchangeTx.copyRequestAs', arguments: args }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Explain Signature'), command: 'exchangeTx.explainSignature', arguments: args }),
      );
    }
    return lenses;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
