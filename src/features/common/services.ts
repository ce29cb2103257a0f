/** The services every feature's `register(context, services)` gets, built once in src/extension.ts. */
import type * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type { AccountStore } from '../accounts/accountStore';
import type { ClientPool } from '../accounts/clientPool';
import type { EnvironmentService } from '../accounts/environmentService';
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import type { IdPatternSetting } from '../lookup/hoverSettings';
import type { TransactionChoices } from '../lookup/transactionChoices';
import type { AccountQuestions } from './accountQuestions';
import type { AccountSightings } from './accountSightings';
import type { RecentLog } from './log';
import type { MessagePresenter } from './userMessages';

export interface Services {
  /** The extension's log; each feature tags its lines. */
  readonly log: RecentLog;
  showLog(): void;
  /** Where requests go: the sandbox or an account, its connection and its resets. */
  readonly environment: EnvironmentService;
  readonly sandboxHost: SandboxHost;
  /** The clients, one rate limiter per API key; the sandbox-only client. */
  readonly clients: ClientPool;
  readonly accounts: AccountStore;
  /** The questions about accounts (tests replace `prompts`). */
  readonly questions: AccountQuestions;
  readonly store: TransactionStore;
  /** Since when an account's transactions are in their status. */
  readonly sightings: AccountSightings;
  /** The known transactions a command offers when given none; features add their sources. */
  readonly choices: TransactionChoices;
  /** Where the lookup and the details present their messages. */
  readonly messages: MessagePresenter;
  readonly idPattern: IdPatternSetting;
  idInEditor(): string | undefined;
  /** The id in the editor, else one picked or typed (none asked for when silent). */
  chooseId(silent: boolean, title: string): Promise<string | undefined>;
  openRequest(text: string): Promise<vscode.TextEditor>;
}
