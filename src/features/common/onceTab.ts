/**
 * Work that waits for a kind of tab: done at once if the window has such a tab, else the first time
 * one opens (a panel restored by VS Code, made by a command, dragged in from another window).
 */
import type * as vscode from 'vscode';

/**
 * Runs `then` once: now if a tab of `tabs` matches, else when a matching tab opens, alone or in a
 * group that opens with it (VS Code's whole tab model, when it comes, says only which groups
 * opened). The disposable stops waiting.
 */
export function onceTab(
  tabs: vscode.TabGroups,
  matches: (tab: vscode.Tab) => boolean,
  then: () => void,
): vscode.Disposable {
  const inGroups = (groups: readonly vscode.TabGroup[]): boolean => groups.some((group) => group.tabs.some(matches));
  if (inGroups(tabs.all)) {
    then();
    return { dispose: () => undefined };
  }
  const stop = (): void => {
    for (const waiting of watching) waiting.dispose();
  };
  const found = (): void => {
    stop();
    then();
  };
  const watching = [
    tabs.onDidChangeTabs(({ opened }) => {
      if (opened.some(matches)) found();
    }),
    tabs.onDidChangeTabGroups(({ opened, changed }) => {
      if (inGroups(opened) || inGroups(changed)) found();
    }),
  ];
  return { dispose: stop };
}
