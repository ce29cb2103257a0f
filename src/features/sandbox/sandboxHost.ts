/**
 * The built-in sandbox's life in the extension: started in this process on 127.0.0.1 on first
 * use, with a key pair of its own, its lifecycle running in real time (a clock tests may skip
 * ahead); stopped, restarted ("Sandbox: Reset") and given faults. The one place that starts it.
 *
 * Two settings (application scope: a workspace cannot set them) make what "Copy Sandbox
 * Connection" hands out survive a reload: `exchangeTx.sandbox.port` (a fixed port; when it is
 * taken, any free one, said in the log) and `exchangeTx.sandbox.stableKey` (the key pair kept in
 * SecretStorage; without it, a new pair at each start).
 *
 * The ledger survives a reload too: its snapshot (the control endpoint's, bounded: at most
 * CONTROL_LIMITS.maxSnapshotTransactions transactions and MAX_CONTROL_BODY_BYTES of JSON) is kept
 * in the extension's global storage after each change (a transaction created through `/v2`, a
 * payment, a move, a skip of the clock) and when the extension stops, and restored at the next
 * start. "Sandbox: Reset" (a new ledger) forgets it. A kept ledger that cannot be restored is set
 * aside, never deleted (`keptLedger.ts`). Everything after the start goes through the
 * signed control endpoint, as a developer's own scripts would.
 */
import * as vscode from 'vscode';
import { generateKeys, loadCredentials } from '../../api';
import type { Credentials, RateLimiter } from '../../api';
import type { SandboxControlClient } from '../../api/sandboxControl';
import { SkippableClock } from '../../shared/skippableClock';
import { loadSandbox, loadSandboxControl } from './loadSandbox';
import type { FaultOptions, RequestLogEntry, Sandbox } from '../../sandbox';
import type { Logger } from '../log';
import { fitted } from './snapshotBound';
import { LEDGER_STATE_KEY, restoreKeptLedger } from './keptLedger';
import { readSetting } from '../settings';

/** Where the stable key pair is kept (hex of DER PKCS#8). */
export const STABLE_KEY_SECRET = 'exchangeTx.sandbox.privateKey';
export { LEDGER_STATE_KEY } from './keptLedger';
/** How long after a change the snapshot is taken (changes in a burst make one). */
const SAVE_DELAY_MS = 500;
/** Requests after which the ledger differs from its snapshot. */
const CHANGING = new Set(['createTransaction', 'createFixTransaction', 'create', 'pay', 'move', 'reset', 'restore', 'skip']);

export interface RunningSandbox {
  readonly sandbox: Sandbox;
  /** The signed client of its control endpoint (disposed when the sandbox stops). */
  readonly control: SandboxControlClient;
  readonly credentials: Credentials;
  /** The private key as hex of DER PKCS#8: in memory only, to sign and for "Copy Sandbox Connection". */
  readonly keyText: string;
}

export type SecretWitness = (kind: 'private-key' | 'api-key' | 'signature', value: string) => void;

/** The port setting: 0 (any free port) or 1024–65535. */
export function portSetting(): number {
  const value = readSetting('exchangeTx.sandbox.port');
  return value >= 1024 ? value : 0;
}

