/**
 * Which service the extension talks to, and the one client (with its one rate limiter) for it.
 *
 * - **sandbox**: the built-in simulation from `src/sandbox`, started in this process on 127.0.0.1
 *   on first use, with a key pair of its own, its lifecycle running in real time. Stopped when
 *   the live service is chosen and when the extension is deactivated.
 * - **live**: `exchangeTx.baseUrl` with the keys saved in SecretStorage.
 *
 * With no keys saved the sandbox is used whatever was chosen. A change of environment, keys or
 * settings fires `onDidChange` so every feature starts afresh.
 */
import * as vscode from 'vscode';
import { ExchangeClient, RateLimiter, generateKeys, loadCredentials } from '../../api';
import type { Credentials } from '../../api';
import { SkippableClock, startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import type { CredentialStore } from '../credentials/credentialStore';
import { requestLogger, tagged } from '../log';
import type { Logger } from '../log';

export type EnvironmentKind = 'sandbox' | 'live';

const CHOSEN_KEY = 'exchangeTx.environment';
export const DEFAULT_BASE_URL = 'https://api.changelly.com';

export interface EnvironmentState {
  /** The environment in use. */
  readonly kind: EnvironmentKind;
  /** What the user chose; `live` without saved keys still uses the sandbox. */
  readonly chosen: EnvironmentKind;
  readonly hasCredentials: boolean;
  /** The address requests go to (the sandbox's once it runs). */
  readonly baseUrl: string | undefined;
}

interface ActiveClient {
  readonly kind: EnvironmentKind;
  readonly client: ExchangeClient;
}

export class EnvironmentService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<EnvironmentState>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly log: Logger;
  private active: Promise<ActiveClient> | undefined;
  private sandboxStart: Promise<{ sandbox: Sandbox; credentials: Credentials }> | undefined;
  private hasCredentials = false;
  /** One limiter per API key, kept across clients, so a rebuilt client inherits the recent calls. */
  private readonly limiters = new Map<string, RateLimiter>();
  private disposed = false;
  /** The clock of the built-in sandbox: real time that tests may skip ahead. */
  readonly sandboxClock = new SkippableClock();

  private readonly reset_ = new vscode.EventEmitter<EnvironmentState>();
  /** Fires when anything shown about the environment changed (including the sandbox starting). */
  readonly onDidChange = this.changed.event;
  /** Fires after the environment, the keys or the address changed: records fetched before are stale. */
  readonly onDidReset = this.reset_.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly credentials: CredentialStore,
    channel: Logger,
  ) {
    this.log = tagged(channel, 'environment');
    this.requestLog = requestLogger(tagged(channel, 'request'));
    this.disposables.push(
      this.changed,
      this.reset_,
      credentials.onDidChange(() => void this.reset('keys changed')),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('exchangeTx.baseUrl') || e.affectsConfiguration('exchangeTx.requestTimeoutSeconds')) void this.reset('settings changed');
      }),
    );
  }

  private readonly requestLog: ReturnType<typeof requestLogger>;

  /** Reads the saved keys once, so `state` is right before the first request. */
  async initialize(): Promise<void> {
    await this.refresh();
  }

  get chosen(): EnvironmentKind {
    return this.memento.get<EnvironmentKind>(CHOSEN_KEY) === 'live' ? 'live' : 'sandbox';
  }

  get kind(): EnvironmentKind {
    return this.chosen === 'live' && this.hasCredentials ? 'live' : 'sandbox';
  }

  get state(): EnvironmentState {
    return { kind: this.kind, chosen: this.chosen, hasCredentials: this.hasCredentials, baseUrl: this.kind === 'live' ? liveBaseUrl() : this.runningSandbox?.url };
  }

  private runningSandbox: Sandbox | undefined;

  /** The built-in sandbox if it is running (tests drive its ledger and faults through it). */
  get sandbox(): Sandbox | undefined {
    return this.runningSandbox;
  }

  /** Chooses the environment; `live` needs saved keys. */
  async choose(kind: EnvironmentKind): Promise<void> {
    await this.memento.update(CHOSEN_KEY, kind);
    await this.reset(`chose the ${kind}`);
  }

  /** The client of the environment in use, made on first need. */
  async client(): Promise<ExchangeClient> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    this.active ??= this.connect();
    try {
      return (await this.active).client;
    } catch (error) {
      this.active = undefined;
      throw error;
    }
  }

  /** Starts the sandbox now (if not running) and returns it. */
  async ensureSandbox(): Promise<Sandbox> {
    return (await this.startSandbox()).sandbox;
  }

  dispose(): void {
    void this.shutdown();
  }

  /** Stops the clients and the sandbox; resolves when the sandbox is closed. */
  async shutdown(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.active = undefined;
    for (const limiter of this.limiters.values()) limiter.dispose();
    for (const d of this.disposables) d.dispose();
    await this.stopSandbox();
  }

  private async connect(): Promise<ActiveClient> {
    const timeoutMs = timeoutSetting();
    if (this.kind === 'live') {
      const credentials = await this.credentials.get();
      if (credentials) {
        await this.stopSandbox();
        const baseUrl = liveBaseUrl();
        this.log.info(`using the live service at ${baseUrl}`);
        return { kind: 'live', client: this.makeClient(baseUrl, credentials, timeoutMs) };
      }
    }
    const { sandbox, credentials } = await this.startSandbox();
    return { kind: 'sandbox', client: this.makeClient(sandbox.url, credentials, timeoutMs) };
  }

  private makeClient(baseUrl: string, credentials: Credentials, timeoutMs: number): ExchangeClient {
    let limiter = this.limiters.get(credentials.apiKey);
    if (!limiter) {
      limiter = new RateLimiter();
      this.limiters.set(credentials.apiKey, limiter);
    }
    return new ExchangeClient({ baseUrl, credentials, timeoutMs, limiter, onRequest: this.requestLog });
  }

  private startSandbox(): Promise<{ sandbox: Sandbox; credentials: Credentials }> {
    this.sandboxStart ??= (async () => {
      const keys = generateKeys();
      const credentials = loadCredentials(keys.privateKeyHex);
      const sandbox = await startSandbox({ clock: this.sandboxClock, keys: [credentials] });
      this.runningSandbox = sandbox;
      this.log.info(`sandbox started at ${sandbox.url}`);
      this.changed.fire(this.state);
      return { sandbox, credentials };
    })();
    const start = this.sandboxStart;
    start.catch(() => {
      if (this.sandboxStart === start) this.sandboxStart = undefined;
    });
    return start;
  }

  private async stopSandbox(): Promise<void> {
    const start = this.sandboxStart;
    this.sandboxStart = undefined;
    this.runningSandbox = undefined;
    if (!start) return;
    try {
      const { sandbox } = await start;
      await sandbox.stop();
      this.log.info('sandbox stopped');
    } catch {
      // It never started.
    }
  }

  /** Re-reads the saved keys and settings; resets the client if the connection changed. */
  refresh(): Promise<EnvironmentState> {
    return this.reset('keys or settings changed');
  }

  /**
   * Re-reads keys and settings. Only a change of where requests go or how they are signed
   * (environment, address, key, timeout) drops the client and fires `onDidReset`; a repeated
   * notice of the same change (this window's own save, then `secrets.onDidChange`) does not.
   */
  private reset(reason: string): Promise<EnvironmentState> {
    // One at a time: a reset that finds nothing changed must not return while an earlier one is
    // still dropping the old client (its caller would go on with stale records).
    const next = this.resetting.then(() => this.resetNow(reason));
    this.resetting = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private resetting: Promise<void> = Promise.resolve();

  private async resetNow(reason: string): Promise<EnvironmentState> {
    const credentials = await this.credentials.get();
    this.hasCredentials = credentials !== undefined;
    const kind = this.kind;
    const connection = kind === 'live' ? `live|${liveBaseUrl()}|${credentials?.apiKey ?? ''}|${timeoutSetting()}` : `sandbox|${timeoutSetting()}`;
    const shown = `${connection}|${this.chosen}|${this.hasCredentials}`;
    await this.updateContext();
    if (connection !== this.connection) {
      const first = this.connection === undefined;
      this.connection = connection;
      this.active = undefined;
      if (kind === 'live') await this.stopSandbox();
      if (!first) {
        this.log.info(`${reason}: now using the ${kind}`);
        this.reset_.fire(this.state);
      }
    }
    if (shown !== this.shown) {
      this.shown = shown;
      this.changed.fire(this.state);
    }
    return this.state;
  }

  /** What the current client was made for, and what the UI last showed. */
  private connection: string | undefined;
  private shown: string | undefined;

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'exchangeTx.hasCredentials', this.hasCredentials);
    await vscode.commands.executeCommand('setContext', 'exchangeTx.environment', this.kind);
  }
}

function liveBaseUrl(): string {
  const value = vscode.workspace.getConfiguration('exchangeTx').get<string>('baseUrl');
  return value?.trim() ? value.trim() : DEFAULT_BASE_URL;
}

function timeoutSetting(): number {
  const seconds = vscode.workspace.getConfiguration('exchangeTx').get<number>('requestTimeoutSeconds') ?? 15;
  return Math.max(1, seconds) * 1000;
}
