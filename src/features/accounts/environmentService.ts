/** Where requests go, and the connection for it; any change ends the old clients and fires `onDidReset`. */
import type { SandboxHost } from '../builtInSandbox/sandboxHost';
import * as vscode from 'vscode';
import { CancelledError } from '../../api';
import type { ExchangeClient } from '../../api';
import { tagged } from '../common/log';
import { legacyBaseUrl, requestTimeoutMs } from '../common/settings';
import type { Logger } from '../common/log';
import type { Account, Resolution } from '../common/accounts';
import { accountSummary, resolveTarget } from './accountModel';
import { hostOf } from '../common/accounts';
import type { AccountStore } from './accountStore';
import type { ClientPool } from './clientPool';
import type { Connection, EnvironmentKind, EnvironmentState } from '../common/environmentDeps';
import { AccountAccessError } from '../common/accountAccessError';
import type { HostApproval } from './hostApproval';
import { errorText } from '../../shared/errorText';

export interface EnvironmentServiceDeps {
  readonly accounts: AccountStore;
  readonly sandboxHost: SandboxHost;
  readonly clients: ClientPool;
  readonly approval: HostApproval;
  readonly log: Logger;
}

export class EnvironmentService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<EnvironmentState>();
  private readonly reset_ = new vscode.EventEmitter<EnvironmentState>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly log: Logger;
  private readonly clients: ClientPool;
  private readonly sandboxHost: SandboxHost;
  private active: Promise<Connection> | undefined;
  private resolution: Resolution = { kind: 'sandbox' };
  /** The chosen account as the last reset read it: what the current connection is for. */
  private resolvedAccount: Account | undefined;
  private keysUsable = false;
  private disposed = false;
  /** What the current client was made for, and what the UI last showed. */
  private connectionKey: string | undefined;
  private shown: string | undefined;
  private resetting: Promise<void> = Promise.resolve();

  readonly accounts: AccountStore;

  /** Fires when anything shown about the environment changed (including the sandbox starting). */
  readonly onDidChange = this.changed.event;
  /** Fires after where requests go or how they are signed changed: records fetched before are stale. */
  readonly onDidReset = this.reset_.event;

  constructor(private readonly deps: EnvironmentServiceDeps) {
    ({ accounts: this.accounts, clients: this.clients, sandboxHost: this.sandboxHost } = deps);
    this.log = tagged(deps.log, 'environment');
    this.disposables.push(
      this.sandboxHost.onDidChange(() => this.changed.fire(this.state)),
      // "Sandbox: Reset": records fetched from the old ledger are dropped.
      this.sandboxHost.onDidResetLedger(() => {
        if (this.kind === 'sandbox') this.reset_.fire(this.state);
      }),
      this.changed,
      this.reset_,
      this.accounts,
      this.accounts.onDidChange(() => void this.reset('accounts changed')),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.reset('the workspace was trusted')),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('exchangeTx.requestTimeoutSeconds')) void this.reset('settings changed');
      }),
    );
  }

  /** Migrates old keys, then reads accounts and keys once; client() waits for it. */
  async initialize(): Promise<void> {
    await this.queued(async () => {
      await this.migrateLegacyKeys();
      return this.resetNow('accounts or settings changed');
    });
  }

  private async migrateLegacyKeys(): Promise<void> {
    try {
      const migrated = await this.accounts.migrate(legacyBaseUrl());
      if (migrated) this.log.info(`the saved keys became the account "${migrated.name}" (${hostOf(migrated.baseUrl)})`);
    } catch (error) {
      this.log.warn(`the saved keys could not be moved into an account: ${errorText(error)}`);
    }
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
      account: account ? accountSummary(account) : undefined,
      reason: this.resolution.reason,
      restricted: !vscode.workspace.isTrusted,
    };
  }

  /** Chooses `sandbox`, an account's id, or `live`; an account's host is asked again after a no. */
  async choose(target: string): Promise<void> {
    let id = target;
    if (target === 'live') id = this.chosenAccount()?.id ?? this.accounts.accounts[0]?.id ?? 'sandbox';
    const account = id === 'sandbox' ? undefined : this.accounts.get(id);
    if (id !== 'sandbox' && !account)
      throw new AccountAccessError('missing', vscode.l10n.t('That account no longer exists.'));
    if (account) await this.deps.approval.askAgain(account);
    if (this.accounts.active !== id) await this.accounts.setActive(id);
    await this.reset(`chose ${account ? `the account "${account.name}"` : 'the sandbox'}`);
  }

  /** The client for where requests go now, made on first need. */
  async client(): Promise<ExchangeClient> {
    return (await this.connection()).client;
  }

  /** The client for where requests go now, with what it is for (read once: a switch may follow). */
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

  /** A client of account `id` although another may be in use ("Send Again"), with the same checks. */
  async accountConnection(id: string, options: { readonly ask?: boolean } = {}): Promise<Connection> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    await this.resetting;
    if (this.kind === 'live' && this.resolvedAccount?.id === id) return this.connection();
    const { account, credentials } = await this.deps.approval.usable(id);
    return this.clients.otherAccount(account, credentials, async () => {
      const connectionKey = this.connectionKey;
      await this.deps.approval.approve(account, options.ask !== false);
      // The user may have switched while the question was open.
      if (this.connectionKey !== connectionKey) throw new CancelledError();
    });
  }

  /** Where requests go now, as a watch remembers it: `sandbox` or the account's id. */
  get target(): string {
    return this.kind === 'live' && this.resolvedAccount ? this.resolvedAccount.id : 'sandbox';
  }

  dispose(): void {
    void this.shutdown();
  }

  /** Stops the clients and the sandbox; resolves when the sandbox is closed. */
  async shutdown(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.active = undefined;
    this.clients.dispose();
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
    const timeoutMs = requestTimeoutMs();
    const account = this.resolvedAccount;
    if (this.kind === 'live' && account) {
      const credentials = await this.accounts.credentials(account.id);
      if (credentials) {
        const connection = this.connectionKey;
        await this.deps.approval.approve(account);
        // The user may have switched while the question was open.
        if (this.connectionKey !== connection) throw new CancelledError();
        await this.stopSandbox();
        this.log.info(`using the account "${account.name}" at ${hostOf(account.baseUrl)}`);
        return this.clients.open(account.baseUrl, credentials, accountSummary(account), timeoutMs);
      }
    }
    const { sandbox, credentials } = await this.sandboxHost.start();
    return this.clients.open(sandbox.url, credentials, undefined, timeoutMs);
  }

  /** Stops the sandbox as a reload does (ledger kept, port and key forgotten); drops its records. */
  async restartSandbox(): Promise<void> {
    const wasInUse = this.kind === 'sandbox';
    if (wasInUse) {
      this.active = undefined;
      this.clients.disposeCurrent();
    }
    this.clients.endSandboxClient();
    await this.sandboxHost.stop({ asReload: true });
    this.log.info('sandbox stopped: a new one on next use');
    if (wasInUse) this.reset_.fire(this.state);
    this.changed.fire(this.state);
  }

  /** Stops the built-in sandbox while an account is used; it comes back on its port with its key. */
  private stopSandbox(): Promise<void> {
    this.clients.endSandboxClient();
    return this.sandboxHost.stop();
  }

  /** Re-reads accounts, keys and settings, queued; only a real change drops the client and fires `onDidReset`. */
  private reset(reason: string): Promise<EnvironmentState> {
    return this.queued(() => this.resetNow(reason));
  }

  /** Runs `work` after the resets before it; the next waits for it, whatever its outcome. */
  private queued(work: () => Promise<EnvironmentState>): Promise<EnvironmentState> {
    const next = this.resetting.then(work);
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
    this.resolution = resolveTarget(this.chosen, account, vscode.workspace.isTrusted, this.keysUsable);
    this.resolvedAccount = account;
    const kind = this.resolution.kind;
    const connection =
      kind === 'live' && account
        ? `live|${account.id}|${account.baseUrl}|${keys?.credentials?.apiKey ?? ''}|${requestTimeoutMs()}`
        : `sandbox|${requestTimeoutMs()}`;
    const shown = `${connection}|${this.chosen}|${account?.name ?? ''}|${this.keysUsable}|${this.resolution.reason ?? ''}`;
    // The state and the reset change with no wait between: who sees the new state sees no old record.
    const changedConnection = connection !== this.connectionKey;
    if (changedConnection) {
      const first = this.connectionKey === undefined;
      this.connectionKey = connection;
      this.active = undefined;
      this.clients.disposeCurrent();
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
