/** The data of where requests go: the environment's kind and state, a connection, the running sandbox. */
import type { Credentials, ExchangeClient } from '../../api';
import type { ControlClient } from '../../api/controlClient';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { AccountSummary, Resolution } from './accounts';

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
  /** Cuts its API key out of a text in any shape (split, any case, a part), before it reaches a model. */
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
