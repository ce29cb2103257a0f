/**
 * Wiring only: build the services, register each feature, return the API the tests use.
 * Activation does no network work: the sandbox and the clients start on first need.
 */
import * as vscode from 'vscode';
import { AccountSightings } from './features/common/accountSightings';
import { register as registerAccounts } from './features/accounts';
import { AccountStore } from './features/accounts/accountStore';
import { modalPrompts } from './features/accounts/accountPrompts';
import type { AccountQuestions } from './features/common/accountQuestions';
import { ClientPool, KeyLimiters } from './features/accounts/clientPool';
import { EnvironmentService } from './features/accounts/environmentService';
import { HostApproval } from './features/accounts/hostApproval';
import { register as registerAgentRegistration } from './features/agentRegistration';
import type { AgentRegistrationHandle } from './features/agentRegistration';
import { RecentLog, requestLogger, tagged } from './features/common/log';
import { requestTimeoutMs, watchSettings } from './features/common/settings';
import { register as registerForwardSession } from './features/forwardSession';
import type { ForwardSessionHandle } from './features/forwardSession';
import { register as registerLookup } from './features/lookup';
import type { LookupHandle } from './features/lookup';
import type { LookupCommand } from './features/lookup/lookupCommand';
import { register as registerDetails } from './features/details';
import type { RecordDocuments } from './features/details/detailsProvider';
import { register as registerPairLimits } from './features/pairLimits';
import type { PairLimitsHandle } from './features/pairLimits';
import { register as registerRequests } from './features/requests';
import { register as registerBuiltInSandbox } from './features/builtInSandbox';
import { SandboxHost } from './features/builtInSandbox/sandboxHost';
import type { BuiltInSandboxHandle } from './features/builtInSandbox';
import type { RequestsHandle } from './features/requests';
import { register as registerTransactions } from './features/transactions';
import type { TransactionsApi } from './features/transactions';
import { register as registerWatch } from './features/watch';
import type { StatusWatch } from './features/watch/statusWatch';
import { TransactionStore } from './store/transactionStore';
import { errorText } from './shared/errorText';

/** What `activate()` returns: the services, so tests assert on what the user would see. */
export interface ExchangeTxApi extends Pick<LookupHandle, 'hover' | 'choices'> {
  /** The details documents (loaded on first use: read it after `loaded()`). */
  readonly details: RecordDocuments;
  /** "Get Transaction Status…" (loaded on first use: read it after `loaded()`). */
  readonly lookup: LookupCommand;
  readonly environment: EnvironmentService;
  /** The built-in sandbox's life: the one way to reach it (start, the running one, its clock, faults, stop). */
  readonly sandboxHost: SandboxHost;
  /** The questions about accounts: the host question, the money-moving one, Send Again's (tests replace `prompts`). */
  readonly questions: AccountQuestions;
  readonly store: TransactionStore;
  readonly log: RecentLog;
  /** The transactions watched in the status bar (loaded on first use: read it after `loaded()`). */
  readonly watch: StatusWatch;
  /** The Transactions view (its list, tree, filter and actions; loaded on first use: read it after `loaded()`). */
  readonly transactions: TransactionsApi;
  /** The "Show Pair Limits" panel (the open one, its rows, messages to and from its page). */
  readonly pairLimits: PairLimitsHandle;
  /** The status bar item naming the sandbox or the account in use. */
  readonly environmentItem: vscode.StatusBarItem;
  /** Request documents: the sender, the answer documents, the History. */
  readonly requests: RequestsHandle;
  /** Driving the built-in sandbox from the editor. */
  readonly sandbox: BuiltInSandboxHandle;
  /** The language-model tools for chat agents (their registered implementations). */
  readonly agentTools: AgentRegistrationHandle['agentTools'];
  /** The MCP server definition provider bound to the sandbox (VS Code 1.101+; undefined where the host has no MCP API). */
  readonly mcp: AgentRegistrationHandle['mcp'];
  /** Forward Status Changes: its prompts, the session, the events channel's lines, the status bar item. */
  readonly forward: ForwardSessionHandle;
  /** Settles once the accounts and keys were read after activation (activation does not wait for it). */
  readonly ready: Promise<void>;
  /**
   * Loads every part activation leaves to first use whose object this API hands out (the lookup command, the details documents, the Transactions view, the watch),
   * so that its fields can be read; the tests' `extensionApi()` calls it. Reading such a field
   * before its part is loaded throws.
   */
  loaded(): Promise<void>;
  /** The parts of that kind loaded so far (by first use or `loaded()`), e.g. `['lookup', 'watch']`. */
  readonly partsLoaded: readonly string[];
  /** The extension's own storage, handed out only when it runs its tests (ExtensionMode.Test). */
  readonly testHooks?: {
    readonly secrets: vscode.SecretStorage;
    readonly globalState: vscode.Memento;
    /** The built-in sandbox's keys and the signatures it received, for the test run's secret scan. */
    readonly sandboxSecrets: ReadonlyMap<string, 'private-key' | 'api-key' | 'signature'>;
  };
}

