/** The built-in sandbox's life; it keeps its port and key pair for the window, its ledger across reloads. */
import * as vscode from 'vscode';
import { loadCredentials } from '../../api';
import { ControlClient } from '../../api/controlClient';
import { SkippableClock } from '../../shared/skippableClock';
import { startSandbox } from '../../../packages/sandbox/src';
import type { FaultOptions, RequestLogEntry, Sandbox } from '../../../packages/sandbox/src';
import type { Logger } from '../common/log';
import type { RunningSandbox } from '../common/environmentDeps';
import { readSetting } from '../common/settings';
import { listen } from './sandboxPort';
import { newKeyPair, stableKeySetting, windowKeyPair } from './sandboxKeyPair';
import { fitted, LEDGER_STATE_KEY, restoreKeptLedger } from './keptLedger';
import { errorText } from '../../shared/errorText';

/** How long after a change the snapshot is taken (changes in a burst make one). */
const SAVE_DELAY_MS = 500;
/** Requests after which the ledger differs from its snapshot. */
const CHANGING = new Set([
  'createTransaction',
  'createFixTransaction',
  'createSubaccount',
  'updateSubaccount',
  'create',
  'pay',
  'move',
  'reset',
  'restore',
  'skip',
]);

export type SecretWitness = (kind: 'private-key' | 'api-key' | 'signature', value: string) => void;

export interface SandboxHostDeps {
  readonly secrets: vscode.SecretStorage;
  /** Global storage, for the ledger's snapshot. */
  readonly state: vscode.Memento;
  readonly log: Logger;
  readonly timeoutMs: () => number;
}

