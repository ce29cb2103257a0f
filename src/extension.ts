/**
 * Wiring only: build the services, register each feature with them, return them as the test API.
 * Activation does no network work: the sandbox and the clients start on first need.
 */
import * as vscode from 'vscode';
import { register as registerAccounts } from './features/accounts';
import { modalPrompts } from './features/accounts/accountPrompts';
import { AccountStore } from './features/accounts/accountStore';
import { ClientPool, KeyLimiters } from './features/accounts/clientPool';
import { EnvironmentService } from './features/accounts/environmentService';
import { HostApproval } from './features/accounts/hostApproval';
import { register as registerAgentRegistration } from './features/agentRegistration';
import { register as registerBuiltInSandbox } from './features/builtInSandbox';
import { SandboxHost } from './features/builtInSandbox/sandboxHost';
import { AccountSightings } from './features/common/accountSightings';
import { RecentLog, requestLogger, tagged } from './features/common/log';
import type { Services } from './features/common/services';
import { requestTimeoutMs, watchSettings } from './features/common/settings';
import { MessagePresenter } from './features/common/userMessages';
import { register as registerDetails } from './features/details';
import { register as registerForwardSession } from './features/forwardSession';
import { register as registerJournalView } from './features/journalView';
import { register as registerLookup } from './features/lookup';
import { idInEditor } from './features/lookup/editorId';
import { IdPatternSetting } from './features/lookup/hoverSettings';
import { chooseTransactionId } from './features/lookup/lookupCommand';
import { TransactionChoices } from './features/lookup/transactionChoices';
import { register as registerPairLimits } from './features/pairLimits';
import { register as registerRequests } from './features/requests';
import { openUntitledRequest } from './features/requests/requestFiles';
import { register as registerTransactions } from './features/transactions';
import { register as registerWatch } from './features/watch';
import { errorText } from './shared/errorText';
import { TransactionStore } from './store/transactionStore';

/** What `activate()` returns: the services, with each feature's objects, so tests drive what the user would. */
export interface ExchangeTxApi extends Services {
  /** The status bar item naming the sandbox or the account in use. */
  readonly environmentItem: vscode.StatusBarItem;
  readonly lookup: ReturnType<typeof registerLookup>['lookup'];
  readonly hover: ReturnType<typeof registerLookup>['hover'];
  readonly details: ReturnType<typeof registerDetails>;
  readonly watch: ReturnType<typeof registerWatch>;
  readonly transactions: ReturnType<typeof registerTransactions>;
  readonly pairLimits: ReturnType<typeof registerPairLimits>;
  readonly requests: ReturnType<typeof registerRequests>;
  readonly sandbox: ReturnType<typeof registerBuiltInSandbox>;
  readonly agentTools: ReturnType<typeof registerAgentRegistration>['agentTools'];
  readonly mcp: ReturnType<typeof registerAgentRegistration>['mcp'];
  readonly forward: ReturnType<typeof registerForwardSession>;
  /** The Sandbox Requests view. */
  readonly journal: ReturnType<typeof registerJournalView>;
  /** Settles once the accounts and keys were read (activation does not wait for it). */
  readonly ready: Promise<void>;
  /** The extension's own storage, only when it runs its tests (ExtensionMode.Test). */
  readonly testHooks?: {
    readonly secrets: vscode.SecretStorage;
    readonly globalState: vscode.Memento;
    /** The built-in sandbox's keys and the signatures it received, for the secret scan. */
    readonly sandboxSecrets: ReadonlyMap<string, 'private-key' | 'api-key' | 'signature'>;
  };
}

export function activate(context: vscode.ExtensionContext): ExchangeTxApi {
  const channel = vscode.window.createOutputChannel('Exchange Tx', { log: true });
  const log = new RecentLog(channel);
  // Before anything reads a setting: a wrong value is said in the log.
  context.subscriptions.push(watchSettings(tagged(log, 'settings')));
  const sandboxHost = new SandboxHost({
    secrets: context.secrets,
    state: context.globalState,
    log: tagged(log, 'sandbox'),
    timeoutMs: requestTimeoutMs,
  });
  const clients = new ClientPool({
    limiters: new KeyLimiters(),
    sandbox: sandboxHost,
    timeoutMs: requestTimeoutMs,
    onRequest: requestLogger(tagged(log, 'request')),
  });
  const accounts = new AccountStore(context.globalState, context.secrets);
  const questions = { prompts: modalPrompts };
  const approval = new HostApproval({
    accounts,
    trust: vscode.workspace,
    questions,
    words: {
      declined: (name, host) =>
        vscode.l10n.t(
          'Signed requests for account "{0}" to host {1} are not allowed. Choose the account again to be asked again.',
          name,
          host,
        ),
      missing: () => vscode.l10n.t('That account no longer exists.'),
      restricted: () => vscode.l10n.t('This workspace is in Restricted Mode: accounts are off.'),
      noKeys: (name) => vscode.l10n.t('The account "{0}" has no usable API keys.', name),
    },
    log: tagged(log, 'environment'),
  });
  const environment = new EnvironmentService({ accounts, sandboxHost, clients, approval, log });
  const store = new TransactionStore({ source: () => environment.client(), target: () => environment.target });
  // The one writer of the sightings: every record fetched passes the store.
  const sightings = new AccountSightings(context.globalState);
  const idPattern = new IdPatternSetting(tagged(log, 'lookup'));
  const choices = new TransactionChoices(store);
  context.subscriptions.push(
    channel,
    environment,
    idPattern,
    { dispose: () => store.dispose() },
    environment.onDidReset(() => store.clear()),
    store.onDidSeeRecords(({ target, records }) => sightings.note(target, records)),
  );
  running = environment;

  const services: Services = {
    log,
    showLog: () => channel.show(true),
    environment,
    sandboxHost,
    clients,
    accounts,
    questions,
    store,
    sightings,
    choices,
    messages: new MessagePresenter(),
    idPattern,
    idInEditor: () => idInEditor(idPattern),
    chooseId: (silent, title) => chooseTransactionId({ idPattern, choices }, silent, title),
    openRequest: openUntitledRequest,
  };

  const sandboxSecrets = new Map<string, 'private-key' | 'api-key' | 'signature'>();
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  if (testing) sandboxHost.secretWitness = (kind, value) => sandboxSecrets.set(value, kind);
  // Not awaited: the accounts and keys (SecretStorage) are read after activation; requests wait for them.
  const ready = environment
    .initialize()
    .catch((error: unknown) => tagged(log, 'activation').error(`reading the accounts failed: ${errorText(error)}`));

  const api: ExchangeTxApi = {
    ...services,
    ...registerAccounts(context, services),
    ...registerLookup(context, services),
    details: registerDetails(context, services),
    watch: registerWatch(context, services),
    transactions: registerTransactions(context, services),
    pairLimits: registerPairLimits(context, services),
    requests: registerRequests(context, services),
    sandbox: registerBuiltInSandbox(context, services),
    ...registerAgentRegistration(context, services),
    forward: registerForwardSession(context, services),
    journal: registerJournalView(context, services),
    ready,
    ...(testing ? { testHooks: { secrets: context.secrets, globalState: context.globalState, sandboxSecrets } } : {}),
  };

  void ready.then(() => {
    tagged(log, 'activation').info(`accounts read: using the ${environment.kind}`);
    if (environment.kind === 'sandbox') sandboxHost.prepareKeyPair();
  });
  return api;
}

let running: EnvironmentService | undefined;

/** Waits for the sandbox to close; everything else is released through context.subscriptions. */
export async function deactivate(): Promise<void> {
  await running?.shutdown();
  running = undefined;
}
