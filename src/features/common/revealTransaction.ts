/** Asks the Transactions view to select a transaction; fire and forget, a failure only logged. */
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
