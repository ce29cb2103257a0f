/**
 * The built-in sandbox's life in the extension: started in this process on 127.0.0.1 on first
 * use, with a key pair of its own, its lifecycle running in real time (a clock tests may skip
 * ahead); stopped, restarted ("Sandbox: Reset") and given faults. The one place that starts it.
 *
 * While the window runs, the sandbox keeps its port and its key pair: stopped (while an account
 * is used) and started again, it comes back on the port it had (when that one was taken in the
 * meantime, it falls back as at a first start, said in the log) with the key pair it had (kept in
 * memory for the window's life). So what "Copy Sandbox Connection" hands out stays valid while the
 * window runs. Two settings (application scope: a workspace cannot set them) make it survive a
 * reload: `exchangeTx.sandbox.port` (a fixed port; when it is taken, any free one, said in the log
 * and by Copy Sandbox Connection) and `exchangeTx.sandbox.stableKey` (the key pair kept in
 * SecretStorage; without it, a new pair in each window).
 *
 * The ledger survives a reload too: its snapshot (the control endpoint's, bounded: at most
 * CONTROL_LIMITS.maxSnapshotTransactions transactions and MAX_CONTROL_BODY_BYTES of JSON) is kept
 * in the extension's global storage after each change (a transaction created through `/v2`, a
 * payment, a move, a skip of the clock) and when the extension stops, and restored at the next
 * start. "Sandbox: Reset" (a new ledger) forgets it, but for the user's own transactions if kept. A kept ledger that cannot be restored is set
 * aside, never deleted (`keptLedger.ts`). Everything after the start goes through the
 * signed control endpoint, as a developer's own scripts would. Which port it takes is
 * sandboxPort.ts, which key pair sandboxKeyPair.ts.
 */
import * as vscode from 'vscode';
import { loadCredentials } from '../../api';
import type { ControlClient } from '../../api/controlClient';
import { SkippableClock } from '../../shared/skippableClock';
import { loadClient } from '../common/loadClient';
import { loadSandbox, loadControlClient } from './loadSandbox';
import type { FaultOptions, RequestLogEntry, Sandbox } from '../../../packages/sandbox/src';
import type { Logger } from '../common/log';
import type { RunningSandbox } from '../common/environmentDeps';
import { fitted, LEDGER_STATE_KEY } from './snapshotBound';
import { readSetting } from '../common/settings';
import { listen } from './sandboxPort';
import { newKeyPair, stableKeySetting, windowKeyPair } from './sandboxKeyPair';
import { restoreKeptLedger } from './keptLedger';
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

/** What the host needs from the extension. */
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
  /**
   * What this window's sandbox had, for the next start in this window: its port (and the fixed
   * port found taken when it got it) and its key pair (in memory only).
   */
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
  /**
   * Set only when the extension runs its tests: told the sandbox's keys and every signature it
   * receives, so the test run's secret scan can look for them.
   */
  secretWitness: SecretWitness | undefined;

  constructor(private readonly deps: SandboxHostDeps) {
    this.log = deps.log;
  }

  /**
   * Begins making this window's key pair on a worker thread, when no start has one yet. Called once
   * the accounts are read and requests go to the sandbox: the first start, usually the Transactions
   * view's first rows, then does not wait 100 to 400 ms for it.
   */
  prepareKeyPair(): void {
    if (this.windowKey !== undefined || this.starting || stableKeySetting()) return;
    this.preparedKey ??= newKeyPair();
    this.preparedKey.catch(() => undefined);
  }

  /** The sandbox if it is running. */
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

  /**
   * Stops the sandbox (its faults go with it; its ledger is kept); the next start() makes a new
   * one, on the same port with the same key pair when it can. With `asReload`, the port and key
   * pair of this window are forgotten, as a reload does: the next start takes the port of the
   * setting (or any free one) and the kept key pair (or a new one).
   */
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
    // The key pair is made (or read) while the sandbox's and the control client's code load.
    const fresh = () => {
      const made = this.preparedKey ?? newKeyPair();
      this.preparedKey = undefined;
      return made;
    };
    const key = windowKeyPair(this.windowKey, this.deps.secrets, this.log, (text) => (this.windowKey = text), fresh);
    key.catch(() => undefined);
    const code = Promise.all([loadSandbox(), loadControlClient()]);
    code.catch(() => undefined);
    // The first request follows the start: its client's code loads meanwhile too.
    loadClient().catch(() => undefined);
    const { text: keyText, kept: keyKept } = await key;
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
    };
    const [{ startSandbox }, { ControlClient }] = await code;
    const { sandbox, taken } = await listen((port) => startSandbox({ ...options, port }), this.windowPort, this.log);
    this.windowPort = { port: sandbox.port, taken };
    if (this.disposed) {
      await sandbox.stop();
      throw new Error('The extension is shutting down.');
    }
    // The control endpoint is the sandbox's own, not the service's: the sandbox counts none of its
    // requests against the key's 10 per second (server.ts), so they wait in a limiter of their own,
    // never behind the key's requests (a hover's diagnosis after a burst of lookups).
    const control = new ControlClient({ baseUrl: sandbox.url, credentials, timeoutMs: this.deps.timeoutMs() });
    await this.restore(control);
    // Restoring is no change to keep.
    this.cancelSave();
    this.dirty = false;
    const running = { sandbox, control, credentials, keyText, portTaken: taken, keyKept };
    this.current = running;
    this.log.info(`sandbox started at ${sandbox.url}`);
    this.changed.fire(sandbox);
    return running;
  }

  /** The kept ledger, restored into a new sandbox; one that cannot be restored is set aside (never deleted) and a new ledger starts. */
  private async restore(control: ControlClient): Promise<void> {
    await restoreKeptLedger({
      state: this.deps.state,
      log: this.log,
      restore: (snapshot) => control.restore(snapshot),
    });
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