export class SandboxHost implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Sandbox | undefined>();
  private readonly ledgerReset = new vscode.EventEmitter<void>();
  private starting: Promise<RunningSandbox> | undefined;
  private current: RunningSandbox | undefined;
  private disposed = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  /** While the editor resets the ledger: its own requests are no change to keep. */
  private resetting = false;
  private saving: Promise<void> = Promise.resolve();
  private readonly log: Logger;
  /** This window's port (and the fixed port found taken) and key pair, for its next start. */
  private windowPort: { readonly port: number; readonly taken: number | undefined } | undefined;
  private windowKey: string | undefined;
  /** A key pair begun before the first start (prepareKeyPair), taken by it. */
  private preparedKey: Promise<string> | undefined;

  /** The sandbox's clock: real time that tests may skip ahead. */
  readonly clock = new SkippableClock();
  /** Fires when the sandbox started or stopped, or its faults changed. */
  readonly onDidChange = this.changed.event;
  /** Fires after "Sandbox: Reset" gave it a new ledger: records fetched from the old one are stale. */
  readonly onDidResetLedger = this.ledgerReset.event;
  /** Set only under test: told every key and signature, for the secret scan. */
  secretWitness: SecretWitness | undefined;

  constructor(private readonly deps: SandboxHostDeps) {
    this.log = deps.log;
  }

  /** Makes the window's key pair ahead on a worker, so the first start need not wait for it. */
  prepareKeyPair(): void {
    if (this.windowKey !== undefined || this.starting || stableKeySetting()) return;
    this.preparedKey ??= newKeyPair();
    this.preparedKey.catch(() => undefined);
  }

  get sandbox(): Sandbox | undefined {
    return this.current?.sandbox;
  }

  /** What is current now (read afresh after a wait; a start may have set it meanwhile). */
  private runningNow(): RunningSandbox | undefined {
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

  /** Stops the sandbox, keeping its ledger; `asReload` also forgets the window's port and key pair. */
  async stop(options: { readonly asReload?: boolean } = {}): Promise<void> {
    const forget = () => {
      if (!options.asReload || this.starting) return;
      this.windowPort = undefined;
      this.windowKey = undefined;
    };
    const start = this.starting;
    if (!start) {
      forget();
      return;
    }
    try {
      await this.saveNow();
    } catch {
      // Said in the log by saveNow.
    }
    this.starting = undefined;
    this.current = undefined;
    try {
      const { sandbox, control } = await start;
      // A start still under way when stop() began set it as current only now: not any more.
      if (this.runningNow()?.sandbox === sandbox) this.current = undefined;
      control.dispose();
      await sandbox.stop();
      this.log.info('sandbox stopped');
    } catch {
      // It never started.
    }
    // After its start settled (it notes the port it got), unless another start began meanwhile.
    forget();
    this.changed.fire(undefined);
  }

  /** Replaces the running sandbox's faults through its control endpoint (starting it if needed); `{}` clears them. */
  async setFaults(faults: FaultOptions): Promise<FaultOptions> {
    const { sandbox, control } = await this.start();
    const now = Object.keys(faults).length === 0 ? await control.clearFaults() : await control.setFaults(faults);
    this.changed.fire(sandbox);
    return now;
  }

  /** "Sandbox: Reset": a new ledger (seeded again; the user's own transactions kept if asked), no faults; the kept snapshot holds only those. Resolves with how many were kept. */
  async resetLedger(keepOwn = false): Promise<number> {
    const { sandbox, control } = await this.start();
    let kept = 0;
    this.resetting = true;
    try {
      // A snapshot already on its way is taken before the reset, never between its two requests.
      this.cancelSave();
      await this.saving;
      kept = (await control.reset(undefined, undefined, keepOwn)).kept ?? 0;
      await control.clearFaults();
      this.dirty = kept > 0;
    } finally {
      this.resetting = false;
      this.cancelSave();
    }
    if (kept > 0) await this.saveNow();
    else await this.deps.state.update(LEDGER_STATE_KEY, undefined);
    this.log.info(`sandbox reset: a new ledger${kept > 0 ? `, with the ${kept} own transactions kept` : ''}`);
    this.changed.fire(sandbox);
    this.ledgerReset.fire();
    return kept;
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
    this.ledgerReset.dispose();
  }

  dispose(): void {
    void this.shutdown();
  }

  private async launch(): Promise<RunningSandbox> {
    const fresh = () => {
      const made = this.preparedKey ?? newKeyPair();
      this.preparedKey = undefined;
      return made;
    };
    const { text: keyText, kept: keyKept } = await windowKeyPair(
      this.windowKey,
      this.deps.secrets,
      this.log,
      (text) => (this.windowKey = text),
      fresh,
    );
    const credentials = loadCredentials(keyText);
    const witness = this.secretWitness;
    witness?.('private-key', keyText);
    witness?.('api-key', credentials.apiKey);
    const onSignature = witness ? (signature: string) => witness('signature', signature) : undefined;
    const onRequest = (entry: RequestLogEntry) => {
      if (entry.outcome === 'ok' && entry.method !== undefined && CHANGING.has(entry.method)) this.noteChange();
    };
    const options = {
      clock: this.clock,
      keys: [credentials],
      onSignature,
      onRequest,
      traffic: readSetting('exchangeTx.sandbox.trafficPerHour'),
      journalSize: readSetting('exchangeTx.sandbox.journalSize'),
    };
    const { sandbox, taken } = await listen((port) => startSandbox({ ...options, port }), this.windowPort, this.log);
    this.windowPort = { port: sandbox.port, taken };
    if (this.disposed) {
      await sandbox.stop();
      throw new Error('The extension is shutting down.');
    }
    // The sandbox counts no control request against the key's rate limit; they get their own limiter.
    const control = new ControlClient({ baseUrl: sandbox.url, credentials, timeoutMs: this.deps.timeoutMs() });
    await restoreKeptLedger({ state: this.deps.state, log: this.log, restore: (kept) => control.restore(kept) });
    // Restoring is no change to keep.
    this.cancelSave();
    this.dirty = false;
    const running = { sandbox, control, credentials, keyText, portTaken: taken, keyKept };
    this.current = running;
    this.log.info(`sandbox started at ${sandbox.url}`);
    this.changed.fire(sandbox);
    return running;
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
      this.log.warn(`the sandbox ledger could not be kept: ${errorText(error)}`);
      throw error;
    }
  }

  private cancelSave(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
  }
}
