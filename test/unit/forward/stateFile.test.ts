/**
 * The forwarder's state file and ForwardService around it, in plain Node with real files: what is
 * written comes back (statuses, change counts, cursor, events in order, the secrets the CLI keeps),
 * owner-only; a file that cannot be used is set aside (never deleted) and a gap event is queued; a
 * file of another account is refused; a rotation signs with both secrets for a day, then one.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ForwardService, ForwardStateError } from '../../../src/forward/service';
import type { StoredState } from '../../../src/forward/stateFile';
import {
  forwarderStateOf,
  encodeTracked,
  readSecretSet,
  StateLockedError,
  rotateSecrets,
  ROTATION_OVERLAP_MS,
  secretId,
  signingSecrets,
  StateFile,
} from '../../../src/forward/stateFile';
import { isGapEvent, makeStatusEvent } from '../../../src/shared/statusEvents';

const SECRET = 'state-test-secret-0123456789';
const NO_SOURCE = { getTransactions: () => Promise.reject(new Error('not used')) };

describe('forward state file', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-state-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function service(file: string, account = 'acc', keep = false): ForwardService {
    return new ForwardService({
      source: NO_SOURCE,
      account,
      url: new URL('http://127.0.0.1:9/hooks'),
      stateFile: new StateFile(file),
      secrets: (kept) => kept ?? { current: SECRET },
      keepSecretsInFile: keep,
    });
  }

  it('writes what it knows and reads it back, owner-only, in a folder made for it', () => {
    const file = path.join(dir, 'deep', 'er', 'state.json');
    const first = service(file, 'acc', true);
    const state = first.forwarder.state;
    state.tracked.set('tx1', { status: 'confirming', settled: false, changes: 2, createdAt: 1_700_000_000_000_000 });
    state.tracked.set('tx2', { status: 'finished', settled: true, changes: 5, createdAt: 1_700_000_000_000_001 });
    state.cursor = 1_700_000_000_000_001;
    state.started = true;
    const a = makeStatusEvent({ account: 'acc', earlierChanges: 1 }, 'tx1', 'waiting', 'confirming', { id: 'tx1' }, 1);
    const b = makeStatusEvent({ account: 'acc', earlierChanges: 4 }, 'tx2', 'sending', 'finished', { id: 'tx2' }, 2);
    first.queue.add(a, 'tx1');
    first.queue.add(b, 'tx2');
    first.stop();
    assert.equal((fs.statSync(file).mode & 0o777).toString(8), '600');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredState;
    assert.equal(stored.secretId, secretId(SECRET));
    assert.deepEqual(stored.secrets, { current: SECRET }, 'the CLI keeps its secret in its own file');
    const again = service(file, 'acc', true);
    assert.deepEqual([...again.forwarder.state.tracked], [...state.tracked]);
    assert.equal(again.forwarder.state.cursor, state.cursor);
    assert.equal(again.forwarder.state.started, true);
    assert.deepEqual(
      again.entries().map((e) => e.event.id),
      [a.id, b.id],
    );
    assert.equal(again.queue.pending, 2);
    assert.equal(again.secrets.current, SECRET);
    again.stop();
    // The extension keeps its secret elsewhere: none in the file.
    const ext = service(path.join(dir, 'ext.json'));
    ext.stop();
    assert.equal((JSON.parse(fs.readFileSync(path.join(dir, 'ext.json'), 'utf8')) as StoredState).secrets, undefined);
    assert.ok(!fs.readFileSync(path.join(dir, 'ext.json'), 'utf8').includes(SECRET));
  });

  it('sets an unusable file aside, starts afresh and queues a gap event', () => {
    for (const [name, text] of [
      ['notjson', '{"version":1,'],
      [
        'badshape',
        JSON.stringify({ version: 1, account: 'acc', tracked: { tx: ['x', 'not a number', 1, 0] }, entries: [] }),
      ],
      ['oldversion', JSON.stringify({ version: 0, account: 'acc', tracked: {}, entries: [] })],
      ['badentry', JSON.stringify({ version: 1, account: 'acc', tracked: {}, entries: [{ event: {}, lane: 1 }] })],
    ]) {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, text);
      const gaps: string[] = [];
      const s = new ForwardService({
        source: NO_SOURCE,
        account: 'acc',
        url: new URL('http://127.0.0.1:9/hooks'),
        stateFile: new StateFile(file),
        secrets: { current: SECRET },
        onGap: (r) => gaps.push(r),
      });
      assert.ok(s.stateProblem, name);
      assert.deepEqual(gaps, ['state-unreadable'], name);
      const entries = s.entries();
      assert.equal(entries.length, 1, name);
      assert.ok(isGapEvent(entries[0].event), name);
      assert.equal(s.forwarder.state.gaps, 1);
      s.stop();
      const aside = fs.readdirSync(dir).filter((f) => f.startsWith(`${name}.json.unreadable-`));
      assert.equal(aside.length, 1, `${name}: the unusable file is kept aside`);
      assert.equal(fs.readFileSync(path.join(dir, aside[0]), 'utf8'), text);
    }
  });

  it('is used by one forwarder at a time: a live holder is named, a crashed one is taken over', () => {
    const file = path.join(dir, 'state.json');
    const first = service(file, 'one');
    assert.throws(
      () => service(file, 'one'),
      (error: unknown) => error instanceof StateLockedError && error.pid === process.pid,
    );
    first.stop();
    assert.equal(fs.existsSync(`${file}.lock`), false, 'a stop gives it back');
    // A process that is gone left its lock (a kill -9): the next one takes it over.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(`${file}.lock`, String(gone));
    const next = service(file, 'one');
    assert.equal(fs.readFileSync(`${file}.lock`, 'utf8'), String(process.pid));
    next.stop();
    // Refused for another account: the lock is given back too.
    assert.throws(() => service(file, 'two'), ForwardStateError);
    assert.equal(fs.existsSync(`${file}.lock`), false);
  });

  it('refuses a state file of another account', () => {
    const file = path.join(dir, 'state.json');
    service(file, 'one').stop();
    assert.throws(() => service(file, 'two'), ForwardStateError);
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', () => {
    const now = 1_800_000_000_000;
    const rotated = rotateSecrets({ current: 'old-secret-0123456789' }, 'new-secret-0123456789', now);
    assert.deepEqual(signingSecrets(rotated, now), ['new-secret-0123456789', 'old-secret-0123456789']);
    assert.deepEqual(signingSecrets(rotated, now + ROTATION_OVERLAP_MS - 1), [
      'new-secret-0123456789',
      'old-secret-0123456789',
    ]);
    assert.deepEqual(signingSecrets(rotated, now + ROTATION_OVERLAP_MS), ['new-secret-0123456789']);
    assert.deepEqual(signingSecrets({ current: 'only-secret-0123456789' }, now), ['only-secret-0123456789']);
    assert.equal(secretId('a'), secretId('a'));
    assert.notEqual(secretId('a'), secretId('b'));
    assert.doesNotMatch(secretId(SECRET), new RegExp(SECRET));
  });

  it('keeps every secret younger than a day through repeated rotations, and reads the older kept shape', () => {
    const hour = 3600_000;
    const t0 = 1_800_000_000_000;
    const [a, b, c, d] = ['secret-a-0123456789', 'secret-b-0123456789', 'secret-c-0123456789', 'secret-d-0123456789'];
    let set = rotateSecrets({ current: a }, b, t0);
    set = rotateSecrets(set, c, t0 + 2 * hour);
    assert.deepEqual(signingSecrets(set, t0 + 2 * hour), [c, b, a], 'a second rotation within a day keeps the first');
    assert.deepEqual(signingSecrets(set, t0 + ROTATION_OVERLAP_MS), [c, b], 'a retired a day after its rotation');
    set = rotateSecrets(set, d, t0 + ROTATION_OVERLAP_MS);
    assert.deepEqual(
      set.retired?.map((r) => r.secret),
      [c, b],
      'what no longer signs is not kept',
    );
    assert.deepEqual(signingSecrets(set, t0 + 2 * hour + ROTATION_OVERLAP_MS), [d, c]);
    assert.deepEqual(signingSecrets(set, t0 + 2 * ROTATION_OVERLAP_MS), [d]);
    assert.deepEqual(readSecretSet(JSON.parse(JSON.stringify(set))), set);
    assert.deepEqual(readSecretSet({ current: b, previous: a, previousUntilMs: t0 }), {
      current: b,
      retired: [{ secret: a, untilMs: t0 }],
    });
    assert.deepEqual(readSecretSet({ current: b }), { current: b });
    for (const bad of [undefined, 'x', { current: 'short' }, { current: 5 }])
      assert.equal(readSecretSet(bad), undefined);
  });

  it('keeps tracked transactions compact and exact through encode and decode', () => {
    const tracked = new Map([['t', { status: 'hold', settled: false, changes: 7, createdAt: 1_700_000_000_000_123 }]]);
    const stored = encodeTracked(tracked);
    assert.deepEqual(stored, { t: ['hold', 7, 1_700_000_000_000_123, 0] });
    assert.deepEqual([...forwarderStateOf({ tracked: stored } as unknown as StoredState).tracked], [...tracked]);
    assert.equal(forwarderStateOf(undefined).started, false);
    // Whether a transaction settled is read from its status, never from the file's flag: failed is followed.
    const read = forwarderStateOf({
      tracked: { f: ['failed', 1, 1, 1], r: ['refunded', 2, 1, 0] },
    } as unknown as StoredState);
    assert.deepEqual(
      [...read.tracked].map(([id, t]) => [id, t.settled]),
      [
        ['f', false],
        ['r', true],
      ],
    );
  });
});
