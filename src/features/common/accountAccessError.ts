/** Why requests for the chosen account are not sent: its host was declined, or it is gone. */
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
