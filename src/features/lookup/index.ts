/**
 * Looking a transaction up: "Get Transaction Status…", the hover over an id, "Copy Transaction ID"
 * and the status notification's "More…". One call registers them all; the lookup command's code
 * (lookupCommand.ts, with the words of its errors) loads the first time it runs. The details
 * document registers itself (src/features/details) and is handed this feature's messages and its
 * command's choice of an id.
 */
import * as vscode from 'vscode';
import type { TransactionStore } from '../../store/transactionStore';
import type {
  CurrentConnection,
  EnvironmentKindSource,
  SandboxClockSource,
  SandboxStarter,
} from '../common/environmentDeps';
import { tagged } from '../common/log';
import type { Logger } from '../common/log';
import { MessagePresenter, moreTransactionActions } from '../common/userMessages';
import { lazyModule } from '../common/lazyModule';
import { idInEditor } from './editorId';
import { HOVER_SELECTOR, IdHoverProvider } from './hoverProvider';
import { idFromArgument } from '../../shared/transactionId';
import type { LookupCommand, LookupCommandOptions } from './lookupCommand';
import { IdPatternSetting } from './hoverSettings';
import { TransactionChoices } from './transactionChoices';
import { revealTransaction } from '../common/revealTransaction';
import type { AccountSightings } from '../common/accountSightings';

export interface LookupDeps {
  readonly store: TransactionStore;
  readonly environment: EnvironmentKindSource & CurrentConnection;
  /** The built-in sandbox: its clock (the records' ages) and its control (since when in a status). */
  readonly sandboxHost: SandboxStarter & SandboxClockSource;
  readonly log: Logger;
  /** The first sightings per account (the hover's "since when" on an account). */
  readonly sightings?: Pick<AccountSightings, 'of'>;
}

/** What the lookup features hand to the test API. */
export interface LookupHandle {
  /** "Get Transaction Status…", once loaded (by its first run, or `load()`). */
  readonly lookup: LookupCommand | undefined;
  readonly hover: IdHoverProvider;
  /** The known transactions a command offers when given none (features add their sources). */
  readonly choices: TransactionChoices;
  /** The id selected or under the cursor in the editor (what the lookup and Watch offer first). */
  idInEditor(): string | undefined;
  /** Where the lookup's messages are presented (the details documents present theirs there too). */
  readonly messages: MessagePresenter;
  /** Loads the lookup command's code (once). */
  load(): Promise<LookupCommand>;
}

export function register(context: vscode.ExtensionContext, deps: LookupDeps): LookupHandle {
  const log = tagged(deps.log, 'lookup');
  const pattern = new IdPatternSetting(log);
  const messages = new MessagePresenter();
  const choices = new TransactionChoices(deps.store);
  let lookup: LookupCommand | undefined;
  const load = lazyModule(async () => {
    const { LookupCommand } = await import('./lookupCommand');
    lookup = new LookupCommand({
      store: deps.store,
      environment: deps.environment,
      sandboxHost: deps.sandboxHost,
      pattern,
      messages,
      log,
      choices,
    });
    return lookup;
  });
  const hover = new IdHoverProvider({
    store: deps.store,
    environment: deps.environment,
    sandboxHost: deps.sandboxHost,
    pattern,
    log,
    ...(deps.sightings ? { sightings: deps.sightings } : {}),
  });
  context.subscriptions.push(
    pattern,
    vscode.commands.registerCommand('exchangeTx.getStatus', async (arg?: unknown, options?: LookupCommandOptions) => {
      const result = await (await load()).run(arg, options);
      // Found: the Transactions view selects it if it is loaded there.
      if (result.record && result.id !== undefined) revealTransaction(result.id, log);
      return result;
    }),
    vscode.commands.registerCommand('exchangeTx.copyId', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Copied transaction ID {0}', id), 3000);
      return id;
    }),
    // "More…" of the status notification: the actions that did not fit as buttons.
    vscode.commands.registerCommand('exchangeTx.transactionActions', async (arg?: unknown) => {
      const id = idFromArgument(arg);
      if (id === undefined) return undefined;
      const items = moreTransactionActions(id).map((action) => ({ label: action.title, action }));
      const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Transaction {0}', id) });
      if (!picked) return undefined;
      await vscode.commands.executeCommand(picked.action.command, ...picked.action.args);
      return picked.action.command;
    }),
    vscode.languages.registerHoverProvider(HOVER_SELECTOR, hover),
  );
  return {
    get lookup() {
      return lookup;
    },
    hover,
    choices,
    idInEditor: () => idInEditor(pattern),
    messages,
    load,
  };
}
