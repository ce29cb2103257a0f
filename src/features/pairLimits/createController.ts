/** The Pair Limits panel's controller with its saved pair list, made when the panel is first shown or restored. */
import type * as vscode from 'vscode';
import { tagged } from '../common/log';
import type { PairLimitsDeps } from './pairLimitsDeps';
import { PairList } from './pairList';
import { PairLimitsController } from './pairLimitsController';

export function createPairLimitsController(
  context: vscode.ExtensionContext,
  deps: PairLimitsDeps,
): PairLimitsController {
  const controller = new PairLimitsController({
    extensionUri: context.extensionUri,
    environment: deps.environment,
    list: new PairList(context.globalState),
    log: tagged(deps.log, 'pairLimits'),
  });
  context.subscriptions.push(controller);
  return controller;
}
