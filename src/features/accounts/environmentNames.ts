/** The environments in words, for messages: "the sandbox" or "the live service". */
import * as vscode from 'vscode';
import type { EnvironmentKind } from './environmentService';

/** "the sandbox" or "the live service". */
export function environmentName(environment: EnvironmentKind): string {
  return environment === 'live' ? vscode.l10n.t('the live service') : vscode.l10n.t('the sandbox');
}

/** "The sandbox" or "The live service", to start a sentence. */
export function environmentNameStart(environment: EnvironmentKind): string {
  return environment === 'live' ? vscode.l10n.t('The live service') : vscode.l10n.t('The sandbox');
}
