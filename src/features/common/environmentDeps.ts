/**
 * What the features know of where requests go: the environment's types, and the narrow
 * interfaces a feature's deps are typed with (each the few members it uses of the parts built in
 * src/extension.ts: `EnvironmentService`, `ClientPool`, `HostApproval`, `SandboxHost`, each of
 * which meets them without naming them). Types only: no `vscode` value, no code.
 */
import type * as vscode from 'vscode';
import type { Credentials, ExchangeClient } from '../../api';
import type { ControlClient } from '../../api/controlClient';
import type { FaultOptions, Sandbox } from '../../../packages/sandbox/src';
import type { SkippableClock } from '../../shared/skippableClock';
import type { AccountKeys, AccountSummary, Resolution } from './accounts';

export type EnvironmentKind = 'sandbox' | 'live';

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

/** The built-in sandbox once started: what `SandboxHost.start()` gives. */
export interface RunningSandbox {
  readonly sandbox: Sandbox;
  /** The signed client of its control endpoint (disposed when the sandbox stops). */
  readonly control: ControlClient;
  readonly credentials: Credentials;
  /** The private key as hex of DER PKCS#8: in memory only, to sign and for "Copy Sandbox Connection". */
  readonly keyText: string;
  /** The fixed port of the setting that was taken when this window's sandbox took its port (it runs on another). */
  readonly portTaken: number | undefined;
  /** Whether its key pair is the one kept in SecretStorage for the next windows (the stable-key setting). */
  readonly keyKept: boolean;
}

/*
 * The built-in sandbox as the features reach it: the members of `SandboxHost` (its one owner,
 * src/features/builtInSandbox/sandboxHost.ts), each feature typed with those it uses.
 */

/** Starts the sandbox if needed: its address, key, and control client. */
export interface SandboxStarter {
  start(): Promise<RunningSandbox>;
}
/** The sandbox if it runs (nothing is started). */
export interface SandboxRunning {
  readonly sandbox: Sandbox | undefined;
}
/** The sandbox's clock: real time that tests and Skip Time move ahead. */
export interface SandboxClockSource {
  readonly clock: SkippableClock;
}
/** Replaces the sandbox's faults (starting it if needed): the faults now in effect. */
export interface SandboxFaults {
  setFaults(faults: FaultOptions): Promise<FaultOptions>;
}
/** "Sandbox: Reset": a new ledger (the environment drops the records of the old one); the number of the user's transactions kept. */
export interface SandboxLedgerReset {
  resetLedger(keepOwn?: boolean): Promise<number>;
}

/** The client of "sandbox only" work, whatever the environment: `ClientPool.sandboxClient`. */
export interface SandboxClients {
  sandboxClient(): Promise<ExchangeClient>;
}

/*
 * The environment as the features reach it: the members of `EnvironmentService` each feature
 * uses, by idea. A feature's deps name the intersection it needs.
 */

/** Where requests go now: the sandbox or an account. */
export interface EnvironmentKindSource {
  readonly kind: EnvironmentKind;
}

/** What is shown about where requests go, and when that changes. */
export interface EnvironmentView extends EnvironmentKindSource {
  readonly state: EnvironmentState;
  readonly onDidChange: vscode.Event<EnvironmentState>;
}

/** Fires after where requests go or how they are signed changed: records fetched before are stale. */
export interface EnvironmentResets {
  readonly onDidReset: vscode.Event<EnvironmentState>;
}

/** The connection for where requests go now (made on first need), with what it is for. */
export interface CurrentConnection {
  connection(): Promise<Connection>;
}

/** The client for where requests go now. */
export interface CurrentClient {
  client(): Promise<ExchangeClient>;
}

/** Where requests go now, as a watch or an event remembers it: `sandbox` or the account's id. */
export interface CurrentTarget {
  readonly target: string;
}

/** A connection of an account although another target may be in use (asked about its host unless `ask` is false). */
export interface AccountConnections {
  accountConnection(id: string, options?: { readonly ask?: boolean }): Promise<Connection>;
}

/** The user's accounts and the choice among them. */
export interface EnvironmentChoice {
  readonly accounts: AccountKeys;
  /** What the user chose: `sandbox` or an account's id. */
  readonly chosen: string;
  choose(target: string): Promise<void>;
}
