/**
 * The one way a file is replaced on disk (the forwarder's state, the sandbox's state file and its
 * hook's): a crash at any instant leaves the old content or the new, never a mix; owner-only.
 */
import * as fs from 'fs';
import * as path from 'path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Replaces `file` with `data`: write-file-atomic writes and fsyncs it in a fresh folder beside
 * `file` (random name, owner-only), and it is renamed over `file` from there. Its own temporary
 * name (from the pid and a counter) could be guessed, and is opened without O_EXCL: in the
 * private folder no one else can plant a symlink there. A symlink at `file` itself is replaced.
 */
export function writeFileAtomicSync(file: string, data: string): void {
  const folder = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.atomic-'));
  try {
    const staged = path.join(folder, 'file');
    writeFileAtomic.sync(staged, data, { mode: 0o600, fsync: true });
    fs.renameSync(staged, file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
