/** What the status-bar watch is given at activation. */
import type { TransactionStore } from '../../store/transactionStore';
import type { EnvironmentService } from '../accounts/environmentService';
import type { Logger } from '../log';
import type { TransactionChoices } from '../lookup/transactionChoices';

export interface WatchDeps {
  readonly store: TransactionStore;
  readonly environment: EnvironmentService;
  readonly log: Logger;
  /** The transaction id selected or under the cursor in the editor, if any (offered when asking). */
  readonly idInEditor?: () => string | undefined;
  /** The known transactions offered before the input box; the watched ones are added to it. */
  readonly choices?: TransactionChoices;
}
