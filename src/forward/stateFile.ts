/**
 * The forwarder's durable state, one JSON file per account: the last status of every transaction it
 * follows (and how many changes each had), the events not delivered yet (and the last delivered
 * ones, for the events list), its cursor, the gap count, and the secret's identity (a hash; the CLI
 * also keeps the secret itself there, the extension in SecretStorage).
 *
 * Written by atomicFile.ts (write-file-atomic: written, fsync'd, renamed over the old one),
 * owner-only (0600, its folder 0700): a crash at any instant leaves the old file or the new one,
 * never a mix. Read back with its shape checked; a file that cannot be
 * used is set aside (renamed, never deleted) and the caller starts afresh and sends a gap event.
 */
import * as fs from 'fs';
import * as path from 'path';
import { createHash } from 'crypto';
import { writeFileAtomicSync } from './atomicFile';
import type { QueueEntry } from './deliveryTypes';
import type { ForwarderState, Tracked } from './forwarder';
import { isRecord } from '../shared/isRecord';
import { MIN_SECRET_LENGTH } from '../shared/statusEvents';
import { normalizeStatus, SETTLED_STATUSES } from '../shared/status';

export const STATE_VERSION = 1;
/** A state file larger than this is not read. */
export const MAX_STATE_BYTES = 256 * 1024 * 1024;

/** A secret rotated out, still signing beside the current one until `untilMs`. */
export interface RetiredSecret {
  readonly secret: string;
  readonly untilMs: number;
}

/** The secrets as the CLI keeps them (the extension keeps the same shape in SecretStorage). */
export interface SecretSet {
  readonly current: string;
  /** Every secret rotated out less than ROTATION_OVERLAP_MS ago, newest first. */
  readonly retired?: readonly RetiredSecret[];
}

export interface StoredState {
  readonly version: number;
  readonly account: string;
  /** Which secret signs (a hash of the current one; never the secret). */
  readonly secretId: string | undefined;
  /** Only when the file keeps the secret (the CLI without --secret-env). */
  readonly secrets: SecretSet | undefined;
  readonly cursor: number | undefined;
  readonly started: boolean;
  readonly gaps: number;
  /** id → [status, changes, createdAt µs, settled 0/1 (read back from the status, not from this)] */
  readonly tracked: Record<string, [string, number, number, number]>;
  readonly entries: QueueEntry[];
}

/** A short identity of a secret for the state file and the events list (not reversible). */
export function secretId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

/** How long the secret before a rotation still signs (beside the new one). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

function stillSigning(set: SecretSet, nowMs: number): RetiredSecret[] {
  return (set.retired ?? []).filter((r) => r.untilMs > nowMs);
}

/** The set after a rotation to `fresh`: the old current one, and every one retired less than a day ago, sign too. */
export function rotateSecrets(set: SecretSet, fresh: string, nowMs: number = Date.now()): SecretSet {
  return {
    current: fresh,
    retired: [{ secret: set.current, untilMs: nowMs + ROTATION_OVERLAP_MS }, ...stillSigning(set, nowMs)],
  };
}

/** The secrets to sign with now: the current one, then those retired whose time runs. */
export function signingSecrets(set: SecretSet, nowMs: number = Date.now()): string[] {
  return [set.current, ...stillSigning(set, nowMs).map((r) => r.secret)];
}

/**
 * A kept set as read back (the state file, SecretStorage), or undefined when it cannot sign. The
 * shape before `retired` (one `previous` and its `previousUntilMs`) is read too.
 */
export function readSecretSet(value: unknown): SecretSet | undefined {
  if (!isRecord(value) || typeof value.current !== 'string' || value.current.length < MIN_SECRET_LENGTH)
    return undefined;
  const listed = Array.isArray(value.retired)
    ? value.retired
    : [{ secret: value.previous, untilMs: value.previousUntilMs }];
  const retired = listed.filter(
    (r): r is RetiredSecret =>
      isRecord(r) && typeof r.secret === 'string' && r.secret.length >= MIN_SECRET_LENGTH && Number.isFinite(r.untilMs),
  );
  return {
    current: value.current,
    ...(retired.length > 0 ? { retired: retired.map((r) => ({ secret: r.secret, untilMs: r.untilMs })) } : {}),
  };
}

