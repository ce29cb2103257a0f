/**
 * The built-in sandbox's key pair: this window's, or the one kept across reloads (the stable-key
 * setting); and the spare pair made ahead for the next window. Loaded when the sandbox first
 * starts (`sandboxStart.ts`), not at activation.
 */
import type * as vscode from 'vscode';
import { generateKeysAsync, loadCredentials } from '../../api';
import type { Logger } from '../common/log';
import { SPARE_KEY_SECRET, STABLE_KEY_SECRET, stableKeySetting } from './sandboxKey';

/**
 * The spare key pair, taken (deleted from SecretStorage), or undefined when there is none that
 * reads: the one read ahead when it found one, else read now (a change another window made may
 * not have been told here).
 */
async function takeSpareKey(
  secrets: vscode.SecretStorage,
  ahead: Promise<string | undefined> | undefined,
): Promise<string | undefined> {
  const spare = (await ahead?.catch(() => undefined)) ?? (await secrets.get(SPARE_KEY_SECRET));
  if (spare === undefined) return undefined;
  // Not waited for: another window taking the same pair at the same moment (or this one holding a
  // read ahead it was not told is stale) only shares a local key.
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
  /** The spare pair read ahead (SpareKeyAhead), if it was. */
  spareAhead?: Promise<string | undefined>,
): Promise<{ text: string; kept: boolean }> {
  if (!stableKeySetting()) {
    const text = own ?? (await takeSpareKey(secrets, spareAhead)) ?? (await generateKeysAsync()).privateKeyHex;
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
