/** The questions asked about accounts, as types; tests put their answers in place. */

/** A request that creates something on an account (a transaction, a subaccount…), about to be signed for it: what is asked. */
export interface MoneyMovingRequest {
  /** The method in the bytes sent. */
  readonly method: string;
  /** Whether it creates a transaction (money moves once it is paid), not only something else on the account. */
  readonly movesMoney: boolean;
  readonly accountName: string;
  readonly host: string;
  /** `name: value` lines of the params as sent (moneyMoving.ts). */
  readonly lines: readonly string[];
}

/** Where "Send Again" of a History entry goes when requests go elsewhere now. */
export interface ResendChoice {
  readonly method: string;
  /** Where the entry went ("Sandbox" or the account's name, with its host). */
  readonly entryTarget: string;
  readonly currentTarget: string;
  /** Whether the entry's own target can still be used (the sandbox, or an account that still exists). */
  readonly entryAvailable: boolean;
}

/** The questions the service asks the user; tests replace them. */
export interface AccountPrompts {
  /** "Send signed requests for account X to host Y?": true, false (never), undefined (dismissed). */
  confirmHost(accountName: string, host: string): Promise<boolean | undefined>;
  /** Asked every time a request that creates something on an account is about to go to it: true to send. */
  confirmMoneyMoving(request: MoneyMovingRequest): Promise<boolean>;
  /** "Send Again" of an entry made elsewhere: to the entry's target, the current one, or not at all. */
  chooseResendTarget(choice: ResendChoice): Promise<'entry' | 'current' | undefined>;
}

/** The questions in use: the modal ones, or those a test put in their place. */
export interface AccountQuestions {
  prompts: AccountPrompts;
}
