/** Work that waits for a kind of tab: now if one is open, else when one opens. */
import type * as vscode from 'vscode';

/** Runs `then` once, now or when a matching tab opens; the disposable stops waiting. */
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
