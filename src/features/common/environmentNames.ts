/** The environments in words, for messages: "the sandbox" or "the live service". */
import * as vscode from 'vscode';
import type { EnvironmentKind, EnvironmentState } from './environmentDeps';

/** "the sandbox" or "the live service". */
export function environmentName(environment: EnvironmentKind): string {
  return environment === 'live' ? vscode.l10n.t('the live service') : vscode.l10n.t('the sandbox');
}

/** "The sandbox" or "The live service", to start a sentence. */
export function environmentNameStart(environment: EnvironmentKind): string {
  return environment === 'live' ? vscode.l10n.t('The live service') : vscode.l10n.t('The sandbox');
}

/** Where requests go now, by name: "Sandbox" or the account's name. */
export function targetName(state: Pick<EnvironmentState, 'kind' | 'account'>): string {
  return state.kind === 'sandbox' ? vscode.l10n.t('Sandbox') : (state.account?.name ?? vscode.l10n.t('Live'));
}
