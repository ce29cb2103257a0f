/** Whether an account may be used: trusted, keyed, an allowed address, and the user's yes for its host. */
import { checkEndpoint } from '../../api';
import type { Credentials } from '../../api';
import type { Logger } from '../common/log';
import type { Account } from '../common/accounts';
import { hostDecision, originOf } from './accountModel';
import { hostOf } from '../common/accounts';
import { AccountAccessError } from '../common/accountAccessError';
import type { AccountPrompts } from '../common/accountQuestions';
import type { AccountStore } from './accountStore';

export interface ApprovalWords {
  declined(accountName: string, host: string): string;
  missing(): string;
  restricted(): string;
  noKeys(accountName: string): string;
}

export interface HostApprovalDeps {
  /** The accounts: each one's keys, and where the user's answer for its origin is kept. */
  readonly accounts: Pick<AccountStore, 'get' | 'credentials' | 'decideHost'>;
  /** Whether the workspace is trusted (accounts are off in Restricted Mode). */
  readonly trust: { readonly isTrusted: boolean };
  /** The questions asked of the user (read when asking: tests replace them). */
  readonly questions: { readonly prompts: Pick<AccountPrompts, 'confirmHost'> };
  readonly words: ApprovalWords;
  readonly log: Logger;
}

export class HostApproval {
  /** Hosts the user dismissed the question for in this session (`id|origin`): not asked again until chosen again. */
  private readonly dismissed = new Set<string>();

  constructor(private readonly deps: HostApprovalDeps) {}

  /** The account `id` with its keys, when it exists, the workspace is trusted and its keys are usable; throws an AccountAccessError otherwise. */
  async usable(id: string): Promise<{ readonly account: Account; readonly credentials: Credentials }> {
    const { accounts, words } = this.deps;
    const account = accounts.get(id);
    if (!account) throw new AccountAccessError('missing', words.missing());
    if (!this.deps.trust.isTrusted) throw new AccountAccessError('declined', words.restricted());
    const credentials = await accounts.credentials(account.id);
    if (!credentials) throw new AccountAccessError('declined', words.noKeys(account.name));
    return { account, credentials };
  }

  /** Checks the address, then the user's answer for its host (asked once, never without `ask`). */
  async approve(account: Account, ask = true): Promise<void> {
    // Throws before anything is asked or sent.
    checkEndpoint(account.baseUrl);
    const host = hostOf(account.baseUrl);
    const declined = () => new AccountAccessError('declined', this.deps.words.declined(account.name, host));
    const decision = hostDecision(account);
    if (decision === true) return;
    const key = dismissalKey(account);
    if (decision === false || this.dismissed.has(key) || !ask) throw declined();
    const answer = await this.deps.questions.prompts.confirmHost(account.name, host);
    if (answer === undefined) {
      this.dismissed.add(key);
      throw declined();
    }
    await this.deps.accounts.decideHost(account.id, answer);
    this.deps.log.info(`${answer ? 'allowed' : 'refused'} signed requests for "${account.name}" to ${host}`);
    if (!answer) throw declined();
  }

  /** The user chose the account again: its host is asked about again if the question was dismissed or answered no. */
  async askAgain(account: Account): Promise<void> {
    this.dismissed.delete(dismissalKey(account));
    if (hostDecision(account) === false) await this.deps.accounts.decideHost(account.id, undefined);
  }
}

function dismissalKey(account: Account): string {
  return `${account.id}|${originOf(account.baseUrl) ?? ''}`;
}