export function activate(context: vscode.ExtensionContext): ExchangeTxApi {
  const channel = vscode.window.createOutputChannel('Exchange Tx', { log: true });
  const log = new RecentLog(channel);
  // Before anything reads a setting: a wrong value is said in the log, tagged [settings].
  context.subscriptions.push(watchSettings(tagged(log, 'settings')));
  // One limiter per API key, shared by every client of the key.
  const limiters = new KeyLimiters();
  const sandboxHost = new SandboxHost({
    secrets: context.secrets,
    state: context.globalState,
    log: tagged(log, 'sandbox'),
    timeoutMs: requestTimeoutMs,
  });
  const clients = new ClientPool({
    limiters,
    sandbox: sandboxHost,
    timeoutMs: requestTimeoutMs,
    onRequest: requestLogger(tagged(log, 'request')),
  });
  const accounts = new AccountStore(context.globalState, context.secrets);
  const questions: AccountQuestions = { prompts: modalPrompts };
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
  // The one writer of since when a transaction is in its status on an account: every record fetched passes the store.
  const sightings = new AccountSightings(context.globalState);
  const sighted = store.onDidSeeRecords(({ target, records }) => sightings.note(target, records));
  context.subscriptions.push(
    channel,
    environment,
    { dispose: () => store.dispose() },
    environment.onDidReset(() => store.clear()),
    sighted,
  );

  running = environment;
  const sandboxSecrets = new Map<string, 'private-key' | 'api-key' | 'signature'>();
  if (context.extensionMode === vscode.ExtensionMode.Test)
    sandboxHost.secretWitness = (kind, value) => sandboxSecrets.set(value, kind);
  // Not awaited: reading the accounts and keys (SecretStorage) finishes after activation; requests wait for it.
  const ready = environment
    .initialize()
    .catch((error: unknown) => tagged(log, 'activation').error(`reading the accounts failed: ${errorText(error)}`));
  const accountsPart = registerAccounts(context, {
    environment,
    sandboxHost,
    log: tagged(log, 'accounts'),
    showLog: () => channel.show(true),
  });
  const lookup = registerLookup(context, { store, environment, sandboxHost, log, sightings });
  const details = registerDetails(context, {
    store,
    environment,
    messages: lookup.messages,
    log: tagged(log, 'details'),
    chooseId: async (silent) => (await lookup.load()).chooseId(silent, vscode.l10n.t('Show Transaction Details')),
  });
  const watchPart = registerWatch(context, {
    store,
    environment,
    clients,
    log: tagged(log, 'watch'),
    idInEditor: () => lookup.idInEditor(),
    choices: lookup.choices,
  });
  const transactionsPart = registerTransactions(context, {
    store,
    environment,
    sandboxHost,
    sightings,
    log: tagged(log, 'transactions'),
    choices: lookup.choices,
  });
  const pairLimits = registerPairLimits(context, { environment, log });
  const requests = registerRequests(context, { environment, questions, clients, sandboxHost, log });
  const sandbox = registerBuiltInSandbox(context, {
    environment,
    sandboxHost,
    clients,
    store,
    log: tagged(log, 'sandbox'),
    choices: lookup.choices,
    openRequest: (text) => requests.openUntitled(text),
  });
  const agents = registerAgentRegistration(context, { environment, sandboxHost, store, sightings, log });
  const forward = registerForwardSession(context, { environment, store, log: tagged(log, 'forward') });

  void ready.then(() => {
    tagged(log, 'activation').info(`accounts read: using the ${environment.kind}`);
    if (environment.kind === 'sandbox') sandboxHost.prepareKeyPair();
  });
  const testHooks =
    context.extensionMode === vscode.ExtensionMode.Test
      ? { secrets: context.secrets, globalState: context.globalState, sandboxSecrets }
      : undefined;
  return {
    environment,
    sandboxHost,
    questions,
    ...accountsPart,
    store,
    log,
    hover: lookup.hover,
    get details() {
      return loadedPart(details.current, 'details documents');
    },
    choices: lookup.choices,
    get lookup() {
      return loadedPart(lookup.lookup, 'lookup');
    },
    get watch() {
      return loadedPart(watchPart.current, 'watch');
    },
    get transactions() {
      return loadedPart(transactionsPart.current, 'Transactions view');
    },
    pairLimits,
    requests,
    sandbox,
    ...agents,
    forward,
    ready,
    loaded: async () => {
      await Promise.all([lookup.load(), details.load(), watchPart.load(), transactionsPart.load()]);
    },
    get partsLoaded() {
      return [
        ...(details.current ? ['details'] : []),
        ...(lookup.lookup ? ['lookup'] : []),
        ...(transactionsPart.current ? ['transactions'] : []),
        ...(watchPart.current ? ['watch'] : []),
      ];
    },
    ...(testHooks ? { testHooks } : {}),
  };
}

/** A part of the API loaded on first use: it, or an error saying to load it first. */
function loadedPart<T>(part: T | undefined, name: string): T {
  if (part === undefined) throw new Error(`the ${name} loads on first use: await api.loaded() first`);
  return part;
}

let running: EnvironmentService | undefined;

/** Waits for the sandbox to close; everything else is released through context.subscriptions. */
export async function deactivate(): Promise<void> {
  await running?.shutdown();
  running = undefined;
}
