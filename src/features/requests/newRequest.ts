/**
 * "New Request…": a quick pick of every operation (its description and parameter hints), then an
 * untitled request document from its template. Unknown method names in request documents get a
 * warning (the schema accepts them: the service grows).
 */
import * as vscode from 'vscode';
import { templateFor } from './operations';
import { OPERATIONS } from './operationTable';
import { isRequestDocument } from './requestFiles';
import { unreadReason } from './requestDocument';
import { echo } from '../../shared/echo';
import { findUnknownMethods } from './unknownMethods';
import { unreadDocumentMessage } from './unreadDocument';

export interface NewRequestItem extends vscode.QuickPickItem {
  readonly method: string;
}

export function operationItems(): NewRequestItem[] {
  return OPERATIONS.map((op) => ({
    label: op.name,
    description: op.deprecated ? vscode.l10n.t('{0} (deprecated)', op.description) : op.description,
    detail: templateFor(op.name).hints.join(' · '),
    method: op.name,
  }));
}

/** The method to start from: the argument when it names one, else the user's pick. */
export async function pickMethod(arg: unknown): Promise<string | undefined> {
  if (typeof arg === 'string' && /^[A-Za-z][A-Za-z0-9_.]{0,63}$/.test(arg)) return arg;
  const pick = await vscode.window.showQuickPick(operationItems(), {
    title: vscode.l10n.t('New Request'),
    placeHolder: vscode.l10n.t('The operation to call'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return pick?.method;
}

/** The source of this extension's own diagnostics in request documents. */
export const DIAGNOSTIC_SOURCE = 'Exchange Tx';

/**
 * Warnings on the `method` values of request documents that name no known operation; on a
 * document past the bounds of request documents (not read at all), one warning at the top instead.
 */
export function registerUnknownMethodWarnings(context: vscode.ExtensionContext): vscode.DiagnosticCollection {
  const diagnostics = vscode.languages.createDiagnosticCollection('exchangeTx.requests');
  const check = (document: vscode.TextDocument): void => {
    if (!isRequestDocument(document)) return;
    const text = document.getText();
    const unread = unreadReason(text);
    if (unread !== undefined) {
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(0, 0, 0, 0),
        unreadDocumentMessage(unread),
        vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostics.set(document.uri, [diagnostic]);
      return;
    }
    diagnostics.set(
      document.uri,
      findUnknownMethods(text).map((found) => {
        const range = new vscode.Range(
          document.positionAt(found.offset),
          document.positionAt(found.offset + found.length),
        );
        const message = found.suggestion
          ? vscode.l10n.t(
              "Unknown method '{0}' (did you mean '{1}'?): the service may still know it (it grows); it is sent as written.",
              echo(found.method),
              found.suggestion,
            )
          : vscode.l10n.t(
              "Unknown method '{0}': the service may still know it (it grows); it is sent as written.",
              echo(found.method),
            );
        const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Warning);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        return diagnostic;
      }),
    );
  };
  for (const document of vscode.workspace.textDocuments) check(document);
  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument((e) => check(e.document)),
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
  );
  return diagnostics;
}
