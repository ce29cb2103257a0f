/**
 * "Show Pair Limits": the command, registered at activation, and the panel's serializer (restores
 * it after a reload), registered once a Pair Limits tab exists: at activation if the window has one
 * to restore, else when one opens. The panel's code (with the page protocol's validation) is loaded
 * when the panel is first shown or restored, from its own file of the bundle (createController.ts).
 *
 * Why not always at activation: the serializer is one of the costliest registrations there (VS
 * Code's own code for it runs for the first time), and most windows have no panel to restore.
 * Registering it later loses nothing: VS Code keeps a webview it cannot revive yet and revives it
 * when a serializer is registered, and it keeps a panel across a reload only while one is
 * registered, which is so from the moment its tab opens.
 */
import * as vscode from 'vscode';
import type { PairLimitsController } from './pairLimitsController';
import type { PairLimitsDeps } from './pairLimitsDeps';
import { isPairLimitsViewType, PAIR_LIMITS_VIEW_TYPE } from './viewType';
import { onceTab } from '../common/onceTab';

export type { PairLimitsController } from './pairLimitsController';
export type { PairLimitsPanel } from './panel';
export type { PairLimitsDeps } from './pairLimitsDeps';

/** What the test API gets: the panel's controller, once loaded. */
export interface PairLimitsHandle {
  /** The controller if the panel's code was loaded already. */
  readonly loaded: PairLimitsController | undefined;
  load(): Promise<PairLimitsController>;
  /** Whether the panel's serializer is registered (a Pair Limits tab exists or existed in this window). */
  readonly restorable: boolean;
}

/** Whether a tab is a Pair Limits panel's. */
function isPairLimitsTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && isPairLimitsViewType(tab.input.viewType);
}

export function register(context: vscode.ExtensionContext, deps: PairLimitsDeps): PairLimitsHandle {
  let loading: Promise<PairLimitsController> | undefined;
  let loaded: PairLimitsController | undefined;
  const load = (): Promise<PairLimitsController> => {
    const started = (loading ??= import('./createController').then(
      ({ createPairLimitsController }) => (loaded = createPairLimitsController(context, deps)),
    ));
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
  let restorable = false;
  const registerSerializer = (): void => {
    restorable = true;
    context.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(PAIR_LIMITS_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => {
          (await load()).restore(panel);
        },
      }),
    );
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.showPairLimits', async () => {
      (await load()).show();
    }),
    onceTab(vscode.window.tabGroups, isPairLimitsTab, registerSerializer),
  );
  return {
    get loaded() {
      return loaded;
    },
    load,
    get restorable() {
      return restorable;
    },
  };
}
