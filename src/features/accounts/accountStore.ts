/** The user's accounts in `globalState`, each private key in SecretStorage; never in a workspace. */
import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import { loadCredentials } from '../../api';
import type { Credentials } from '../../api';
import type { AccountList } from './accountModel';
import type { Account } from '../common/accounts';
import {
  accountOf,
  dropAccount,
  EMPTY_ACCOUNTS,
  MAX_ACCOUNTS,
  migratedName,
  nameProblem,
  putAccount,
  readAccounts,
  urlProblem,
  withHostDecision,
  writeAccounts,
} from './accountModel';

export const ACCOUNTS_KEY = 'exchangeTx.accounts';
/** Where the previous version kept its one private key, and which environment was chosen. */
export const LEGACY_PRIVATE_KEY = 'exchangeTx.privateKey';
export const LEGACY_CHOSEN_KEY = 'exchangeTx.environment';

const SECRET_PREFIX = 'exchangeTx.account.';
const secretKey = (id: string) => `${SECRET_PREFIX}${id}.privateKey`;

/** Whether an account's saved key can sign: none saved, usable, or saved but unreadable. */
export type KeyState = 'none' | 'usable' | 'unusable';

export interface NewAccount {
  readonly name: string;
  readonly baseUrl: string;
  /** The private key text (hex DER PKCS#8, PEM or base64 DER). */
  readonly privateKey: string;
  /** The API key, checked against the one derived from the private key. */
  readonly apiKey?: string;
}

/** A refused account change, with the field it is about. */
export class AccountInputError extends Error {
  constructor(
    readonly field: 'name' | 'baseUrl' | 'privateKey' | 'account',
    message: string,
  ) {
    super(message);
  }
}

function nameMessage(problem: ReturnType<typeof nameProblem>): string | undefined {
  switch (problem) {
    case undefined:
      return undefined;
    case 'empty':
      return vscode.l10n.t('Give the account a name.');
    case 'too-long':
      return vscode.l10n.t('The name is too long (at most 60 characters).');
    case 'control-characters':
      return vscode.l10n.t('The name contains control characters.');
    case 'taken':
      return vscode.l10n.t('Another account already has this name.');
  }
}

