/**
 * The CLI's files: the private key's file (`--key-file`: read when it exists, else a fresh key is
 * written there, owner-only) and the ledger's state file (`--state-file`: restored at start,
 * written after changes, replaced atomically). Messages name the file, never its content.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Credentials } from '../../../src/api/keys';
import { generateKeys, loadCredentials } from '../../../src/api/keys';
import type { LedgerSnapshot } from '../../../src/shared/controlProtocol';
import { errorText } from '../../../src/shared/errorText';
import { writeFileAtomicSync } from '../../../src/forward/atomicFile';

/** A state file larger than this is not read (a snapshot is bounded far below it). */
export const MAX_STATE_FILE_BYTES = 16 * 1024 * 1024;

export interface KeyFromFile {
  readonly credentials: Credentials;
  /** The hex of a key written now (it did not exist), for --print-key. */
  readonly createdHex: string | undefined;
}

export function loadOrCreateKeyFile(file: string): KeyFromFile {
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    try {
      return { credentials: loadCredentials(text.trim()), createdHex: undefined };
    } catch (error) {
      throw new Error(`The key file ${file} holds no usable private key: ${errorText(error)}`);
    }
  }
  const hex = generateKeys().privateKeyHex;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // `wx`: never overwrite a file that appeared meanwhile.
  fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  return { credentials: loadCredentials(hex), createdHex: hex };
}

/** The parsed state file, or undefined when there is none; throws when it cannot be read as JSON. */
export function readStateFile(file: string): unknown {
  if (!fs.existsSync(file)) return undefined;
  if (fs.statSync(file).size > MAX_STATE_FILE_BYTES)
    throw new Error(`The state file ${file} is larger than ${MAX_STATE_FILE_BYTES} bytes; it was not read.`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    throw new Error(`The state file ${file} is not JSON; it was not read.`);
  }
}

/** Replaces `file` with the snapshot, atomically. */
export function writeStateFile(file: string, snapshot: LedgerSnapshot): void {
  writeFileAtomicSync(file, JSON.stringify(snapshot));
}
