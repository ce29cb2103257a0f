/**
 * Where requests go, and the one client (with its account's rate limiter) for it.
 *
 * - **sandbox**: the built-in simulation from `src/sandbox`, started in this process on 127.0.0.1
 *   on first use (its life is `SandboxHost`'s, in features/sandbox/sandboxHost.ts).
 * - **an account** (`live`): the account's address with its key, from user-level storage only.
 *   Used only in a trusted workspace, only with usable keys, only to an address the endpoint
 *   policy allows (https, or http to this machine), and only after the user said yes, once per
 *   account and host, to "Send signed requests for account X to host Y?".
 *
 * Whenever where requests go or how they are signed changes, the old client is disposed (its
 * queued calls and retries end: nothing more is signed with the old key) and `onDidReset` fires.
 */
import * as vscode from 'vscode';
import { CancelledError, checkEndpoint, RateLimiter } from '../../api';
import type { Credentials, ExchangeClient, RequestOptions, TransactionRecord } from '../../api';
import type { FaultOptions, Sandbox } from '../../sandbox';
import type { SkippableClock } from '../../shared/skippableClock';
import { SandboxHost } from '../sandbox/sandboxHost';
import type { RunningSandbox, SecretWitness } from '../sandbox/sandboxHost';
import type { SandboxControlClient } from '../../api/sandboxControl';
import { loadClient } from './loadClient';
import type { ClientCode } from './loadClient';
import { requestLogger, tagged } from '../log';
import { readSetting } from '../settings';
import type { Logger } from '../log';
import type { Account, Resolution } from './accountModel';
import { DEFAULT_BASE_URL, hostDecision, hostOf, originOf, resolveTarget } from './accountModel';
import { AccountStore } from './accountStore';
import { AccountAccessError } from './accessError';
import { modalPrompts } from './accountPrompts';
import type { AccountPrompts, WorkspaceTrust } from './accountPrompts';
import { errorText } from '../../shared/errorText';

export type EnvironmentKind = 'sandbox' | 'live';

export interface AccountSummary {
  readonly id: string;
  readonly name: string;
  /** `host[:port]` of its address. */
  readonly host: string;
  readonly baseUrl: string;
}

export interface EnvironmentState {
  /** Where requests go. */
  readonly kind: EnvironmentKind;
  /** What the user chose: `sandbox` or an account's id. */
  readonly chosen: string;
  /** Whether the chosen account has usable keys. */
  readonly hasCredentials: boolean;
  /** The address requests go to (the sandbox's once it runs). */
  readonly baseUrl: string | undefined;
  /** The chosen account, when one is. */
  readonly account: AccountSummary | undefined;
  /** Why the sandbox is used although an account was chosen. */
  readonly reason: Resolution['reason'];
  /** Whether the workspace is in Restricted Mode (accounts are off). */
  readonly restricted: boolean;
}

/** A client and where it sends: fixed when it is made (a switch makes a new one and ends this one). */
export interface Connection {
  readonly kind: EnvironmentKind;
  readonly client: ExchangeClient;
  /** The account it signs for (undefined for the sandbox). */
  readonly account: AccountSummary | undefined;
  /**
   * Cuts the API key it signs with out of a text, by value (any shape: split, any case, a part):
   * for what leaves the extension toward a model. The key stays in this closure.
   */
  readonly redact?: (text: string) => string;
}