export class AccountStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  private readonly parsed = new Map<string, Promise<{ state: KeyState; credentials?: Credentials }>>();
  /** Writes one at a time, each on the list the previous one left. */
  private writing: Promise<unknown> = Promise.resolve();

  /** Fires when the list, the active account or a key changed (keys: in this window or another). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (!e.key.startsWith(SECRET_PREFIX)) return;
      this.parsed.clear();
      this.changed.fire();
    });
  }

  /** The stored list, read afresh (another window may have written it). */
  get list(): AccountList {
    return readAccounts(this.memento.get<unknown>(ACCOUNTS_KEY));
  }

  get accounts(): readonly Account[] {
    return this.list.accounts;
  }

  get(id: string): Account | undefined {
    return accountOf(this.list, id);
  }

  get active(): string {
    return this.list.active;
  }

  checkName(name: string, selfId?: string): string | undefined {
    return nameMessage(nameProblem(name, this.accounts, selfId));
  }

  checkUrl(baseUrl: string): string | undefined {
    return urlProblem(baseUrl);
  }

  /** Checks everything, then saves the key and the account. Throws an AccountInputError, saving nothing, on bad input. */
  async add(input: NewAccount): Promise<{ account: Account; credentials: Credentials }> {
    const nameError = this.checkName(input.name);
    if (nameError) throw new AccountInputError('name', nameError);
    const urlError = this.checkUrl(input.baseUrl);
    if (urlError) throw new AccountInputError('baseUrl', urlError);
    const credentials = this.parseKey(input.privateKey, input.apiKey);
    if (this.accounts.length >= MAX_ACCOUNTS)
      throw new AccountInputError(
        'account',
        vscode.l10n.t('There are already {0} accounts; remove one first.', MAX_ACCOUNTS),
      );
    const account: Account = { id: randomUUID(), name: input.name.trim(), baseUrl: input.baseUrl.trim(), hosts: {} };
    await this.secrets.store(secretKey(account.id), input.privateKey.trim());
    this.parsed.set(account.id, Promise.resolve({ state: 'usable', credentials }));
    await this.write((list) => putAccount(list, account));
    return { account, credentials };
  }

  /** Renames an account or changes its address (a new host is asked about again). */
  async update(id: string, change: { readonly name?: string; readonly baseUrl?: string }): Promise<Account> {
    const account = this.require(id);
    if (change.name !== undefined) {
      const error = this.checkName(change.name, id);
      if (error) throw new AccountInputError('name', error);
    }
    if (change.baseUrl !== undefined) {
      const error = this.checkUrl(change.baseUrl);
      if (error) throw new AccountInputError('baseUrl', error);
    }
    const next: Account = {
      ...account,
      name: change.name?.trim() ?? account.name,
      baseUrl: change.baseUrl?.trim() ?? account.baseUrl,
    };
    await this.write((list) => putAccount(list, next));
    return next;
  }

  async setKeys(id: string, privateKey: string, apiKey?: string): Promise<Credentials> {
    this.require(id);
    const credentials = this.parseKey(privateKey, apiKey);
    await this.secrets.store(secretKey(id), privateKey.trim());
    this.parsed.set(id, Promise.resolve({ state: 'usable', credentials }));
    this.changed.fire();
    return credentials;
  }

  /** Deletes an account's stored key, whether it still parses or not. */
  async clearKeys(id: string): Promise<void> {
    await this.secrets.delete(secretKey(id));
    this.parsed.set(id, Promise.resolve({ state: 'none' }));
    this.changed.fire();
  }

  async remove(id: string): Promise<void> {
    await this.secrets.delete(secretKey(id));
    this.parsed.delete(id);
    await this.write((list) => dropAccount(list, id));
  }

  async setActive(target: string): Promise<void> {
    if (target !== 'sandbox') this.require(target);
    await this.write((list) => ({ ...list, active: target }));
  }

  /** Remembers the user's answer for sending the account's requests to its current host (undefined: ask again). */
  async decideHost(id: string, allowed: boolean | undefined): Promise<void> {
    await this.write((list) => {
      const account = accountOf(list, id);
      return account ? putAccount(list, withHostDecision(account, allowed)) : list;
    });
  }

  /** The account's key, parsed (cached until a key changes). */
  async keys(id: string): Promise<{ state: KeyState; credentials?: Credentials }> {
    let entry = this.parsed.get(id);
    if (!entry) {
      entry = this.readKey(id);
      this.parsed.set(id, entry);
    }
    return entry;
  }

  /** The key as saved (PEM or hex), for Explain Signature and Diagnose Keys to read its format. */
  async keyText(id: string): Promise<string | undefined> {
    return (await this.secrets.get(secretKey(id))) ?? undefined;
  }

  async credentials(id: string): Promise<Credentials | undefined> {
    return (await this.keys(id)).credentials;
  }

  /** Makes the previous version's one key and `exchangeTx.baseUrl` an account, once. */
  async migrate(legacyBaseUrl: string): Promise<Account | undefined> {
    const text = await this.secrets.get(LEGACY_PRIVATE_KEY);
    if (!text) return undefined;
    const list = this.list;
    const account: Account = {
      id: randomUUID(),
      name: migratedName(legacyBaseUrl, list.accounts),
      baseUrl: legacyBaseUrl,
      hosts: {},
    };
    await this.secrets.store(secretKey(account.id), text);
    const wasLive = this.memento.get<unknown>(LEGACY_CHOSEN_KEY) === 'live';
    await this.write((current) => ({ ...putAccount(current, account), active: wasLive ? account.id : current.active }));
    await this.secrets.delete(LEGACY_PRIVATE_KEY);
    await this.memento.update(LEGACY_CHOSEN_KEY, undefined);
    return account;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private require(id: string): Account {
    const account = this.get(id);
    if (!account) throw new AccountInputError('account', vscode.l10n.t('That account no longer exists.'));
    return account;
  }

  private parseKey(privateKey: string, apiKey: string | undefined): Credentials {
    try {
      return loadCredentials(privateKey, apiKey);
    } catch (error) {
      throw new AccountInputError(
        'privateKey',
        error instanceof Error ? error.message : vscode.l10n.t('The key could not be read.'),
      );
    }
  }

  private async readKey(id: string): Promise<{ state: KeyState; credentials?: Credentials }> {
    const text = await this.secrets.get(secretKey(id));
    if (!text) return { state: 'none' };
    try {
      return { state: 'usable', credentials: loadCredentials(text) };
    } catch {
      return { state: 'unusable' };
    }
  }

  private write(change: (list: AccountList) => AccountList): Promise<void> {
    const next = this.writing.then(async () => {
      await this.memento.update(ACCOUNTS_KEY, writeAccounts(change(this.list ?? EMPTY_ACCOUNTS)));
      this.changed.fire();
    });
    this.writing = next.catch(() => undefined);
    return next;
  }
}
