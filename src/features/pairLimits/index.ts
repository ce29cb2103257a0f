/**
 * "Show Pair Limits": the command and the panel's serializer (restores it after a reload),
 * registered at activation; the panel's code (with the page protocol's validation) is loaded when
 * the panel is first shown or restored, from its own file of the bundle (createController.ts).
 */
import * as vscode from 'vscode';
import type { PairLimitsController } from './pairLimitsController';
import type { PairLimitsDeps } from './pairLimitsDeps';
import { PAIR_LIMITS_VIEW_TYPE } from './viewType';

export type { PairLimitsController } from './pairLimitsController';
export type { PairLimitsPanel } from './panel';
export type { PairLimitsDeps } from './pairLimitsDeps';

/** What the test API gets: the panel's controller, once loaded. */
export interface PairLimitsHandle {
  /** The controller if the panel's code was loaded already. */
  readonly loaded: PairLimitsController | undefined;
  load(): Promise<PairLimitsController>;
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
  context.subscriptions.push(
    vscode.commands.registerCommand('exchangeTx.showPairLimits', async () => {
      (await load()).show();
    }),
    vscode.window.registerWebviewPanelSerializer(PAIR_LIMITS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => {
        (await load()).restore(panel);
      },
    }),
  );
  return {
    get loaded() {
      return loaded;
    },
    load,
  };
}