export class EnvironmentService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<EnvironmentState>();
  private readonly reset_ = new vscode.EventEmitter<EnvironmentState>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly log: Logger;
  private readonly requestLog: ReturnType<typeof requestLogger>;
  private active: Promise<Connection> | undefined;
  /** The client of "sandbox only" work (New Transaction), whatever the environment: never an account's. */
  private sandboxOnly: { readonly url: string; readonly apiKey: string; readonly client: ExchangeClient } | undefined;
  /** Clients of accounts not in use (a watch made there, Send Again), kept until anything changes. */
  private readonly otherAccounts = new Map<string, { readonly made: string; readonly connection: Connection }>();
  /** Every client made for the current connection (disposed together when it changes). */
  private clients: ExchangeClient[] = [];
  /** The built-in sandbox's life: start, stop, key, port, faults. */
  readonly sandboxHost: SandboxHost;
  /** One limiter per API key, kept across clients and switches, so a new client inherits the recent calls. */
  private readonly limiters = new Map<string, RateLimiter>();
  /** Hosts the user dismissed the question for in this session (`id|origin`): not asked again until chosen again. */
  private readonly dismissed = new Set<string>();
  private resolution: Resolution = { kind: 'sandbox' };
  /** The chosen account as the last reset read it: what the current connection is for. */
  private resolvedAccount: Account | undefined;
  private keysUsable = false;
  private disposed = false;
  /** What the current client was made for, and what the UI last showed. */
  private connectionKey: string | undefined;
  private shown: string | undefined;
  private resetting: Promise<void> = Promise.resolve();

  /** The user's accounts. */
  readonly accounts: AccountStore;
  /** The questions asked of the user (tests replace them). */
  prompts: AccountPrompts = modalPrompts;

  /** Fires when anything shown about the environment changed (including the sandbox starting). */
  readonly onDidChange = this.changed.event;
  /** Fires after where requests go or how they are signed changed: records fetched before are stale. */
  readonly onDidReset = this.reset_.event;

  constructor(
    memento: vscode.Memento,
    secrets: vscode.SecretStorage,
    channel: Logger,
    private readonly trust: WorkspaceTrust = vscode.workspace,
  ) {
    this.log = tagged(channel, 'environment');
    this.requestLog = requestLogger(tagged(channel, 'request'));
    this.accounts = new AccountStore(memento, secrets);
    this.sandboxHost = new SandboxHost({
      secrets,
      state: memento,
      log: tagged(channel, 'sandbox'),
      limiterFor: (apiKey) => this.limiterFor(apiKey),
      timeoutMs: timeoutSetting,
    });
    this.disposables.push(
      this.sandboxHost.onDidChange(() => this.changed.fire(this.state)),
      this.changed,
      this.reset_,
      this.accounts,
      this.accounts.onDidChange(() => void this.reset('accounts changed')),
      trust.onDidGrantWorkspaceTrust(() => void this.reset('the workspace was trusted')),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('exchangeTx.requestTimeoutSeconds')) void this.reset('settings changed');
      }),
    );
  }

  /**
   * Moves keys saved by the previous version into an account, then reads the accounts and keys
   * once. Activation does not wait for it: until it is done the state is the sandbox's, and
   * client() waits for it (it is the first reset), so no request goes out before the accounts
   * were read.
   */
  initialize(): Promise<void> {
    const done = this.resetting.then(async () => {
      await this.migrateLegacyKeys();
      await this.resetNow('accounts or settings changed');
    });
    this.resetting = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  private async migrateLegacyKeys(): Promise<void> {
    try {
      const migrated = await this.accounts.migrate(legacyBaseUrl());
      if (migrated) this.log.info(`the saved keys became the account "${migrated.name}" (${hostOf(migrated.baseUrl)})`);
    } catch (error) {
      this.log.warn(`the saved keys could not be moved into an account: ${errorText(error)}`);
    }
  }

  /** The clock of the built-in sandbox: real time that tests may skip ahead. */
  get sandboxClock(): SkippableClock {
    return this.sandboxHost.clock;
  }

  /**
   * Set only when the extension runs its tests: told the built-in sandbox's keys and every
   * signature it receives, so the test run's secret scan can look for them.
   */
  get secretWitness(): SecretWitness | undefined {
    return this.sandboxHost.secretWitness;
  }

  set secretWitness(witness: SecretWitness | undefined) {
    this.sandboxHost.secretWitness = witness;
  }

  get chosen(): string {
    return this.accounts.active;
  }

  get kind(): EnvironmentKind {
    return this.resolution.kind;
  }

  get state(): EnvironmentState {
    const account = this.resolvedAccount;
    return {
      kind: this.kind,
      chosen: this.chosen,
      hasCredentials: this.keysUsable,
      baseUrl: this.kind === 'live' ? account?.baseUrl : this.sandboxHost.sandbox?.url,
      account: account ? summary(account) : undefined,
      reason: this.resolution.reason,
      restricted: !this.trust.isTrusted,
    };
  }

  /** The built-in sandbox if it is running (tests drive its ledger and faults through it). */
  get sandbox(): Sandbox | undefined {
    return this.sandboxHost.sandbox;
  }

  /**
   * Chooses where requests go: `sandbox`, an account's id, or `live` (the chosen account if one
   * is, else the first). Choosing an account asks about its host again if the user said no before.
   */
  async choose(target: string): Promise<void> {
    let id = target;
    if (target === 'live') id = this.chosenAccount()?.id ?? this.accounts.accounts[0]?.id ?? 'sandbox';
    const account = id === 'sandbox' ? undefined : this.accounts.get(id);
    if (id !== 'sandbox' && !account)
      throw new AccountAccessError('missing', vscode.l10n.t('That account no longer exists.'));
    if (account) {
      const origin = originOf(account.baseUrl) ?? '';
      this.dismissed.delete(`${account.id}|${origin}`);
      if (hostDecision(account) === false) await this.accounts.decideHost(account.id, undefined);
    }
    if (this.accounts.active !== id) await this.accounts.setActive(id);
    await this.reset(`chose ${account ? `the account "${account.name}"` : 'the sandbox'}`);
  }

  /** The client for where requests go now, made on first need. */
  async client(): Promise<ExchangeClient> {
    return (await this.connection()).client;
  }

  /**
   * The client for where requests go now with what it is for (the sandbox, or which account): a
   * caller that asks the user about a request names the target from here, not from `state`, which
   * a switch may have changed in between.
   */
  async connection(): Promise<Connection> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    // A reset in progress decides the connection first.
    await this.resetting;
    this.active ??= this.connect();
    const active = this.active;
    try {
      return await active;
    } catch (error) {
      if (this.active === active) this.active = undefined;
      throw error;
    }
  }

  /**
   * A client of the built-in sandbox whatever the environment (started if needed): work that
   * belongs to the sandbox (New Transaction) uses it, so a switch to an account while it runs can
   * never send its requests there. Ended when the sandbox stops.
   */
  async sandboxClient(): Promise<ExchangeClient> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    const { ExchangeClient } = await loadClient();
    const { sandbox, credentials } = await this.sandboxHost.start();
    const kept = this.sandboxOnly;
    if (kept && kept.url === sandbox.url && kept.apiKey === credentials.apiKey) return kept.client;
    kept?.client.dispose();
    const client = new ExchangeClient({
      baseUrl: sandbox.url,
      credentials,
      timeoutMs: timeoutSetting(),
      limiter: this.limiterFor(credentials.apiKey),
      onRequest: this.requestLog,
    });
    this.sandboxOnly = { url: sandbox.url, apiKey: credentials.apiKey, client };
    return client;
  }

  /**
   * A client of the account `id` although another target may be in use ("Send Again" of a History
   * entry to where it went): only in a trusted workspace, with usable keys, after the user's yes
   * for its host, as for the account in use. Ended, like every client, when anything changes.
   */
  async accountConnection(id: string, options: { readonly ask?: boolean } = {}): Promise<Connection> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    await this.resetting;
    if (this.kind === 'live' && this.resolvedAccount?.id === id) return this.connection();
    const account = this.accounts.get(id);
    if (!account) throw new AccountAccessError('missing', vscode.l10n.t('That account no longer exists.'));
    if (!this.trust.isTrusted)
      throw new AccountAccessError(
        'declined',
        vscode.l10n.t('This workspace is in Restricted Mode: accounts are off.'),
      );
    const credentials = await this.accounts.credentials(account.id);
    if (!credentials)
      throw new AccountAccessError(
        'declined',
        vscode.l10n.t('The account "{0}" has no usable API keys.', account.name),
      );
    // Kept for the address and key it was made with: a reset for the account in use does not see
    // another account's new key or address, so the kept client is checked against them here.
    const made = `${account.baseUrl}|${credentials.apiKey}`;
    const kept = this.otherAccounts.get(id);
    if (kept?.made === made) return kept.connection;
    kept?.connection.client.dispose();
    const code = await loadClient();
    const connectionKey = this.connectionKey;
    await this.approve(account, options.ask !== false);
    if (this.connectionKey !== connectionKey) throw new CancelledError();
    const connection: Connection = {
      kind: 'live',
      client: this.makeClient(code, account.baseUrl, credentials, timeoutSetting()),
      account: summary(account),
      redact: code.valueRedactor([credentials.apiKey]),
    };
    this.otherAccounts.set(id, { made, connection });
    return connection;
  }

  /** Where requests go now, as a watch remembers it: `sandbox` or the account's id. */
  get target(): string {
    return this.kind === 'live' && this.resolvedAccount ? this.resolvedAccount.id : 'sandbox';
  }

  /** "Sandbox" or the account's name (a removed account says so). */
  targetLabel(target: string): string {
    if (target === 'sandbox') return vscode.l10n.t('Sandbox');
    return this.accounts.get(target)?.name ?? vscode.l10n.t('a removed account');
  }

  /**
   * The records of `ids` on `target` (`sandbox` or an account's id) although another may be in
   * use, asking the user nothing: an account is used only when its host was allowed before.
   */
  async recordsOn(
    target: string,
    ids: readonly string[],
    options: RequestOptions = {},
  ): Promise<Map<string, TransactionRecord>> {
    const client =
      target === 'sandbox' ? await this.sandboxClient() : (await this.accountConnection(target, { ask: false })).client;
    return client.getTransactionsByIds(ids, options);
  }

  /** Starts the sandbox now (if not running) and returns it. */
  async ensureSandbox(): Promise<Sandbox> {
    return (await this.sandboxHost.start()).sandbox;
  }

  dispose(): void {
    void this.shutdown();
  }

  /** Stops the clients and the sandbox; resolves when the sandbox is closed. */
  async shutdown(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.active = undefined;
    this.disposeClients();
    this.endSandboxClient();
    for (const limiter of this.limiters.values()) limiter.dispose();
    for (const d of this.disposables) d.dispose();
    await this.sandboxHost.shutdown();
  }

  /** Re-reads the accounts, keys and settings; resets the client if the connection changed. */
  refresh(): Promise<EnvironmentState> {
    return this.reset('accounts or settings changed');
  }

  private chosenAccount(): Account | undefined {
    const chosen = this.chosen;
    return chosen === 'sandbox' ? undefined : this.accounts.get(chosen);
  }

  private async connect(): Promise<Connection> {
    // Loaded before anything is decided, so no wait falls between a decision and the client made for it.
    const code = await loadClient();
    const timeoutMs = timeoutSetting();
    const account = this.resolvedAccount;
    if (this.kind === 'live' && account) {
      const credentials = await this.accounts.credentials(account.id);
      if (credentials) {
        const connection = this.connectionKey;
        await this.approve(account);
        // The user may have switched while the question was open.
        if (this.connectionKey !== connection) throw new CancelledError();
        await this.stopSandbox();
        this.log.info(`using the account "${account.name}" at ${hostOf(account.baseUrl)}`);
        return {
          kind: 'live',
          client: this.makeClient(code, account.baseUrl, credentials, timeoutMs),
          account: summary(account),
          redact: code.valueRedactor([credentials.apiKey]),
        };
      }
    }
    const { sandbox, credentials } = await this.sandboxHost.start();
    return {
      kind: 'sandbox',
      client: this.makeClient(code, sandbox.url, credentials, timeoutMs),
      account: undefined,
      redact: code.valueRedactor([credentials.apiKey]),
    };
  }

  /** Checks the address and the user's answer for its host; asks once. Throws when not allowed. */
  private async approve(account: Account, ask = true): Promise<void> {
    // Throws InsecureEndpointError (or a TransportError for no URL at all) before anything is asked or sent.
    checkEndpoint(account.baseUrl);
    const host = hostOf(account.baseUrl);
    const declined = () =>
      new AccountAccessError(
        'declined',
        vscode.l10n.t(
          'Signed requests for account "{0}" to host {1} are not allowed. Choose the account again to be asked again.',
          account.name,
          host,
        ),
      );
    const decision = hostDecision(account);
    if (decision === true) return;
    const key = `${account.id}|${originOf(account.baseUrl) ?? ''}`;
    if (decision === false || this.dismissed.has(key) || !ask) throw declined();
    const answer = await this.prompts.confirmHost(account.name, host);
    if (answer === undefined) {
      this.dismissed.add(key);
      throw declined();
    }
    await this.accounts.decideHost(account.id, answer);
    this.log.info(`${answer ? 'allowed' : 'refused'} signed requests for "${account.name}" to ${host}`);
    if (!answer) throw declined();
  }

  private limiterFor(apiKey: string): RateLimiter {
    let limiter = this.limiters.get(apiKey);
    if (!limiter) {
      limiter = new RateLimiter();
      this.limiters.set(apiKey, limiter);
    }
    return limiter;
  }

  private makeClient(
    { ExchangeClient }: ClientCode,
    baseUrl: string,
    credentials: Credentials,
    timeoutMs: number,
  ): ExchangeClient {
    const limiter = this.limiterFor(credentials.apiKey);
    const client = new ExchangeClient({ baseUrl, credentials, timeoutMs, limiter, onRequest: this.requestLog });
    this.clients.push(client);
    return client;
  }

  private disposeClients(): void {
    this.otherAccounts.clear();
    for (const client of this.clients.splice(0)) client.dispose();
  }

  /** Sets the built-in sandbox's faults (starting it if needed); the status item shows them. */
  async setSandboxFaults(faults: FaultOptions): Promise<void> {
    await this.sandboxHost.setFaults(faults);
  }

  /**
   * "Sandbox: Reset": the built-in sandbox starts a new ledger (no faults; the user's own
   * transactions kept in it when asked), through its control endpoint; records fetched from the
   * old one are dropped. Resolves with how many own transactions were kept.
   */
  async resetSandbox(keepOwn = false): Promise<number> {
    const kept = await this.sandboxHost.resetLedger(keepOwn);
    if (this.kind === 'sandbox') this.reset_.fire(this.state);
    return kept;
  }

  /** The signed client of the built-in sandbox's control endpoint (the sandbox started if needed). */
  async sandboxControl(): Promise<SandboxControlClient> {
    return (await this.sandboxHost.start()).control;
  }

  /**
   * Stops the built-in sandbox as a reload does (its ledger kept; its port and key pair of this
   * window forgotten); the next use starts a new one, on the port of the setting (any free one
   * without it) and with a new key unless a stable key is set. Records fetched from the old one
   * are dropped.
   */
  async restartSandbox(): Promise<void> {
    const wasInUse = this.kind === 'sandbox';
    if (wasInUse) {
      this.active = undefined;
      this.disposeClients();
    }
    this.endSandboxClient();
    await this.sandboxHost.stop({ asReload: true });
    this.log.info('sandbox stopped: a new one on next use');
    if (wasInUse) this.reset_.fire(this.state);
    this.changed.fire(this.state);
  }

  /**
   * The key requests are signed with now, as saved (PEM or hex text), where they go, and the
   * target's name; undefined text when the chosen account has no key. For Explain Signature and
   * Diagnose Keys: the text stays in memory and is never shown whole.
   */
  async signingKey(): Promise<{
    readonly text: string | undefined;
    readonly kind: EnvironmentKind;
    readonly target: string;
    readonly baseUrl: string | undefined;
  }> {
    const account = this.chosenAccount();
    if (account && !this.state.restricted)
      return {
        text: await this.accounts.keyText(account.id),
        kind: 'live',
        target: account.name,
        baseUrl: account.baseUrl,
      };
    const { sandbox, keyText } = await this.sandboxHost.start();
    return { text: keyText, kind: 'sandbox', target: vscode.l10n.t('Sandbox'), baseUrl: sandbox.url };
  }

  /** The running sandbox with its key, started if needed (for "Copy Sandbox Connection"). */
  runningSandbox(): Promise<RunningSandbox> {
    return this.sandboxHost.start();
  }

  /** Stops the built-in sandbox while an account is used; it comes back on its port with its key. */
  private stopSandbox(): Promise<void> {
    this.endSandboxClient();
    return this.sandboxHost.stop();
  }

  private endSandboxClient(): void {
    this.sandboxOnly?.client.dispose();
    this.sandboxOnly = undefined;
  }

  /**
   * Re-reads accounts, keys and settings. Only a change of where requests go or how they are
   * signed drops the client and fires `onDidReset`; a repeated notice of the same change does not.
   * One at a time: a reset that finds nothing changed must not return while an earlier one is
   * still dropping the old client (its caller would go on with stale records).
   */
  private reset(reason: string): Promise<EnvironmentState> {
    const next = this.resetting.then(() => this.resetNow(reason));
    this.resetting = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async resetNow(reason: string): Promise<EnvironmentState> {
    if (this.disposed) return this.state;
    const account = this.chosenAccount();
    const keys = account ? await this.accounts.keys(account.id) : undefined;
    this.keysUsable = keys?.state === 'usable';
    this.resolution = resolveTarget(this.chosen, account, this.trust.isTrusted, this.keysUsable);
    this.resolvedAccount = account;
    const kind = this.resolution.kind;
    const connection =
      kind === 'live' && account
        ? `live|${account.id}|${account.baseUrl}|${keys?.credentials?.apiKey ?? ''}|${timeoutSetting()}`
        : `sandbox|${timeoutSetting()}`;
    const shown = `${connection}|${this.chosen}|${account?.name ?? ''}|${this.keysUsable}|${this.resolution.reason ?? ''}`;
    // The state and the reset change together, with no wait in between: whoever sees the new
    // state starts after the old records were dropped.
    const changedConnection = connection !== this.connectionKey;
    if (changedConnection) {
      const first = this.connectionKey === undefined;
      this.connectionKey = connection;
      this.active = undefined;
      this.disposeClients();
      if (!first) {
        this.log.info(
          `${reason}: now using ${kind === 'live' && account ? `the account "${account.name}"` : 'the sandbox'}`,
        );
        this.reset_.fire(this.state);
      }
    }
    await this.updateContext();
    if (changedConnection && kind === 'live') await this.stopSandbox();
    if (shown !== this.shown) {
      this.shown = shown;
      this.changed.fire(this.state);
    }
    return this.state;
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'exchangeTx.hasCredentials', this.keysUsable);
    await vscode.commands.executeCommand('setContext', 'exchangeTx.hasAccounts', this.accounts.accounts.length > 0);
    await vscode.commands.executeCommand('setContext', 'exchangeTx.environment', this.kind);
  }
}

function summary(account: Account): AccountSummary {
  return { id: account.id, name: account.name, host: hostOf(account.baseUrl), baseUrl: account.baseUrl };
}

/**
 * `exchangeTx.baseUrl` as the user (never a workspace) set it: the address the previous version
 * used, and the default address of a new account.
 */
export function legacyBaseUrl(): string {
  const value = readSetting('exchangeTx.baseUrl').trim();
  return value || DEFAULT_BASE_URL;
}

/** `exchangeTx.requestTimeoutSeconds` in ms (1–120 s; a wrong value gives the default, said in the log). */
function timeoutSetting(): number {
  return readSetting('exchangeTx.requestTimeoutSeconds') * 1000;
}
