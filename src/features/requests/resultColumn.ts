/**
 * Where a result (an answer, an explanation, a diagnosis) opens: in the column that already shows
 * one, else in the other column when the editor is split, else beside the active editor. So
 * repeated commands reuse one result column and never split the editor into a third.
 */
import * as vscode from 'vscode';

/** Whether a tab shows an address of `scheme` (a text editor, a diff of two, or a custom editor such as a preview). */
export function tabShows(tab: vscode.Tab, scheme: string): boolean {
  const input = tab.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom)
    return input.uri.scheme === scheme;
  if (input instanceof vscode.TabInputTextDiff)
    return input.original.scheme === scheme || input.modified.scheme === scheme;
  return false;
}

/** The column for a result whose address has `scheme`. */
export function resultColumn(scheme: string): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all;
  const holding = groups.find((group) => group.tabs.some((tab) => tabShows(tab, scheme)));
  if (holding) return holding.viewColumn;
  const active = vscode.window.tabGroups.activeTabGroup;
  const others = groups.filter((group) => group !== active);
  if (others.length === 0) return vscode.ViewColumn.Beside;
  // The column right of the active one if there is one, else the nearest to its left.
  const right = others.find((group) => group.viewColumn > active.viewColumn);
  return (right ?? others[others.length - 1] ?? active).viewColumn;
}
