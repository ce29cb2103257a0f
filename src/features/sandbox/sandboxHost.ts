/**
 * The built-in sandbox's life in the extension: started in this process on 127.0.0.1 on first
 * use, with a key pair of its own, its lifecycle running in real time (a clock tests may skip
 * ahead); stopped, restarted ("Sandbox: Reset") and given faults. The one place that starts it.
 *
 * Two settings (application scope: a workspace cannot set them) make what "Copy Sandbox
 * Connection" hands out survive a reload: `exchangeTx.sandbox.port` (a fixed port; when it is
 * taken, any free one, said in the log) and `exchangeTx.sandbox.stableKey` (the key pair kept in
 * SecretStorage; without it, a new pair at each start).
 */
import * as vscode from 'vscode';
import { generateKeys, loadCredentials } from '../../api';
import type { Credentials } from '../../api';
import { SkippableClock, startSandbox } from '../../sandbox';
import type { FaultOptions, Sandbox } from '../../sandbox';
import type { Logger } from '../log';

/** Where the stable key pair is kept (hex of DER PKCS#8). */
export const STABLE_KEY_SECRET = 'exchangeTx.sandbox.privateKey';

export interface RunningSandbox {
  readonly sandbox: Sandbox;
  readonly credentials: Credentials;
  /** The private key as hex of DER PKCS#8: in memory only, to sign and for "Copy Sandbox Connection". */
  readonly keyText: string;
}

export type SecretWitness = (kind: 'private-key' | 'api-key' | 'signature', value: string) => void;

/** The port setting: 0 (any free port) or 1024–65535. */
export function portSetting(): number {
  const value = vscode.workspace.getConfiguration('exchangeTx.sandbox').inspect<number>('port')?.globalValue;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1024 && value <= 65535 ? value : 0;
}

/** Whether the key pair is kept across reloads (the user's setting only). */
export function stableKeySetting(): boolean {
  return vscode.workspace.getConfiguration('exchangeTx.sandbox').inspect<boolean>('stableKey')?.globalValue === true;
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

export class SandboxHost implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Sandbox | undefined>();
  private starting: Promise<RunningSandbox> | undefined;
  private current: Sandbox | undefined;
  private disposed = false;

  /** The sandbox's clock: real time that tests may skip ahead. */
  readonly clock = new SkippableClock();
  /** Fires when the sandbox started or stopped, or its faults changed. */
  readonly onDidChange = this.changed.event;
  /**
   * Set only when the extension runs its tests: told the sandbox's keys and every signature it
   * receives, so the test run's secret scan can look for them.
   */
  secretWitness: SecretWitness | undefined;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Logger,
  ) {}

  /** The sandbox if it is running. */
  get sandbox(): Sandbox | undefined {
    return this.current;
  }

  /** Starts the sandbox (once) and returns it with its key. */
  start(): Promise<RunningSandbox> {
    if (this.disposed) return Promise.reject(new Error('The extension is shutting down.'));
    this.starting ??= this.launch();
    const start = this.starting;
    start.catch(() => {
      if (this.starting === start) this.starting = undefined;
    });
    return start;
  }

  /** Stops the sandbox (its ledger and faults go with it); the next start() makes a new one. */
  async stop(): Promise<void> {
    const start = this.starting;
    this.starting = undefined;
    this.current = undefined;
    if (!start) return;
    try {
      const { sandbox } = await start;
      await sandbox.stop();
      this.log.info('sandbox stopped');
    } catch {
      // It never started.
    }
    this.changed.fire(undefined);
  }

  /** Replaces the running sandbox's faults (starting it if needed). */
  async setFaults(faults: FaultOptions): Promise<Sandbox> {
    const { sandbox } = await this.start();
    sandbox.setFaults(faults);
    this.changed.fire(sandbox);
    return sandbox;
  }

  async shutdown(): Promise<void> {
    this.disposed = true;
    await this.stop();
    this.changed.dispose();
  }

  dispose(): void {
    void this.shutdown();
  }

  private async launch(): Promise<RunningSandbox> {
    const keyText = await this.keyText();
    const credentials = loadCredentials(keyText);
    const witness = this.secretWitness;
    witness?.('private-key', keyText);
    witness?.('api-key', credentials.apiKey);
    const onSignature = witness ? (signature: string) => witness('signature', signature) : undefined;
    const options = { clock: this.clock, keys: [credentials], onSignature };
    const port = portSetting();
    let sandbox: Sandbox;
    try {
      sandbox = await startSandbox({ ...options, port });
    } catch (error) {
      if (port === 0 || !isAddressInUse(error)) throw error;
      this.log.warn(`port ${port} is taken: the sandbox takes a free port instead`);
      sandbox = await startSandbox(options);
    }
    if (this.disposed) {
      await sandbox.stop();
      throw new Error('The extension is shutting down.');
    }
    this.current = sandbox;
    this.log.info(`sandbox started at ${sandbox.url}`);
    this.changed.fire(sandbox);
    return { sandbox, credentials, keyText };
  }

  /** The kept key pair when the setting asks for one (made and kept the first time), else a new one. */
  private async keyText(): Promise<string> {
    if (!stableKeySetting()) return generateKeys().privateKeyHex;
    const kept = await this.secrets.get(STABLE_KEY_SECRET);
    if (kept) {
      try {
        loadCredentials(kept);
        return kept;
      } catch {
        this.log.warn('the kept sandbox key could not be read: a new one replaces it');
      }
    }
    const fresh = generateKeys().privateKeyHex;
    await this.secrets.store(STABLE_KEY_SECRET, fresh);
    this.log.info('a sandbox key pair is kept for the next starts (exchangeTx.sandbox.stableKey)');
    return fresh;
  }
}
