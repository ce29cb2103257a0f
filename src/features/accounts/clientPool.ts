/** The clients, and one rate limiter per API key; a connection's clients end together when it changes. */
import { ExchangeClient, RateLimiter } from '../../api';
import type { Credentials, RequestLogEntry } from '../../api';
import { valueRedactor } from '../../api/valueRedactor';
import { accountSummary } from './accountModel';
import type { Account, AccountSummary } from '../common/accounts';
import type { Connection } from '../common/environmentDeps';

/** One rate limiter per API key, made on first need, kept until disposed. */
export class KeyLimiters {
  private readonly limiters = new Map<string, RateLimiter>();

  /** The limiter of `apiKey` (the same one for every client of the key). */
  for(apiKey: string): RateLimiter {
    let limiter = this.limiters.get(apiKey);
    if (!limiter) {
      limiter = new RateLimiter();
      this.limiters.set(apiKey, limiter);
    }
    return limiter;
  }

  dispose(): void {
    for (const limiter of this.limiters.values()) limiter.dispose();
  }
}

/** The built-in sandbox as the sandbox-only client needs it: started if needed. */
export interface SandboxStart {
  start(): Promise<{ readonly sandbox: { readonly url: string }; readonly credentials: Credentials }>;
}

export interface ClientPoolDeps {
  readonly limiters: KeyLimiters;
  readonly sandbox: SandboxStart;
  readonly timeoutMs: () => number;
  /** Told of every request a client sends (the log). */
  readonly onRequest?: (entry: RequestLogEntry) => void;
}

export class ClientPool {
  /** Every client made for the current connection (disposed together when it changes). */
  private current: ExchangeClient[] = [];
  /** The client of "sandbox only" work, whatever the environment: never an account's. */
  private sandboxOnly: { readonly url: string; readonly apiKey: string; readonly client: ExchangeClient } | undefined;
  /** Clients of accounts not in use (a watch made there, Send Again), kept until anything changes. */
  private readonly otherAccounts = new Map<string, { readonly made: string; readonly connection: Connection }>();
  private disposed = false;

  constructor(private readonly deps: ClientPoolDeps) {}

  /** A connection to `baseUrl` signed with `credentials` for `account`, ended with the current clients. */
  open(baseUrl: string, credentials: Credentials, account: AccountSummary | undefined, timeoutMs: number): Connection {
    const client = this.make(baseUrl, credentials, timeoutMs);
    this.current.push(client);
    return { kind: account ? 'live' : 'sandbox', client, account, redact: valueRedactor([credentials.apiKey]) };
  }

  /** Ends every client of the current connection and of other accounts (the sandbox-only one stays). */
  disposeCurrent(): void {
    this.otherAccounts.clear();
    for (const client of this.current.splice(0)) client.dispose();
  }

  /** A kept connection of an account not in use, if its address and key still hold; else a new one. */
  async otherAccount(account: Account, credentials: Credentials, approve: () => Promise<void>): Promise<Connection> {
    const made = `${account.baseUrl}|${credentials.apiKey}`;
    const kept = this.otherAccounts.get(account.id);
    if (kept?.made === made) return kept.connection;
    kept?.connection.client.dispose();
    this.otherAccounts.delete(account.id);
    await approve();
    const connection = this.open(account.baseUrl, credentials, accountSummary(account), this.deps.timeoutMs());
    this.otherAccounts.set(account.id, { made, connection });
    return connection;
  }

  /** A client of the built-in sandbox whatever the environment: an account switch never gets its requests. */
  async sandboxClient(): Promise<ExchangeClient> {
    if (this.disposed) throw new Error('The extension is shutting down.');
    const { sandbox, credentials } = await this.deps.sandbox.start();
    const kept = this.sandboxOnly;
    if (kept && kept.url === sandbox.url && kept.apiKey === credentials.apiKey) return kept.client;
    kept?.client.dispose();
    const client = this.make(sandbox.url, credentials, this.deps.timeoutMs());
    this.sandboxOnly = { url: sandbox.url, apiKey: credentials.apiKey, client };
    return client;
  }

  endSandboxClient(): void {
    this.sandboxOnly?.client.dispose();
    this.sandboxOnly = undefined;
  }

  /** A client signing with `credentials`, with the limiter of its key. */
  private make(baseUrl: string, credentials: Credentials, timeoutMs: number): ExchangeClient {
    const limiter = this.deps.limiters.for(credentials.apiKey);
    return new ExchangeClient({ baseUrl, credentials, timeoutMs, limiter, onRequest: this.deps.onRequest });
  }

  dispose(): void {
    this.disposed = true;
    this.disposeCurrent();
    this.endSandboxClient();
    this.deps.limiters.dispose();
  }
}