export function encodeTracked(tracked: Map<string, Tracked>): StoredState['tracked'] {
  const out: StoredState['tracked'] = {};
  for (const [id, t] of tracked) out[id] = [t.status, t.changes, t.createdAt, t.settled ? 1 : 0];
  return out;
}

export function forwarderStateOf(stored: StoredState | undefined): ForwarderState {
  const tracked = new Map<string, Tracked>();
  for (const [id, [status, changes, createdAt]] of Object.entries(stored?.tracked ?? {}))
    tracked.set(id, { status, changes, createdAt, settled: SETTLED_STATUSES.has(normalizeStatus(status)) });
  return { tracked, cursor: stored?.cursor, started: stored?.started ?? false, gaps: stored?.gaps ?? 0 };
}

function checkShape(value: unknown): StoredState | string {
  if (!isRecord(value)) return 'not an object';
  if (value.version !== STATE_VERSION) return `version ${String(value.version)} is not ${STATE_VERSION}`;
  if (typeof value.account !== 'string') return 'no account';
  if (!isRecord(value.tracked)) return 'no tracked transactions';
  for (const t of Object.values(value.tracked)) {
    if (
      !Array.isArray(t) ||
      t.length !== 4 ||
      typeof t[0] !== 'string' ||
      !Number.isSafeInteger(t[1]) ||
      typeof t[2] !== 'number' ||
      (t[3] !== 0 && t[3] !== 1)
    )
      return 'a tracked transaction is malformed';
  }
  if (!Array.isArray(value.entries)) return 'no entries';
  for (const e of value.entries as unknown[]) {
    if (
      !isRecord(e) ||
      !isRecord(e.event) ||
      typeof e.event.id !== 'string' ||
      typeof e.lane !== 'string' ||
      !Number.isSafeInteger(e.seq) ||
      !['waiting', 'failed', 'delivered'].includes(String(e.state))
    )
      return 'an event is malformed';
  }
  if (value.secrets === undefined) return value as unknown as StoredState;
  const secrets = readSecretSet(value.secrets);
  if (secrets === undefined) return 'the secrets are malformed';
  return { ...(value as unknown as StoredState), secrets };
}

export type LoadResult =
  | { readonly state: StoredState | undefined; readonly problem?: undefined }
  | { readonly state: undefined; readonly problem: string; readonly setAside: string };

/** Another live process forwards from this state file. */
export class StateLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `Another forwarder (process ${pid}) is using the state file ${file}; stop it first, or use another --state file.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class StateFile {
  constructor(readonly file: string) {}

  /** The lock beside the state file: it holds the pid of the forwarder using it. */
  get lockFile(): string {
    return `${this.file}.lock`;
  }

  /**
   * Takes the state file for this process, or throws StateLockedError naming the live process that
   * holds it. A lock left by a process that is gone (a crash) is taken over.
   */
  lock(): void {
    fs.mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true, mode: 0o700 });
    for (let tries = 0; ; tries++) {
      try {
        fs.writeFileSync(this.lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw error;
      }
      const pid = Number(fs.readFileSync(this.lockFile, 'utf8').trim());
      if (Number.isSafeInteger(pid) && pid > 0 && alive(pid)) throw new StateLockedError(this.file, pid);
      fs.rmSync(this.lockFile, { force: true });
    }
  }

  /** Gives the state file back, when this process holds it. */
  unlock(): void {
    try {
      if (fs.readFileSync(this.lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(this.lockFile);
    } catch {
      // Not held, or gone already.
    }
  }

  /** The state, undefined when there is none yet; a file that cannot be used is renamed aside and its problem told. */
  load(): LoadResult {
    let text: string;
    try {
      if (fs.statSync(this.file).size > MAX_STATE_BYTES) return this.setAside(`larger than ${MAX_STATE_BYTES} bytes`);
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: undefined };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.setAside('not JSON');
    }
    const checked = checkShape(parsed);
    return typeof checked === 'string' ? this.setAside(checked) : { state: checked };
  }

  /** Replaces the file atomically, owner-only (its folder made first, owner-only). */
  save(state: StoredState): void {
    fs.mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true, mode: 0o700 });
    writeFileAtomicSync(this.file, JSON.stringify(state));
  }

  private setAside(problem: string): LoadResult {
    const aside = `${this.file}.unreadable-${Date.now()}`;
    fs.renameSync(this.file, aside);
    return { state: undefined, problem, setAside: aside };
  }
}
