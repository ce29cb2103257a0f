/**
 * "Show Pair Limits" and its panel. The panel's serializer is registered once a Pair Limits tab
 * exists: most windows have none, and VS Code revives a kept panel when the serializer comes.
 */
import * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import { onceTab } from '../common/onceTab';
import { PairLimitsController } from './pairLimitsController';
import { PairList } from './pairList';
import { isPairLimitsViewType, PAIR_LIMITS_VIEW_TYPE } from './viewType';

export type { PairLimitsPanel } from './panel';

export interface PairLimitsHandle {
  readonly controller: PairLimitsController;
  /** Whether the panel's serializer is registered (a Pair Limits tab exists or existed in this window). */
  readonly restorable: boolean;
}

function isPairLimitsTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && isPairLimitsViewType(tab.input.viewType);
}

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
