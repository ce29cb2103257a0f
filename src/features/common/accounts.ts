/** What every feature knows of an account: its stored shape, its words, where requests go. */
import type { Credentials } from '../../api';

export interface Account {
  readonly id: string;
  readonly name: string;
  /** The address as the user gave it (checked: https, or http to this machine only). */
  readonly baseUrl: string;
  /** The user's answers per origin: true = send signed requests there, false = never. */
  readonly hosts: Readonly<Record<string, boolean>>;
}

/** An account as shown and as a connection names it: no key, no answers. */
export interface AccountSummary {
  readonly id: string;
  readonly name: string;
  /** `host[:port]` of its address. */
  readonly host: string;
  readonly baseUrl: string;
}

export interface Resolution {
  readonly kind: 'sandbox' | 'live';
  /** Why the sandbox is used although an account is active. */
  readonly reason?: 'restricted' | 'no-keys' | 'missing';
}

/** The user's accounts as the features read them: the list and each one's keys (the accounts' `AccountStore`). */
export interface AccountKeys {
  readonly accounts: readonly Account[];
  get(id: string): Account | undefined;
  /** The account's key as it was saved (PEM or hex), to read its format; it stays in memory. */
  keyText(id: string): Promise<string | undefined>;
  credentials(id: string): Promise<Credentials | undefined>;
}

/** `host[:port]`, as the status bar and pickers show it. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).host;
  } catch {
    return baseUrl;
  }
}
