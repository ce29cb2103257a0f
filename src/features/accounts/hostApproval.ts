/**
 * Whether signed requests for an account may go to its host: the address policy first (https, or
 * http to this machine: `checkEndpoint`), then the user's answer to "Send signed requests for
 * account X to host Y?", asked once per account and host. A yes or a no is kept with the account
 * (`decideHost`); a dismissed question is not asked again in this session until the account is
 * chosen again (`askAgain`), nor is a no. Pure of `vscode`: the question and the words come in
 * (tests answer the question; the rest is real).
 */
import { checkEndpoint } from '../../api';
import type { Logger } from '../log';
import type { Account } from './accountModel';
import { hostDecision, hostOf, originOf } from './accountModel';
import { AccountAccessError } from './accessError';
import type { AccountPrompts } from './accountPrompts';

export interface HostApprovalDeps {
  /** Keeps the user's answer for the account's origin (undefined: forgotten, ask again). */
  readonly decideHost: (id: string, allowed: boolean | undefined) => Promise<void>;
  /** The questions asked of the user (read when asking: tests replace them). */
  readonly questions: { readonly prompts: Pick<AccountPrompts, 'confirmHost'> };
  /** Why requests for `accountName` to `host` are not sent (the localized words). */
  readonly declinedText: (accountName: string, host: string) => string;
  readonly log: Logger;
}

export class HostApproval {
  /** Hosts the user dismissed the question for in this session (`id|origin`): not asked again until chosen again. */
  private readonly dismissed = new Set<string>();

  constructor(private readonly deps: HostApprovalDeps) {}

  /**
   * Checks the address and the user's answer for its host; asks once (never when `ask` is false).
   * Throws when not allowed: an InsecureEndpointError (or a TransportError for no URL at all)
   * before anything is asked, else an AccountAccessError ('declined').
   */
  async approve(account: Account, ask = true): Promise<void> {
    // Throws before anything is asked or sent.
    checkEndpoint(account.baseUrl);
    const host = hostOf(account.baseUrl);
    const declined = () => new AccountAccessError('declined', this.deps.declinedText(account.name, host));
    const decision = hostDecision(account);
    if (decision === true) return;
    const key = dismissalKey(account);
    if (decision === false || this.dismissed.has(key) || !ask) throw declined();
    const answer = await this.deps.questions.prompts.confirmHost(account.name, host);
    if (answer === undefined) {
      this.dismissed.add(key);
      throw declined();
    }
    await this.deps.decideHost(account.id, answer);
    this.deps.log.info(`${answer ? 'allowed' : 'refused'} signed requests for "${account.name}" to ${host}`);
    if (!answer) throw declined();
  }

  /** The user chose the account again: its host is asked about again if the question was dismissed or answered no. */
  async askAgain(account: Account): Promise<void> {
    this.dismissed.delete(dismissalKey(account));
    if (hostDecision(account) === false) await this.deps.decideHost(account.id, undefined);
  }
}

function dismissalKey(account: Account): string {
  return `${account.id}|${originOf(account.baseUrl) ?? ''}`;
}
