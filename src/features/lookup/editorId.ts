/** The transaction id the user points at in the editor: what the lookup and Watch offer first. */
import * as vscode from 'vscode';
import { idProblem, trimId } from '../../shared/transactionId';
import type { IdPatternSetting } from './hoverSettings';

/** A plausible selected text, else the id under the cursor (by the id pattern), else undefined. */
export function idInEditor(pattern: Pick<IdPatternSetting, 'find'>): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { selection, document } = editor;
  if (!selection.isEmpty && selection.isSingleLine) {
    const selected = trimId(document.getText(selection));
    if (idProblem(selected) === undefined) return selected;
  }
  const line = document.lineAt(selection.active.line).text;
  return pattern.find(line, selection.active.character)?.id;
}
