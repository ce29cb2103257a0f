/** The built-in sandbox's key pair: this window's, or the one kept across reloads (the stable-key setting). */
import type * as vscode from 'vscode';
import { generateKeysAsync, loadCredentials } from '../../api';
import type { Logger } from '../common/log';
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

/** The spare key pair, taken (deleted from SecretStorage), or undefined when there is none that reads. */
async function takeSpareKey(secrets: vscode.SecretStorage): Promise<string | undefined> {
  const spare = await secrets.get(SPARE_KEY_SECRET);
  if (spare === undefined) return undefined;
  // Not waited for: another window taking the same pair at the same moment only shares a local key.
  void Promise.resolve(secrets.delete(SPARE_KEY_SECRET)).catch(() => undefined);
  try {
    loadCredentials(spare);
    return spare;
  } catch {
    return undefined;
  }
}

/** Makes the next window's spare key pair, off the main thread, unless one is there or the pair is kept. */
export async function makeSpareKey(secrets: vscode.SecretStorage): Promise<void> {
  if (stableKeySetting() || (await secrets.get(SPARE_KEY_SECRET)) !== undefined) return;
  await secrets.store(SPARE_KEY_SECRET, (await generateKeysAsync()).privateKeyHex);
}

/** Whether the key pair is kept across reloads (the user's setting only). */
export function stableKeySetting(): boolean {
  return readSetting('exchangeTx.sandbox.stableKey');
}

/**
 * The key pair of this window's sandbox when it had one (kept in memory for the window's life),
 * else the kept one when the setting asks for it (made and kept the first time), else a new one.
 * `kept`: whether it is the pair kept in SecretStorage, so a reload keeps it too. `own`: this window's pair, if any.
 */
export async function windowKeyPair(
  own: string | undefined,
  secrets: vscode.SecretStorage,
  log: Logger,
  /** Notes the window's key pair (for the next start in this window). */
  remember: (text: string) => void,
): Promise<{ text: string; kept: boolean }> {
  if (!stableKeySetting()) {
    const text = own ?? (await takeSpareKey(secrets)) ?? (await generateKeysAsync()).privateKeyHex;
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
  const fresh = own ?? (await generateKeysAsync()).privateKeyHex;
  await secrets.store(STABLE_KEY_SECRET, fresh);
  remember(fresh);
  log.info('a sandbox key pair is kept for the next starts (exchangeTx.sandbox.stableKey)');
  return { text: fresh, kept: true };
}
