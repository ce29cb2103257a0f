/**
 * onceTab over the real tab groups: work done once a kind of tab exists (the Pair Limits panel's
 * serializer is registered so), at once or when the first such tab opens.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { onceTab } from '../../../src/features/common/onceTab';
import { eventually } from '../support/extension';

/** A webview type of these tests only (no serializer: VS Code drops its panels on reload). */
const TEST_VIEW_TYPE = 'exchangeTx.onceTabTest';
const isTestTab = (tab: vscode.Tab): boolean =>
  tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(TEST_VIEW_TYPE);

describe('onceTab (work that waits for a kind of tab)', () => {
  const panels: vscode.WebviewPanel[] = [];
  const openPanel = (): vscode.WebviewPanel => {
    const panel = vscode.window.createWebviewPanel(TEST_VIEW_TYPE, 'once', vscode.ViewColumn.Active, {});
    panels.push(panel);
    return panel;
  };
  const testTabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter(isTestTab);
  afterEach(async () => {
    for (const panel of panels.splice(0)) panel.dispose();
    await eventually(() => testTabs().length === 0, 'the test tabs closed');
  });

  it('waits while no such tab exists, runs when the first opens, and never again', async () => {
    assert.deepEqual(testTabs(), []);
    let runs = 0;
    const waiting = onceTab(vscode.window.tabGroups, isTestTab, () => runs++);
    try {
      // Another kind of tab opening is not it.
      const document = await vscode.workspace.openTextDocument({ content: 'not the tab' });
      await vscode.window.showTextDocument(document, { preview: false });
      assert.equal(runs, 0);
      openPanel();
      await eventually(() => runs === 1, 'the work to run when the tab opened');
      openPanel();
      await eventually(() => testTabs().length === 2, 'two tabs');
      assert.equal(runs, 1, 'once');
    } finally {
      waiting.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('runs at once where such a tab already exists (a panel to restore at activation)', async () => {
    openPanel();
    await eventually(() => testTabs().length > 0, 'the tab');
    let runs = 0;
    onceTab(vscode.window.tabGroups, isTestTab, () => runs++).dispose();
    assert.equal(runs, 1);
  });

  it("runs when VS Code's whole tab model comes with the tab in a group (it says only which groups opened)", () => {
    // VS Code sends its whole tab model to the extension host in one message and fires only a group
    // event for it: a host cannot be made to do that on demand, so the tab groups are VS Code's
    // interface over emitters here.
    const groupsChanged = new vscode.EventEmitter<vscode.TabGroupChangeEvent>();
    const tabsChanged = new vscode.EventEmitter<vscode.TabChangeEvent>();
    const tab = { input: new vscode.TabInputWebview(`mainThreadWebview-${TEST_VIEW_TYPE}`) } as vscode.Tab;
    const group = { tabs: [tab] } as unknown as vscode.TabGroup;
    let all: vscode.TabGroup[] = [];
    const tabs = {
      get all() {
        return all;
      },
      onDidChangeTabGroups: groupsChanged.event,
      onDidChangeTabs: tabsChanged.event,
    } as unknown as vscode.TabGroups;
    let runs = 0;
    const waiting = onceTab(tabs, isTestTab, () => runs++);
    tabsChanged.fire({ opened: [], closed: [], changed: [] });
    assert.equal(runs, 0);
    all = [group];
    groupsChanged.fire({ opened: [group], closed: [], changed: [] });
    assert.equal(runs, 1);
    groupsChanged.fire({ opened: [], closed: [], changed: [group] });
    assert.equal(runs, 1, 'once');
    waiting.dispose();
    groupsChanged.dispose();
    tabsChanged.dispose();
  });

  it('does nothing once disposed before the tab opens', async () => {
    let runs = 0;
    onceTab(vscode.window.tabGroups, isTestTab, () => runs++).dispose();
    openPanel();
    await eventually(() => testTabs().length > 0, 'the tab');
    assert.equal(runs, 0);
  });
});