/** Whether the key pair is kept across reloads (the user's setting only). */
export function stableKeySetting(): boolean {
  return readSetting('exchangeTx.sandbox.stableKey');
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/** What the host needs from the extension. */
export interface SandboxHostDeps {
  readonly secrets: vscode.SecretStorage;
  /** Global storage, for the ledger's snapshot. */
  readonly state: vscode.Memento;
  readonly log: Logger;
  /** The rate limiter of an API key (shared with the service client of the same key). */
  readonly limiterFor: (apiKey: string) => RateLimiter;
  readonly timeoutMs: () => number;
}

export class SandboxHost implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Sandbox | undefined>();
  private starting: Promise<RunningSandbox> | undefined;
  private current: RunningSandbox | undefined;
  private disposed = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  /** While the editor resets the ledger: its own requests are no change to keep. */
  private resetting = false;
  private saving: Promise<void> = Promise.resolve();
  private readonly log: Logger;

  /** The sandbox's clock: real time that tests may skip ahead. */
  readonly clock = new SkippableClock();
  /** Fires when the sandbox started or stopped, or its faults changed. */
  readonly onDidChange = this.changed.event;
  /**
   * Set only when the extension runs its tests: told the sandbox's keys and every signature it
   * receives, so the test run's secret scan can look for them.
   */
  secretWitness: SecretWitness | undefined;

  constructor(private readonly deps: SandboxHostDeps) {
    this.log = deps.log;
  }

  /** The sandbox if it is running. */
  get sandbox(): Sandbox | undefined {
    return this.current?.sandbox;
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
    if (!start) return;
    try {
      await this.saveNow();
    } catch {
      // Said in the log by saveNow.
    }
    this.starting = undefined;
    this.current = undefined;
    try {
      const { sandbox, control } = await start;
      control.dispose();
      await sandbox.stop();
      this.log.info('sandbox stopped');
    } catch {
      // It never started.
    }
    this.changed.fire(undefined);
  }

  /** Replaces the running sandbox's faults through its control endpoint (starting it if needed); `{}` clears them. */
  async setFaults(faults: FaultOptions): Promise<FaultOptions> {
    const { sandbox, control } = await this.start();
    const now = Object.keys(faults).length === 0 ? await control.clearFaults() : await control.setFaults(faults);
    this.changed.fire(sandbox);
    return now;
  }

  /** "Sandbox: Reset": a new ledger (seeded again; created transactions gone), no faults; the kept snapshot is forgotten. */
  async resetLedger(): Promise<void> {
    const { sandbox, control } = await this.start();
    this.resetting = true;
    try {
      // A snapshot already on its way is taken before the reset, never between its two requests.
      this.cancelSave();
      await this.saving;
      await control.reset();
      await control.clearFaults();
      this.dirty = false;
    } finally {
      this.resetting = false;
      this.cancelSave();
    }
    await this.deps.state.update(LEDGER_STATE_KEY, undefined);
    this.log.info('sandbox reset: a new ledger');
    this.changed.fire(sandbox);
  }

  /** The ledger changed outside `/v2` (a payment or a move from the editor): keep a snapshot soon. */
  noteChange(): void {
    if (this.resetting) return;
    this.dirty = true;
    if (this.saveTimer !== undefined || this.disposed) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.saveNow().catch(() => undefined);
    }, SAVE_DELAY_MS);
  }

  /** Keeps the ledger's snapshot now if it changed since the last one (tests and the shutdown wait for it). */
  saveNow(): Promise<void> {
    this.cancelSave();
    const next = this.saving.then(() => this.save());
    this.saving = next.catch(() => undefined);
    return next;
  }

  async shutdown(): Promise<void> {
    this.disposed = true;
    await this.stop();
    this.cancelSave();
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
    const onRequest = (entry: RequestLogEntry) => {
      if (entry.outcome === 'ok' && entry.method !== undefined && CHANGING.has(entry.method)) this.noteChange();
    };
    const options = { clock: this.clock, keys: [credentials], onSignature, onRequest };
    const port = portSetting();
    const [{ startSandbox }, { SandboxControlClient }] = await Promise.all([loadSandbox(), loadSandboxControl()]);
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
    const control = new SandboxControlClient({ baseUrl: sandbox.url, credentials, limiter: this.deps.limiterFor(credentials.apiKey), timeoutMs: this.deps.timeoutMs() });
    await this.restore(control);
    // Restoring is no change to keep.
    this.cancelSave();
    this.dirty = false;
    const running = { sandbox, control, credentials, keyText };
    this.current = running;
    this.log.info(`sandbox started at ${sandbox.url}`);
    this.changed.fire(sandbox);
    return running;
  }

  /** The kept ledger, restored into a new sandbox; one that cannot be restored is set aside (never deleted) and a new ledger starts. */
  private async restore(control: SandboxControlClient): Promise<void> {
    await restoreKeptLedger({ state: this.deps.state, log: this.log, restore: (snapshot) => control.restore(snapshot) });
  }

  private async save(): Promise<void> {
    const running = this.current;
    if (!running || !this.dirty) return;
    this.dirty = false;
    try {
      const snapshot = fitted(await running.control.snapshot());
      await this.deps.state.update(LEDGER_STATE_KEY, snapshot);
    } catch (error) {
      this.dirty = true;
      this.log.warn(`the sandbox ledger could not be kept: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  private cancelSave(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
  }

  /** The kept key pair when the setting asks for one (made and kept the first time), else a new one. */
  private async keyText(): Promise<string> {
    if (!stableKeySetting()) return generateKeys().privateKeyHex;
    const kept = await this.deps.secrets.get(STABLE_KEY_SECRET);
    if (kept) {
      try {
        loadCredentials(kept);
        return kept;
      } catch {
        this.log.warn('the kept sandbox key could not be read: a new one replaces it');
      }
    }
    const fresh = generateKeys().privateKeyHex;
    await this.deps.secrets.store(STABLE_KEY_SECRET, fresh);
    this.log.info('a sandbox key pair is kept for the next starts (exchangeTx.sandbox.stableKey)');
    return fresh;
  }
}
