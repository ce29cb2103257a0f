/** "Show Pair Limits": one panel at a time, revealed if open, restored after a reload. */
import * as vscode from 'vscode';
import type { HostMessage } from '../../shared/pairLimitsProtocol';
import { PairLimitsPanel } from './panel';
import type { PairLimitsPanelDeps } from './panel';
import type { PairList } from './pairList';
import { uiStrings } from './pairLimitsText';
import { webviewOptions } from './pageChannel';
import { PAIR_LIMITS_VIEW_TYPE } from './viewType';

export class PairLimitsController implements vscode.Disposable {
  private current: PairLimitsPanel | undefined;
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  /** Fires for every message any panel posts to its page (the secret scan of the tests reads them). */
  readonly onDidPost = this.posted.event;

  constructor(private readonly deps: PairLimitsPanelDeps) {}

  get panel(): PairLimitsPanel | undefined {
    return this.current;
  }

  /** The list of pairs and the pairs used before (global state). */
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

  /** A panel VS Code restores after a reload. */
  restore(panel: vscode.WebviewPanel): PairLimitsPanel {
    if (this.current) {
      // One at a time: a second restored panel is closed in favour of the open one.
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
