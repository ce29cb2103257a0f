/**
 * Asks the Transactions view to select a transaction that another feature just looked up or
 * started watching. Through the view's command, so the features stay apart; fire and forget: the
 * caller never waits for it, and a failure (no view, an error in the tree) is only logged.
 */
import * as vscode from 'vscode';
import type { Logger } from './log';
import { errorText } from '../../shared/errorText';

export const REVEAL_COMMAND = 'exchangeTx.transactions.reveal';

/** What the command answers: `revealed`, selected in the view; `deferred`, loaded, revealed when the view shows; `not-loaded`. */
export type RevealResult = 'revealed' | 'deferred' | 'not-loaded';

export function revealTransaction(id: string, log: Logger): void {
  void vscode.commands.executeCommand(REVEAL_COMMAND, id).then(undefined, (error: unknown) => {
    log.warn(`could not reveal ${id} in the Transactions view: ${errorText(error)}`);
  });
}
