/** The CodeLenses above each request; "Send as Written" only where the checks would keep it from being sent. */
import type { EnvironmentService } from '../accounts/environmentService';
import * as vscode from 'vscode';
import { targetName } from '../common/environmentNames';
import { parseRequests } from '../../documents/document';
import type { RequestSender } from './requestSender';
import { isRequestDocument } from './requestFiles';
import { unreadDocumentMessage } from './newRequest';

export class RequestLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  /** The sender says why a request would not be sent as it stands (none: "Send as Written" is not offered). */
  constructor(
    private readonly environment: Pick<EnvironmentService, 'kind' | 'state' | 'onDidChange'>,
    private readonly sender: Pick<RequestSender, 'problemsOf'>,
  ) {
    this.subscriptions = [
      environment.onDidChange(() => this.changed.fire()),
      // The schema's problems arrive after the text: the lenses follow them.
      vscode.languages.onDidChangeDiagnostics((event) => {
        if (event.uris.some((uri) => uri.path.endsWith('.exchange.json'))) this.changed.fire();
      }),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRequestDocument(document)) return [];
    const target = targetName(this.environment.state);
    const shortTarget = target.length > 16 ? `${target.slice(0, 15)}…` : target;
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
      const lens = (title: string, tooltip: string, command: string): vscode.CodeLens =>
        new vscode.CodeLens(range, { title, tooltip, command, arguments: [document.uri, request.index] });
      // Short titles: the lenses share one line above the request, in half of the window; the tooltips say all.
      lenses.push(
        lens(
          `$(play) ${vscode.l10n.t('Send to {0}', shortTarget)}`,
          vscode.l10n.t('Send this request to {0} (Ctrl+Alt+Enter)', target),
          'exchangeTx.sendRequest',
        ),
      );
      if (this.sender.problemsOf(document, request).length > 0) {
        const skips = vscode.l10n.t(
          'Send it despite the problems marked in it, skipping the schema and parameter checks: the service answers as it would (with its own error, say).',
        );
        lenses.push(lens(vscode.l10n.t('Send as Written'), skips, 'exchangeTx.sendRequestAsWritten'));
      }
      lenses.push(
        lens(
          vscode.l10n.t('Copy as…'),
          vscode.l10n.t('Copy as a cURL, Node.js or Python snippet that signs the request itself'),
          'exchangeTx.copyRequestAs',
        ),
        lens(
          `$(key) ${vscode.l10n.t('Signature')}`,
          vscode.l10n.t('Explain Signature: how the body of this request is signed'),
          'exchangeTx.explainSignature',
        ),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
