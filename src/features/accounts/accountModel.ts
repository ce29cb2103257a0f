/** Accounts as stored in `globalState`, read defensively and written back with what was not understood. */
import { checkEndpoint } from '../../api';
import { errorText } from '../../shared/errorText';
import { hasUnsafeText } from '../../shared/safeText';
import type { Account, AccountSummary, Resolution } from '../common/accounts';
import { hostOf } from '../common/accounts';
import { isRecord } from '../../shared/isRecord';

export const ACCOUNTS_VERSION = 1;
export const MAX_ACCOUNTS = 50;
export const MAX_NAME_LENGTH = 60;
/** Hosts remembered per account (each answer to "Send signed requests … to host …?"). */
const MAX_HOSTS = 20;

export function accountSummary(account: Account): AccountSummary {
  return { id: account.id, name: account.name, host: hostOf(account.baseUrl), baseUrl: account.baseUrl };
}

export interface AccountList {
  readonly accounts: readonly Account[];
  /** `sandbox`, or the id of an account in `accounts`. */
  readonly active: string;
  /** Stored entries this version could not read: written back as they were. */
  readonly kept: readonly unknown[];
  /** Stored fields (of the whole value and of each account) this version does not know. */
  readonly extra: Readonly<Record<string, unknown>>;
  readonly accountExtras: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export const EMPTY_ACCOUNTS: AccountList = { accounts: [], active: 'sandbox', kept: [], extra: {}, accountExtras: {} };

const KNOWN_TOP = new Set(['version', 'active', 'accounts']);
const KNOWN_ACCOUNT = new Set(['id', 'name', 'baseUrl', 'hosts']);

function readHosts(value: unknown): Record<string, boolean> {
  const hosts: Record<string, boolean> = {};
  if (!isRecord(value)) return hosts;
  for (const [origin, allowed] of Object.entries(value).slice(0, MAX_HOSTS)) {
    if (typeof allowed === 'boolean' && originOf(origin) === origin) hosts[origin] = allowed;
  }
  return hosts;
}

function readAccount(value: unknown): Account | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, baseUrl } = value;
  if (typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) return undefined;
  if (typeof name !== 'string' || nameProblem(name, []) !== undefined) return undefined;
  // Any http(s) address reads; the policy applies when it is entered and before every request.
  if (typeof baseUrl !== 'string' || baseUrl.length > 2048 || originOf(baseUrl) === undefined) return undefined;
  return { id, name: name.trim(), baseUrl, hosts: readHosts(value.hosts) };
}

/** Reads what `globalState` holds; anything unreadable is kept aside and written back. */
export function readAccounts(stored: unknown): AccountList {
  if (!isRecord(stored) || !Array.isArray(stored.accounts)) return EMPTY_ACCOUNTS;
  const accounts: Account[] = [];
  const kept: unknown[] = [];
  const accountExtras: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const entry of stored.accounts.slice(0, MAX_ACCOUNTS)) {
    const account = readAccount(entry);
    if (!account || ids.has(account.id)) {
      kept.push(entry);
      continue;
    }
    ids.add(account.id);
    accounts.push(account);
    const extras = Object.fromEntries(
      Object.entries(entry as Record<string, unknown>).filter(([key]) => !KNOWN_ACCOUNT.has(key)),
    );
    if (Object.keys(extras).length > 0) accountExtras[account.id] = extras;
  }
  const extra = Object.fromEntries(Object.entries(stored).filter(([key]) => !KNOWN_TOP.has(key)));
  const active = typeof stored.active === 'string' && ids.has(stored.active) ? stored.active : 'sandbox';
  return { accounts, active, kept, extra, accountExtras };
}

