/**
 * Why requests for the chosen account are not sent: the user said no to its host (or has not
 * answered), or it is gone. Pure: no `vscode` import.
 */
export type AccountAccessKind = 'declined' | 'missing';

export class AccountAccessError extends Error {
  constructor(
    readonly reason: AccountAccessKind,
    message: string,
  ) {
    super(message);
    this.name = 'AccountAccessError';
  }
}
