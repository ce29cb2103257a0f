/**
 * "Show Pair Limits": the command, the panel's serializer (restores it after a reload) and the
 * controller the test API exposes.
 */
import * as vscode from 'vscode';
import type { EnvironmentService } from '../accounts/environmentService';
import { tagged } from '../log';
import type { Logger } from '../log';
import { PairList } from './pairList';
import { PAIR_LIMITS_VIEW_TYPE, PairLimitsController } from './pairLimitsPanel';

export { PairLimitsController, PairLimitsPanel } from './pairLimitsPanel';

export interface PairLimitsDeps {
  readonly environment: EnvironmentService;
  readonly log: Logger;
}

export function registerPairLimits(context: vscode.ExtensionContext, deps: PairLimitsDeps): PairLimitsController {
  const controller = new PairLimitsController({
    extensionUri: context.extensionUri,
    environment: deps.environment,
    list: new PairList(context.globalState),
    log: tagged(deps.log, 'pairLimits'),
  });
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('exchangeTx.showPairLimits', () => {
      controller.show();
    }),
    vscode.window.registerWebviewPanelSerializer(PAIR_LIMITS_VIEW_TYPE, {
      deserializeWebviewPanel: (panel: vscode.WebviewPanel) => {
        controller.restore(panel);
        return Promise.resolve();
      },
    }),
  );
  return controller;
}