/** The JSON written to `globalState`: the accounts (at most {@link MAX_ACCOUNTS}), then the entries kept as they were. */
export function writeAccounts(list: AccountList): Record<string, unknown> {
  const accounts: unknown[] = list.accounts.slice(0, MAX_ACCOUNTS).map((account) => ({
    ...(list.accountExtras[account.id] ?? {}),
    id: account.id,
    name: account.name,
    baseUrl: account.baseUrl,
    hosts: { ...account.hosts },
  }));
  return { ...list.extra, version: ACCOUNTS_VERSION, active: list.active, accounts: [...accounts, ...list.kept] };
}

export type NameProblem = 'empty' | 'too-long' | 'control-characters' | 'taken';

export function nameProblem(name: string, others: readonly Account[], selfId?: string): NameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > MAX_NAME_LENGTH) return 'too-long';
  if (hasUnsafeText(trimmed)) return 'control-characters';
  const lower = trimmed.toLowerCase();
  if (others.some((a) => a.id !== selfId && a.name.toLowerCase() === lower)) return 'taken';
  return undefined;
}

/** Why an address cannot be an account's, in words (from the client's own endpoint policy). */
export function urlProblem(baseUrl: string): string | undefined {
  try {
    checkEndpoint(baseUrl);
    return undefined;
  } catch (error) {
    return errorText(error);
  }
}

/** `https://host[:port]`: what the user approves signed requests for. Undefined when no URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A name for an account made from keys saved by an earlier version: its host, made unique. */
export function migratedName(baseUrl: string, others: readonly Account[]): string {
  const base = hostOf(baseUrl).slice(0, MAX_NAME_LENGTH - 4) || 'Account';
  let name = base;
  for (let n = 2; nameProblem(name, others) === 'taken'; n++) name = `${base} (${n})`;
  return name;
}

/** The account `target` names, or undefined for the sandbox or an account that is gone. */
export function accountOf(list: AccountList, id: string): Account | undefined {
  return list.accounts.find((a) => a.id === id);
}

/** Where requests go: the active account if trusted and keyed, else the sandbox with the reason. */
export function resolveTarget(
  active: string,
  account: Account | undefined,
  trusted: boolean,
  hasKeys: boolean,
): Resolution {
  if (active === 'sandbox') return { kind: 'sandbox' };
  if (!account) return { kind: 'sandbox', reason: 'missing' };
  if (!trusted) return { kind: 'sandbox', reason: 'restricted' };
  if (!hasKeys) return { kind: 'sandbox', reason: 'no-keys' };
  return { kind: 'live' };
}

/** The user's earlier answer for sending to `baseUrl`'s origin: true, false, or undefined (ask). */
export function hostDecision(account: Account): boolean | undefined {
  const origin = originOf(account.baseUrl);
  return origin === undefined ? undefined : account.hosts[origin];
}

/** The account with the answer for its current origin remembered (undefined: forgotten, ask again). */
export function withHostDecision(account: Account, allowed: boolean | undefined): Account {
  const origin = originOf(account.baseUrl);
  if (origin === undefined) return account;
  const hosts: Record<string, boolean> = { ...account.hosts };
  delete hosts[origin];
  if (allowed !== undefined) hosts[origin] = allowed;
  const origins = Object.keys(hosts);
  // Bounded: the oldest answers go first.
  for (const old of origins.slice(0, Math.max(0, origins.length - MAX_HOSTS))) delete hosts[old];
  return { ...account, hosts };
}

export function putAccount(list: AccountList, account: Account): AccountList {
  const index = list.accounts.findIndex((a) => a.id === account.id);
  const accounts = index < 0 ? [...list.accounts, account] : list.accounts.map((a, i) => (i === index ? account : a));
  return { ...list, accounts };
}

/** The list without an account; the sandbox becomes active if it was. */
export function dropAccount(list: AccountList, id: string): AccountList {
  const accountExtras = { ...list.accountExtras };
  delete accountExtras[id];
  return {
    ...list,
    accounts: list.accounts.filter((a) => a.id !== id),
    active: list.active === id ? 'sandbox' : list.active,
    accountExtras,
  };
}
