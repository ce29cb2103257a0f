/**
 * Whether a key pasted into "Explain Signature with a Pasted Key…" is the key of a saved account:
 * then its signature would be a live one, replayable against the service for as long as the key is
 * valid (the service signs no time or nonce), and the explanation is refused. Keys are compared
 * by their API key (the SHA-256 of the public key, which only that key pair has), so a key pasted
 * as PEM matches one saved as hex; in memory, in constant time (every account compared, each with
 * timingSafeEqual), nothing kept or logged. Pure: no `vscode`.
 */
import { timingSafeEqual } from 'crypto';

export interface SavedKey {
  /** The account's name, for the message. */
  readonly name: string;
  /** Its API key (base64 of the SHA-256 of its public key). */
  readonly apiKey: string;
}

/** The name of the account whose key has `apiKey`, if any. */
export function accountWithKey(apiKey: string, saved: readonly SavedKey[]): string | undefined {
  const pasted = Buffer.from(apiKey, 'base64');
  let found: string | undefined;
  for (const account of saved) {
    const theirs = Buffer.from(account.apiKey, 'base64');
    // Every account is compared, the same way, whatever the earlier ones gave.
    const same = theirs.length === pasted.length && timingSafeEqual(theirs, pasted);
    if (same && found === undefined) found = account.name;
  }
  return found;
}
