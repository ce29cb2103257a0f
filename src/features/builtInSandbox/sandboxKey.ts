/**
 * The built-in sandbox's key pairs: where they are kept, and the spare pair read ahead at
 * activation. Choosing and making a pair is `sandboxKeyPair.ts`, loaded with the sandbox's start
 * (`sandboxStart.ts`).
 */
import type * as vscode from 'vscode';
import { readSetting } from '../common/settings';

/** Where the stable key pair is kept (hex of DER PKCS#8). */
export const STABLE_KEY_SECRET = 'exchangeTx.sandbox.privateKey';

/**
 * A key pair made ahead for the next window's sandbox (hex of DER PKCS#8): making one takes 0.1 to
 * 0.4 s of RSA, which the first row of the Transactions view would otherwise wait for. It has never
 * been used or shown; the window that takes it deletes it, so each window's sandbox still has a
 * pair of its own, and a new one is made ahead once its sandbox started.
 */
export const SPARE_KEY_SECRET = 'exchangeTx.sandbox.spareKey';

/**
 * The spare key pair read ahead of the sandbox's start, and read again whenever it changes (made
 * or taken by another window) until the start takes it: a read of SecretStorage is answered from
 * outside the extension host, 90 to 180 ms while the window draws a view (server host), which the
 * first rows of the Transactions view would otherwise wait for. Held in memory only, as the
 * accounts' keys read at activation are.
 */
export class SpareKeyAhead {
  private reading: Promise<string | undefined> | undefined;
  private readonly watch: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.watch = secrets.onDidChange((e) => {
      if (e.key === SPARE_KEY_SECRET && this.reading) this.read();
    });
  }

  /** Starts reading the spare pair (unless the pair is kept across reloads: that one is read at the start). */
  read(): void {
    if (stableKeySetting()) return;
    const reading = Promise.resolve(this.secrets.get(SPARE_KEY_SECRET));
    reading.catch(() => undefined);
    this.reading = reading;
  }

  /** What was read ahead, handed over once (the reading stops): undefined when nothing was. */
  take(): Promise<string | undefined> | undefined {
    const reading = this.reading;
    this.reading = undefined;
    return reading;
  }

  dispose(): void {
    this.reading = undefined;
    this.watch.dispose();
  }
}

/** Whether the key pair is kept across reloads (the user's setting only). */
export function stableKeySetting(): boolean {
  return readSetting('exchangeTx.sandbox.stableKey');
}
