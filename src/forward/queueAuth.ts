/**
 * The authentication of each queue entry: an HMAC of its lane and event, keyed from a signing
 * secret. The state file holds the entries; the extension keeps the secret in SecretStorage and
 * the CLI with --secret-env in the environment, so an entry planted in the file by whoever can
 * write it, without the secret, fails the check and is never sent.
 */
import { createHmac, timingSafeEqual } from 'crypto';
import type { QueueEntry } from './deliveryTypes';

/** The key for entries, derived from a secret (never the signing key itself). */
function queueKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('exchange-tx forward queue entry').digest();
}

/** The entry's MAC under `secret`: hex HMAC-SHA256 of `[lane, event]` as JSON. */
export function entryMac(secret: string, entry: Pick<QueueEntry, 'lane' | 'event'>): string {
  return createHmac('sha256', queueKey(secret))
    .update(JSON.stringify([entry.lane, entry.event]))
    .digest('hex');
}

/** Whether the entry's MAC was made with one of `secrets` (each compared in constant time). */
export function isAuthentic(secrets: readonly string[], entry: QueueEntry): boolean {
  const given =
    typeof entry.mac === 'string' && /^[0-9a-f]{64}$/.test(entry.mac) ? Buffer.from(entry.mac, 'hex') : undefined;
  if (given === undefined) return false;
  let matched = false;
  for (const secret of secrets) if (timingSafeEqual(given, Buffer.from(entryMac(secret, entry), 'hex'))) matched = true;
  return matched;
}
