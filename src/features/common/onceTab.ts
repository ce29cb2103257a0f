/**
 * Work that waits for a kind of tab: done at once if the window has such a tab, else the first time
 * one opens (a panel restored by VS Code, made by a command, dragged in from another window).
 */
import type * as vscode from 'vscode';

/** Runs `then` once: now if a tab of `tabs` matches, else when a matching tab opens. The disposable stops waiting. */
export function onceTab(
  tabs: vscode.TabGroups,
  matches: (tab: vscode.Tab) => boolean,
  then: () => void,
): vscode.Disposable {
  if (tabs.all.some((group) => group.tabs.some(matches))) {
    then();
    return { dispose: () => undefined };
  }
  const waiting = tabs.onDidChangeTabs(({ opened }) => {
    if (!opened.some(matches)) return;
    waiting.dispose();
    then();
  });
  return waiting;
}
