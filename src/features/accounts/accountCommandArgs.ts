/** What the account commands (accountCommands.ts) take as arguments and give back. */
export interface AddAccountArgs {
  readonly name: string;
  readonly baseUrl: string;
  readonly privateKey: string;
  readonly apiKey?: string;
  /** Switch to the new account at once. */
  readonly activate?: boolean;
}

export interface SetKeysArgs {
  /** The private key text (hex DER PKCS#8, PEM or base64 DER). */
  readonly privateKey?: string;
  /** The API key, checked against the one derived from the private key. */
  readonly apiKey?: string;
  /** The account (default: the chosen one). */
  readonly account?: string;
  /** Answer to "Switch to this account?": true switches, false stays. */
  readonly switchToLive?: boolean;
}

export interface EditAccountArgs {
  readonly account: string;
  readonly name?: string;
  readonly baseUrl?: string;
}

export interface AccountResult {
  readonly account?: string;
  /** The derived API key (public), when keys were saved. */
  readonly apiKey?: string;
  /** Why nothing was saved: `cancelled`, or the message the user saw. */
  readonly error?: string;
}
