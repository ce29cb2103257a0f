/** "New Request…" (a pick of every operation, then its template) and the warnings of request documents. */
import * as vscode from 'vscode';
import { templateFor } from '../../documents/operations';
import { OPERATIONS } from '../../documents/operationTable';
import { isRequestDocument } from './requestFiles';
import { MAX_REQUEST_DOCUMENT_BYTES, unreadReason } from '../../documents/document';
import type { UnreadReason } from '../../documents/document';
import { MAX_JSON_DEPTH } from '../../shared/jsonDepth';
import { echo } from '../../shared/echo';
import { findUnknownMethods } from '../../documents/unknownMethods';

/** The method to start from: the argument when it names one, else the user's pick. */
export async function pickMethod(arg: unknown): Promise<string | undefined> {
  if (typeof arg === 'string' && /^[A-Za-z][A-Za-z0-9_.]{0,63}$/.test(arg)) return arg;
  const items = OPERATIONS.map((op) => ({
    label: op.name,
    description: op.deprecated ? vscode.l10n.t('{0} (deprecated)', op.description) : op.description,
    detail: templateFor(op.name).hints.join(' · '),
    method: op.name,
  }));
  const pick = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('New Request'),
    placeHolder: vscode.l10n.t('The operation to call'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return pick?.method;
}

/** The source of this extension's own diagnostics in request documents. */
export const DIAGNOSTIC_SOURCE = 'Exchange Tx';

/** What the editor says of a document past the bounds: the lens, the warning and the refusal to send. */
export function unreadDocumentMessage(reason: UnreadReason): string {
  return reason === 'too-large'
    ? vscode.l10n.t(
        'This request document is larger than {0} MiB: requests are not read from it. Split it into smaller documents.',
        MAX_REQUEST_DOCUMENT_BYTES / (1024 * 1024),
      )
    : vscode.l10n.t(
        'This request document nests arrays and objects deeper than {0} levels: requests are not read from it. Flatten its values or split it.',
        MAX_JSON_DEPTH,
      );
}

function warning(range: vscode.Range, message: string): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Warning);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  return diagnostic;
}

/** Warnings on unknown `method` values; on a document past the bounds, one warning at its top instead. */
export function registerUnknownMethodWarnings(context: vscode.ExtensionContext): vscode.DiagnosticCollection {
  const diagnostics = vscode.languages.createDiagnosticCollection('exchangeTx.requests');
  const check = (document: vscode.TextDocument): void => {
    if (!isRequestDocument(document)) return;
    const text = document.getText();
    const unread = unreadReason(text);
    if (unread !== undefined) {
      diagnostics.set(document.uri, [warning(new vscode.Range(0, 0, 0, 0), unreadDocumentMessage(unread))]);
      return;
    }
    diagnostics.set(
      document.uri,
      findUnknownMethods(text).map((found) => {
        const range = new vscode.Range(
          document.positionAt(found.offset),
          document.positionAt(found.offset + found.length),
        );
        return warning(
          range,
          found.suggestion
            ? vscode.l10n.t(
                "Unknown method '{0}' (did you mean '{1}'?): the service may still know it (it grows); it is sent as written.",
                echo(found.method),
                found.suggestion,
              )
            : vscode.l10n.t(
                "Unknown method '{0}': the service may still know it (it grows); it is sent as written.",
                echo(found.method),
              ),
        );
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
