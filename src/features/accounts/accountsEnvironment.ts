/**
 * The environment as the accounts feature reaches it: the choice among the accounts with their
 * whole store (to add, edit and remove them; the other features read them as `AccountKeys`), and
 * what is shown of where requests go.
 */
import type { EnvironmentChoice, EnvironmentView } from '../common/environmentDeps';
import type { AccountStore } from './accountStore';

export interface AccountsEnvironment extends EnvironmentChoice, EnvironmentView {
  readonly accounts: AccountStore;
}
