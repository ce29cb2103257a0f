/** The built-in sandbox's key pair: this window's, or the one kept across reloads. */
import type * as vscode from 'vscode';
import { generateKeysAsync, loadCredentials } from '../../api';
import type { Logger } from '../common/log';
import { readSetting } from '../common/settings';

/** Where the stable key pair is kept (hex of DER PKCS#8). */
export const STABLE_KEY_SECRET = 'exchangeTx.sandbox.privateKey';

export function stableKeySetting(): boolean {
  return readSetting('exchangeTx.sandbox.stableKey');
}

/** This window's pair, else the kept one when the setting asks (made the first time), else new. */
export async function windowKeyPair(
  own: string | undefined,
  secrets: vscode.SecretStorage,
  log: Logger,
  /** Notes the window's key pair (for the next start in this window). */
  remember: (text: string) => void,
  fresh: () => Promise<string>,
): Promise<{ text: string; kept: boolean }> {
  if (!stableKeySetting()) {
    const text = own ?? (await fresh());
    remember(text);
    return { text, kept: false };
  }
  let kept = await secrets.get(STABLE_KEY_SECRET);
  if (kept) {
    try {
      loadCredentials(kept);
    } catch {
      log.warn('the kept sandbox key could not be read: a new one replaces it');
      kept = undefined;
    }
  }
  if (kept) {
    if (own === undefined || own === kept) {
      remember(kept);
      return { text: kept, kept: true };
    }
    // The window's own pair stays (what was copied in this window stays valid); the kept one comes after a reload.
    return { text: own, kept: false };
  }
  const made = own ?? (await fresh());
  await secrets.store(STABLE_KEY_SECRET, made);
  remember(made);
  log.info('a sandbox key pair is kept for the next starts (exchangeTx.sandbox.stableKey)');
  return { text: made, kept: true };
}

/** A new RSA key pair, made on a worker thread (100 to 400 ms), as hex of DER PKCS#8. */
export async function newKeyPair(): Promise<string> {
  return (await generateKeysAsync()).privateKeyHex;
}
