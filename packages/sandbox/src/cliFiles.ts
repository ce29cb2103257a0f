/**
 * The CLI's files: the private key's file (`--key-file`: read when it exists, else a fresh key is
 * written there, owner-only), the ledger's state file (`--state-file`: restored at start,
 * written after changes, replaced atomically) and the journal's file (`--journal`: a line per
 * request, owner-only). Messages name the file, never its content.
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

/**
 * Opens `file` for the journal's lines, emptied (each run writes its own), owner-only, never through
 * a symlink planted at its path; returns the function that appends one line. It throws when the
 * file cannot be opened; a line that cannot be written stops the file, not the sandbox.
 */
export function openJournalFile(file: string, onFailure: (message: string) => void): (line: string) => void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const { O_WRONLY, O_CREAT, O_TRUNC, O_APPEND, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(file, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW, 0o600);
  let failed = false;
  return (line) => {
    if (failed) return;
    try {
      fs.writeSync(fd, `${line}\n`);
    } catch (error) {
      // A full disk must not stop the sandbox answering: the journal's file stops, and says so once.
      failed = true;
      onFailure(`Could not write the journal file ${file}: ${errorText(error)}; it is written no more.`);
    }
  };
}
