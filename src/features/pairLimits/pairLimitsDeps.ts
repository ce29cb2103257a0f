/** What the pair-limits feature needs from the rest of the extension (its own file: index.ts and the lazily loaded createController.ts both use it). */
import type { CurrentClient, EnvironmentResets, EnvironmentView } from '../common/environmentDeps';
import type { Logger } from '../common/log';

export interface PairLimitsDeps {
  readonly environment: EnvironmentView & EnvironmentResets & CurrentClient;
  readonly log: Logger;
}
