/** Which documents are request documents, and new untitled ones: what the main bundle needs of them before their code loads. */
import * as vscode from 'vscode';

/** Request documents: `*.exchange.json`, saved or untitled. */
export const REQUEST_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/*.exchange.json' }];

export function isRequestDocument(document: vscode.TextDocument): boolean {
  return document.uri.path.endsWith('.exchange.json');
}

/** A free name for a new untitled request document, beside the workspace's first folder. */
function untitledUri(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.path ?? '';
  const taken = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const path = `${folder}/request-${n}.exchange.json`;
    if (!taken.has(path)) return vscode.Uri.from({ scheme: 'untitled', path });
  }
}

export async function openUntitledRequest(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(untitledUri());
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), text));
  return editor;
}
