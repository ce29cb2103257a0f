/** "Show Pair Limits": one panel at a time, revealed if open, restored after a reload. */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { onceTab } from '../common/onceTab';
import type { HostMessage } from '../../shared/pairLimitsProtocol';
import { PairLimitsPanel } from './panel';
import type { PairLimitsPanelDeps } from './panel';
import { PairList } from './pairList';
import { uiStrings } from './pairLimitsText';
import { webviewOptions } from './pageChannel';

export type { PairLimitsPanel };

export const PAIR_LIMITS_VIEW_TYPE = 'exchangeTx.pairLimits';

/** Tabs show the panel's webview type with a prefix (`mainThreadWebview-…`). */
export function isPairLimitsViewType(viewType: string): boolean {
  return viewType === PAIR_LIMITS_VIEW_TYPE || viewType.endsWith(`-${PAIR_LIMITS_VIEW_TYPE}`);
}

export class PairLimitsController implements vscode.Disposable {
  private current: PairLimitsPanel | undefined;
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  /** Every message any panel posts to its page (the tests' secret scan reads them). */
  readonly onDidPost = this.posted.event;

  constructor(private readonly deps: PairLimitsPanelDeps) {}

  get panel(): PairLimitsPanel | undefined {
    return this.current;
  }

  get list(): PairList {
    return this.deps.list;
  }

  show(): PairLimitsPanel {
    if (this.current) {
      this.current.reveal();
      return this.current;
    }
    const panel = vscode.window.createWebviewPanel(
      PAIR_LIMITS_VIEW_TYPE,
      uiStrings().title,
      vscode.ViewColumn.Active,
      webviewOptions(this.deps.extensionUri),
    );
    return this.adopt(panel);
  }

  /** A panel VS Code restores after a reload; a second one closes in favour of the open one. */
  restore(panel: vscode.WebviewPanel): PairLimitsPanel {
    if (this.current) {
      panel.dispose();
      this.current.reveal();
      return this.current;
    }
    return this.adopt(panel);
  }

  private adopt(webviewPanel: vscode.WebviewPanel): PairLimitsPanel {
    const panel = new PairLimitsPanel(webviewPanel, { ...this.deps, onPost: (message) => this.posted.fire(message) });
    this.current = panel;
    panel.onDidDispose(() => {
      if (this.current === panel) this.current = undefined;
    });
    return panel;
  }

  dispose(): void {
    this.current?.dispose();
    this.current = undefined;
    this.posted.dispose();
  }
}

export interface PairLimitsHandle {
  readonly controller: PairLimitsController;
  /** Whether the serializer is registered: a Pair Limits tab exists or existed in this window. */
  readonly restorable: boolean;
}

/** The serializer comes once a Pair Limits tab exists: most windows have none. */
export function register(context: vscode.ExtensionContext, services: Services): PairLimitsHandle {
  const controller = new PairLimitsController({
    extensionUri: context.extensionUri,
    environment: services.environment,
    list: new PairList(context.globalState),
    log: tagged(services.log, 'pairLimits'),
  });
  let restorable = false;
  const registerSerializer = (): void => {
    restorable = true;
    context.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(PAIR_LIMITS_VIEW_TYPE, {
        deserializeWebviewPanel: (panel: vscode.WebviewPanel) => {
          controller.restore(panel);
          return Promise.resolve();
        },
      }),
    );
  };
  const isPairLimitsTab = (tab: vscode.Tab) =>
    tab.input instanceof vscode.TabInputWebview && isPairLimitsViewType(tab.input.viewType);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('exchangeTx.showPairLimits', () => {
      controller.show();
    }),
    onceTab(vscode.window.tabGroups, isPairLimitsTab, registerSerializer),
  );
  return {
    controller,
    get restorable() {
      return restorable;
    },
  };
}
