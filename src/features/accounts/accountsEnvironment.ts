/** The environment as the accounts feature reaches it: the choice, the whole store, the view. */
import type { EnvironmentChoice, EnvironmentView } from '../common/environmentDeps';
import type { AccountStore } from './accountStore';

export interface AccountsEnvironment extends EnvironmentChoice, EnvironmentView {
  readonly accounts: AccountStore;
}
